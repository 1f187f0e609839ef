package plan

import "testing"

// TestParamErrorSay: a ParamError reads in plain words, and in a front
// end's when given them — the field at fault, the fields its message
// names, and how to give a missing one — each falling back to the plain
// words where the front end has none.
func TestParamErrorSay(t *testing.T) {
	limit := &ParamError{Field: "CrawlInterval", Value: "1s", Msg: "too many rounds (a longer {CrawlInterval} or a later {TrainStart})"}
	missing := &ParamError{Field: "Budget", Msg: "a budget, or crawlers and their rate"}
	flags := Words{Name: map[string]string{"CrawlInterval": "--crawl-interval"}, Give: map[string]string{"Budget": "--budget N"}}
	for _, c := range []struct {
		err  *ParamError
		w    Words
		want string
	}{
		{limit, Words{}, "crawl interval 1s: too many rounds (a longer crawl interval or a later training start)"},
		{limit, flags, "--crawl-interval 1s: too many rounds (a longer --crawl-interval or a later training start)"},
		{missing, Words{}, "no budget: give a budget, or crawlers and their rate"},
		{missing, flags, "no budget: give --budget N"},
		{&ParamError{Field: "Horizon", Value: "1ns", Msg: "want {Nothing} {here"}, Words{}, "horizon 1ns: want nothing {here"},
	} {
		if got := c.err.Say(c.w); got != c.want {
			t.Errorf("Say(%v) = %q, want %q", c.w, got, c.want)
		}
	}
	if got, want := limit.Error(), limit.Say(Words{}); got != want {
		t.Errorf("Error() = %q, want Say's plain words %q", got, want)
	}
}
