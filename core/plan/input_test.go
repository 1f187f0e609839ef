package plan

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/freshplan/freshplan/core/estimate"
	"github.com/freshplan/freshplan/core/observe"
)

// TestLoadChangeHistory: a change history of dates alone (every change at
// midnight, as Unix seconds) is estimated from a simulated daily crawl whose visits do not
// fall on the changes: each page's rate is near its true one, by the
// last-modified estimator — not 0, as when every visit that saw a change
// carried a Last-Modified equal to its own time and was ignored.
func TestLoadChangeHistory(t *testing.T) {
	var b strings.Builder
	b.WriteString("url,host,time\n")
	const t0 = 1_700_006_400 // a midnight, UTC
	every := []int{1, 2, 3, 5, 8}
	for p, k := range every {
		for d := 0; d <= 200; d += k {
			fmt.Fprintf(&b, "https://a.example/p%d,a.example,%d\n", p, t0+d*day)
		}
	}
	in, err := Load(context.Background(), strings.NewReader(b.String()), LoadOptions{Name: "dates.csv", Now: math.NaN()})
	if err != nil {
		t.Fatal(err)
	}
	if in.Kind != KindChanges || len(in.Pages) != len(every) {
		t.Fatalf("kind %q, %d pages; want %q, %d", in.Kind, len(in.Pages), KindChanges, len(every))
	}
	for p, k := range every {
		e := in.Estimates[p]
		// One change every k days, each seen by the noon after it, half a
		// day old, the other k − 1 visits a period seeing none: the
		// last-modified estimator's X/T (seed 001 Fig. 6.11) watches
		// k − ½ days a change, so 1/(k − ½) a day; Fig. 6.14's bias
		// reduction moves it by under 2% here (X′ = X − 1 at k = 1).
		if want := 1 / (float64(k) - 0.5); e.Estimator != estimate.EstimatorLastModified || math.Abs(e.Rate-want) > 0.02*want {
			t.Errorf("page changing every %d days: %s rate %.4f a day, want the last-modified estimator's %.4f (%s)", k, e.Estimator, e.Rate, want, e.Reason)
		}
		if e.Ignored != 0 {
			t.Errorf("page changing every %d days: %d Last-Modified dates ignored, want none", k, e.Ignored)
		}
	}
}

// TestLoadChangeHistoryClockwork: pages published at 06:00:00 every day,
// the history's first change among them, are visited each at its own hour
// (half an hour past: the history is on the hour), not all half an hour
// after their changes. Every visit sees one change, of age a, and the
// last-modified estimator (which assumes Poisson changes) says about 1/a
// a day: 1 to 48 a day, the median page (met some 12 hours after) near 2.
// Before, every page's crawl ran from its first change and each was
// estimated at 48 a day.
func TestLoadChangeHistoryClockwork(t *testing.T) {
	var b strings.Builder
	b.WriteString("url,host,time\n")
	const t0 = 1_700_028_000 // 06:00 UTC
	const pages = 96
	for p := range pages {
		for d := range 60 {
			fmt.Fprintf(&b, "https://news.example/p%d,news.example,%d\n", p, t0+d*day)
		}
	}
	in, err := Load(context.Background(), strings.NewReader(b.String()), LoadOptions{Name: "cron.csv", Now: math.NaN()})
	if err != nil {
		t.Fatal(err)
	}
	rates := make([]float64, pages)
	for p, e := range in.Estimates {
		rates[p] = e.Rate
		if e.Rate < 0.9 || e.Rate > 50 {
			t.Errorf("page %d: %.3g changes a day: a daily page met at most a day and at least half an hour after its change is 1 to 48", p, e.Rate)
		}
	}
	slices.Sort(rates)
	if med := rates[pages/2]; med < 1.5 || med > 3 {
		t.Errorf("median page %.3g changes a day, want about 2 (met about 12 hours after its change)", med)
	}
}

// TestLoadChangeHistoryTooLong: a history whose times span more than a
// century (a time out of place) is refused with both ends named, before
// any daily crawl of it is simulated.
func TestLoadChangeHistoryTooLong(t *testing.T) {
	in := "url,host,time\nhttps://a.example/1,a.example,0\nhttps://a.example/1,a.example,99999999999\n"
	_, err := Load(context.Background(), strings.NewReader(in), LoadOptions{Name: "far.csv", Now: math.NaN()})
	if err == nil || !strings.Contains(err.Error(), "far.csv: the changes run from 1970-01-01T00:00:00Z to 5138-11-16T09:46:39Z, 3169 years") {
		t.Errorf("error %v; want the span named", err)
	}
}

// TestLoadSuggestsForSingleFetch: a URL fetched once showed nothing, so
// with the host's prior standing for its rate it is told to be fetched
// again after BestRatio over that rate (seed 001 §6.4.2); without the
// prior there is nothing to go on and no suggestion.
func TestLoadSuggestsForSingleFetch(t *testing.T) {
	var b strings.Builder
	b.WriteString("url,time,changed\n")
	for p := range 6 {
		for d := range 30 {
			fmt.Fprintf(&b, "https://a.example/p%d,%d,%d\n", p, 1_704_067_200+d*day, (d%(p+2)+1)/(p+2))
		}
	}
	b.WriteString("https://a.example/once,1704067200,0\n")
	for _, prior := range []bool{true, false} {
		in, err := Load(context.Background(), strings.NewReader(b.String()), LoadOptions{Name: "log.csv", Now: math.NaN(), Prior: prior})
		if err != nil {
			t.Fatal(err)
		}
		k := len(in.Pages) - 1
		e, rate := in.Estimates[k], in.Pages[k].Rate
		if in.Pages[k].URL != "https://a.example/once" || e.Visits != 0 {
			t.Fatalf("page %d is %s with %d visits; want the one fetched once", k, in.Pages[k].URL, e.Visits)
		}
		switch {
		case prior && !(rate > 0 && e.SuggestedIntervalDays == estimate.BestRatio/rate):
			t.Errorf("with the prior: rate %v a day, suggestion %v days; want the host's prior and %v/rate", rate, e.SuggestedIntervalDays, estimate.BestRatio)
		case !prior && e.SuggestedIntervalDays != 0:
			t.Errorf("without the prior: suggestion %v days; want none", e.SuggestedIntervalDays)
		}
	}
}

// TestKindOfAfterBlankLines: a CSV reader skips blank lines, so the header
// is the first line that is not blank: a pages table or a change history
// after blank lines is read as one (Load refused such a table, saying it
// was a pages table, not an observation log), and KindOf tells what Load
// reads.
func TestKindOfAfterBlankLines(t *testing.T) {
	for _, c := range []struct{ in, kind string }{
		{"\n\r\nurl,host,changes_per_day\nhttps://a.example/,a.example,1\n", KindPages},
		{"\n  \n\ufeffurl,host,time\nhttps://a.example/,a.example,2024-01-01T00:00:00Z\nhttps://a.example/,a.example,2024-01-05T00:00:00Z\n", KindChanges},
		{"\nurl,time,changed\nhttps://a.example/,2024-01-01T00:00:00Z,0\nhttps://a.example/,2024-01-02T00:00:00Z,1\n", observe.FormatCSV},
	} {
		want := c.kind
		if want == observe.FormatCSV {
			if k := KindOf([]byte(c.in)); k != "" {
				t.Errorf("KindOf(%q) = %q; want an observation log's \"\"", c.in, k)
			}
		} else if k := KindOf([]byte(c.in)); k != want {
			t.Errorf("KindOf(%q) = %q; want %q", c.in, k, want)
		}
		in, err := Load(context.Background(), strings.NewReader(c.in), LoadOptions{Name: "t.csv", Now: math.NaN()})
		if err != nil || in.Kind != want || len(in.Pages) != 1 {
			t.Errorf("Load(%q): %v; kind %q, want %q", c.in, err, kindIn(in), want)
		}
	}
}

func kindIn(in *Input) string {
	if in == nil {
		return ""
	}
	return in.Kind
}
