package plan

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// TestPolicySpellings: the typed policies keep the CLI's and the JSON
// summary's spellings, byte for byte, and every name has a description.
func TestPolicySpellings(t *testing.T) {
	want := []string{"psp", "mp2", "mwolf", "mwolf-exact", "uniform", "proportional", "cho", "azar"}
	if got := Names(Policies()); len(got) != len(want) {
		t.Fatalf("Policies %v, want %v", got, want)
	} else {
		for k := range want {
			if got[k] != want[k] {
				t.Errorf("Policies[%d] = %q, want %q", k, got[k], want[k])
			}
		}
	}
	if got := PolicyList(); got != "psp, mp2, mwolf, mwolf-exact, uniform, proportional, cho, azar" {
		t.Errorf("PolicyList %q", got)
	}
	b, err := json.Marshal(map[string]any{"p": PSP, "l": []Policy{WP, NonPolite, InfCrawlers, AzarRandom, Learn}})
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != `{"l":["wp","nonpolite","infcrawlers","azar_random","learn"],"p":"psp"}` {
		t.Errorf("JSON %s", b)
	}
	for _, p := range append(append(Policies(), Bounds()...), AzarRandom, Learn) {
		if Describe[p] == "" {
			t.Errorf("%s has no description", p)
		}
		if p.IsPolicy() == p.IsBound() && p != AzarRandom && p != Learn {
			t.Errorf("%s: policy %v, bound %v", p, p.IsPolicy(), p.IsBound())
		}
	}
	for _, s := range []string{"psp", "azar"} {
		if p, err := ParsePolicy(s); err != nil || string(p) != s {
			t.Errorf("ParsePolicy(%q) = %q, %v", s, p, err)
		}
	}
	for _, s := range []string{"wp", "learn", "none", "PSP", ""} {
		if _, err := ParsePolicy(s); err == nil {
			t.Errorf("ParsePolicy(%q) accepted", s)
		}
	}
	// Policies returns a fresh list: a caller's change is not Run's.
	Policies()[0] = "x"
	if Policies()[0] != PSP {
		t.Error("Policies shares its list")
	}
}

// FuzzParsePolicy: ParsePolicy accepts exactly the names of Policies,
// returning the policy of that spelling, and says what it wants otherwise.
func FuzzParsePolicy(f *testing.F) {
	for _, s := range []string{"psp", "azar", "mwolf-exact", "wp", "learn", "none", "", "PSP", "psp ", "azar_random"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePolicy(s)
		known := slices.Contains(Names(Policies()), s)
		switch {
		case known && (err != nil || string(p) != s):
			t.Errorf("ParsePolicy(%q) = %q, %v", s, p, err)
		case !known && (err == nil || !strings.Contains(err.Error(), PolicyList())):
			t.Errorf("ParsePolicy(%q) = %q, %v: want an error naming the policies", s, p, err)
		}
	})
}
