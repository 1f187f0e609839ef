package plan

import (
	"context"
	"strings"
	"testing"
	"time"
)

// TestSuggest: a change history is planned at one visit per page per
// week over a week; an observation log at the rate its fetches were made,
// per day; a pages table gets no suggestion.
func TestSuggest(t *testing.T) {
	history := "url,host,time\nhttps://a.example/1,a.example,1700000000\nhttps://a.example/1,a.example,1700500000\nhttps://a.example/2,a.example,1700100000\nhttps://b.example/3,b.example,1700200000\n"
	in, err := Load(context.Background(), strings.NewReader(history), LoadOptions{Name: "h.csv", Prior: true})
	if err != nil {
		t.Fatal(err)
	}
	s, ok := Suggest(in)
	if !ok || s.Horizon != 7*24*time.Hour || s.Budget != 3 || !strings.Contains(s.Why, "one visit per page per week") {
		t.Errorf("change history: %+v %v, want 3 visits a week", s, ok)
	}
	// Two pages fetched every 6 hours for 10 days: 82 fetches over 10
	// days, 8.2 a day.
	var b strings.Builder
	b.WriteString("url,time,changed\n")
	for _, u := range []string{"https://a.example/x", "https://a.example/y"} {
		for k := range 41 {
			b.WriteString(u + "," + time.Unix(1700000000+int64(k)*6*3600, 0).UTC().Format(time.RFC3339) + ",0\n")
		}
	}
	in, err = Load(context.Background(), strings.NewReader(b.String()), LoadOptions{Name: "log.csv", Prior: true})
	if err != nil {
		t.Fatal(err)
	}
	s, ok = Suggest(in)
	if !ok || s.Horizon != 24*time.Hour || s.Budget != 8 || !strings.Contains(s.Why, "82 fetches over 10 days") {
		t.Errorf("log: %+v %v, want 8 visits a day", s, ok)
	}
	in, err = Load(context.Background(), strings.NewReader("url,host,changes_per_day\nhttps://a.example/1,a.example,0.5\n"), LoadOptions{Name: "p.csv"})
	if err != nil {
		t.Fatal(err)
	}
	if s, ok := Suggest(in); ok {
		t.Errorf("pages table: suggested %+v", s)
	}
}
