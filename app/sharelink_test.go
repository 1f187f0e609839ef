package app

import (
	"math"
	"reflect"
	"testing"

	"github.com/freshplan/freshplan/core/share"
)

// TestLinkForm: the form a link's parameters make gives back the request
// they were taken from, in budget and in crawler mode, and the link of
// that request decodes to the same parameters.
func TestLinkForm(t *testing.T) {
	for _, f := range []form{
		defaultForm(),
		{Horizon: "7d", Mode: "budget", Budget: "12k", Crawlers: "1", Rate: "1", Politeness: "1m30s", Objective: "age",
			Model: "horizon", Policy: "mwolf", Target: "95.5"},
		{Horizon: "1h30m", Mode: "crawlers", Budget: "1", Crawlers: "10", Rate: "2.5", Politeness: "0.25", Objective: "staleness",
			Model: "steady", Policy: "azar", Target: "80"},
	} {
		q, errs := f.request()
		if errs != nil {
			t.Fatalf("%+v: %v", f, errs)
		}
		frag, err := share.Encode(share.State{Params: shareParams(q, true)}, share.Budget("http://127.0.0.1:8000/"))
		if err != nil {
			t.Fatal(err)
		}
		st, err := share.Decode(frag)
		if err != nil {
			t.Fatal(err)
		}
		q2, errs := formOf(st.Params).request()
		if errs != nil {
			t.Fatalf("%s: the link's form is invalid: %v", frag, errs)
		}
		if math.Abs(q2.Target-q.Target) > 1e-12 {
			t.Errorf("%s: target %v, want %v", frag, q2.Target, q.Target)
		}
		q2.Target = q.Target
		if !reflect.DeepEqual(q2, q) {
			t.Errorf("%s: request %+v, want %+v", frag, q2, q)
		}
	}
}
