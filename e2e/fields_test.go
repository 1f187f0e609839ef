package e2e

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// summary is what TestEveryField reads of the JSON summary: the
// parameters the plan was made with.
type summary struct {
	Budget     int     `json:"budget"`
	Horizon    float64 `json:"horizon_seconds"`
	Politeness float64 `json:"politeness_seconds"`
	Crawlers   int     `json:"crawlers"`
	Rate       float64 `json:"rate_per_crawler"`
	Objective  string  `json:"objective"`
	Model      string  `json:"model"`
	Policy     string  `json:"policy"`
	// Runs is how many replays each simulated figure took: 0 with none,
	// -1 when the figures took different numbers.
	Runs int `json:"-"`
}

// planned downloads the JSON summary of the plan on screen.
func (tb *tab) planned() summary {
	tb.t.Helper()
	b := tb.downloadBy("#export-json", "freshplan-summary.json")
	var s summary
	var sim struct {
		Replayed map[string]struct{ Runs int } `json:"replayed"`
	}
	if err := json.Unmarshal(b, &s); err != nil {
		tb.t.Fatalf("the JSON summary: %v", err)
	}
	if err := json.Unmarshal(b, &sim); err != nil {
		tb.t.Fatalf("the JSON summary: %v", err)
	}
	for i, name := range slices.Sorted(maps.Keys(sim.Replayed)) {
		r := sim.Replayed[name].Runs
		if i > 0 && r != s.Runs {
			s.Runs = -1
			break
		}
		s.Runs = r
	}
	return s
}

// enter sets a parameter as a person does (typing into a text field,
// choosing an option, clicking a radio) and waits until the page has
// planned with it, failing at once if the form takes it as wrong.
func (tb *tab) enter(sel, value string) {
	tb.t.Helper()
	before := tb.seq()
	eval[bool](tb, fmt.Sprintf(`(() => { const el = document.querySelector(%q);
		if (el.type === "radio") { el.click(); return true; }
		el.focus(); el.value = %s;
		el.dispatchEvent(new Event(el.tagName === "SELECT" ? "change" : "input", {bubbles: true})); return true; })()`,
		sel, jsString(value)))
	// A field taken plans within its pause (half a second); one the form
	// takes for wrong says so, or (a select's) just plans nothing.
	if _, err := chromedp.Run(tb.ctx, chromedp.Poll[chromedp.Void](fmt.Sprintf(`!!document.querySelector("#params .field-error") ||
		+document.getElementById("status").dataset.seq > %d`, before),
		chromedp.WithPollingTimeout(5*time.Second), chromedp.WithPollingInterval(20*time.Millisecond))); err != nil {
		tb.shot("failed-" + tb.t.Name())
		tb.t.Fatalf("%q in %s planned nothing in 5 s (%v); the form shows %v", value, sel, err, tb.fields())
	}
	if msg := tb.text("#params .field-error"); msg != "" {
		tb.shot("failed-" + tb.t.Name())
		tb.t.Fatalf("after %q in %s, the form says %q (field %s)", value, sel, msg,
			eval[string](tb, `document.querySelector("#params .field-error").id`))
	}
	// Its plan is what the checks read (the fields, the caption, the
	// summary); its sweep and search may go on, and the next entry stops
	// them as a person's would.
	tb.waitPlan(before, 60*time.Second)
}

// fields is what the form shows: each visible field's value by its id (a
// radio's, whether it is checked).
func (tb *tab) fields() map[string]string {
	tb.t.Helper()
	return eval[map[string]string](tb, `Object.fromEntries([...document.querySelectorAll("#params input, #params select")]
		.filter(e => e.checkVisibility()).map(e => [e.id, e.type === "radio" ? String(e.checked) : e.value]))`)
}

// showsFields checks that the form shows exactly the fields of want, each
// with its value: the budget mode's fields visible, the other mode's not.
func (tb *tab) showsFields(when string, want map[string]string) {
	tb.t.Helper()
	if got := tb.fields(); !maps.Equal(got, want) {
		tb.t.Errorf("%s, the form shows %v; want %v", when, got, want)
	}
}

// TestEveryField: every parameter field, in both budget modes, plans with
// what is typed into it, and no other field does: the JSON summary holds
// each value where it belongs, and switching the mode both ways keeps
// each field's value in its own field. (Fields that moved with the mode
// kept the handler of the field once there: crawlers typed into the
// budget, a rate into the politeness, issue 20.)
func TestEveryField(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open()
	fields := map[string]string{"horizon": "24h", "mode-budget": "true", "mode-crawlers": "false", "budget": "20000",
		"politeness": "15", "objective": "staleness", "model": "steady", "policy": "psp", "target": "90", "simulate": "0"}
	tb.showsFields("at first", fields)
	// The budget modes' own fields, with the values last entered.
	kept := map[string]string{"budget": "20000", "crawlers": "1", "rate": "1"}
	// set enters a value and checks that each field shows its own.
	set := func(id, value string) {
		t.Helper()
		tb.enter("#"+id, value)
		fields[id] = value
		if _, ok := kept[id]; ok {
			kept[id] = value
		}
		tb.showsFields(fmt.Sprintf("after %q in #%s", value, id), fields)
	}
	// mode switches the budget mode: the fields of the mode left keep
	// their values out of sight, the mode's own show theirs.
	mode := func(m string) {
		t.Helper()
		crawlers := m == "crawlers"
		fields["mode-budget"], fields["mode-crawlers"] = fmt.Sprint(!crawlers), fmt.Sprint(crawlers)
		for id, v := range kept {
			delete(fields, id)
			if (id != "budget") == crawlers {
				fields[id] = v
			}
		}
		tb.enter("#mode-"+m, "")
		tb.showsFields("after switching to "+m, fields)
	}
	// target checks that the headline searches the budget for the target.
	target := func(pct string) {
		t.Helper()
		if got := tb.text("#h-target .card-label"); got != "budget for "+pct+"% fresh" {
			t.Errorf("target %s%%: the headline's card says %q", pct, got)
		}
	}
	// caption checks the budget the plan on screen used.
	caption := func(visits string) {
		t.Helper()
		if got := tb.text("#policies caption"); !strings.HasPrefix(got, "At "+visits+" visits per horizon") {
			t.Errorf("the policies' caption %q; want %s visits", got, visits)
		}
	}
	want := func(when string, got, want summary) {
		t.Helper()
		// Planned by visits, the summary says the visits of one crawler,
		// at the rate they take.
		if want.Crawlers == 0 {
			want.Crawlers, want.Rate = 1, float64(want.Budget)/want.Horizon
		}
		if math.Abs(got.Rate-want.Rate) <= 1e-12*want.Rate {
			got.Rate = want.Rate
		}
		if got != want {
			t.Errorf("%s: the plan used\n%+v\nwant\n%+v", when, got, want)
		}
	}

	// Visits per horizon: every field, the target while the objective is
	// still staleness (targets are freshness).
	set("horizon", "12h")
	set("budget", "30000")
	set("politeness", "20")
	set("target", "80")
	target("80")
	set("objective", "age")
	set("model", "horizon")
	set("policy", "uniform")
	set("simulate", "2")
	want("visits", tb.planned(), summary{Budget: 30000, Horizon: 12 * 3600, Politeness: 20,
		Objective: "age", Model: "horizon", Policy: "uniform", Runs: 2})

	// Crawlers × rate: the budget is theirs over the horizon, whatever
	// field changes.
	mode("crawlers")
	want("crawlers at first", tb.planned(), summary{Budget: 1 * 1 * 12 * 3600, Horizon: 12 * 3600, Politeness: 20,
		Crawlers: 1, Rate: 1, Objective: "age", Model: "horizon", Policy: "uniform", Runs: 2})
	tb.shotOf("#params", "fields-crawlers")
	set("crawlers", "3")
	caption("129,600") // 3 × 1/s × 12h
	set("rate", "0.25")
	caption("32,400")
	set("horizon", "6h")
	caption("16,200")
	set("politeness", "10")
	set("objective", "staleness")
	set("model", "steady")
	set("policy", "proportional")
	set("target", "85")
	target("85")
	set("simulate", "3")
	want("crawlers", tb.planned(), summary{Budget: 3 * 0.25 * 6 * 3600, Horizon: 6 * 3600, Politeness: 10,
		Crawlers: 3, Rate: 0.25, Objective: "staleness", Model: "steady", Policy: "proportional", Runs: 3})

	// Back to visits: the budget typed before, not the crawlers; a new
	// one; then the crawlers again, as they were left.
	mode("budget")
	want("visits again", tb.planned(), summary{Budget: 30000, Horizon: 6 * 3600, Politeness: 10,
		Objective: "staleness", Model: "steady", Policy: "proportional", Runs: 3})
	set("budget", "25000")
	caption("25,000")
	mode("crawlers")
	caption("16,200") // 3 × 0.25/s × 6h
}
