package learn

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/freshplan/freshplan/core/estimate"
	"github.com/freshplan/freshplan/core/observe"
)

// dailyCrawl is what a daily crawl over two years sees of pages whose
// changes rate(i, t) (changes a day) draws by thinning.
func dailyCrawl(rng *rand.Rand, n int, rate func(i int, t float64) float64, most float64) []observe.History {
	const days = 730
	out := make([]observe.History, n)
	for i := range out {
		var changes []float64
		for t := 0.0; ; {
			t += rng.ExpFloat64() / most * day
			if t >= days*day {
				break
			}
			if rng.Float64() < rate(i, t)/most {
				changes = append(changes, t)
			}
		}
		visits := make([]float64, days)
		for d := range visits {
			visits[d] = float64(d)*day + 0.5*day
		}
		out[i] = observe.History{URL: "u", Host: "h", Fetches: observe.Crawl(changes, visits)}
	}
	return out
}

// TestChooseHalfLife: pages that change at a steady rate are best told by
// all their past (no half-life, or a year's); pages that alternate between
// a month of drafting and months frozen, by their recent past.
func TestChooseHalfLife(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	priors := make([]estimate.Prior, 300)
	for i := range priors {
		priors[i] = estimate.Prior{Shape: 0.5, Rate: 5}
	}
	steady := dailyCrawl(rng, 300, func(i int, _ float64) float64 { return 0.02 + 0.3*float64(i%10)/10 }, 0.4)
	if hl := ChooseHalfLife(priors, steady); hl != 0 && hl < 365 {
		t.Errorf("steady pages: half-life %v days, want none or a year", hl)
	}
	bursty := dailyCrawl(rng, 300, func(i int, t float64) float64 {
		phase := int(t/day+float64(i)*37) % 240
		if phase < 30 {
			return 1
		}
		return 0.002
	}, 1)
	if hl := ChooseHalfLife(priors, bursty); hl == 0 || hl > 60 {
		t.Errorf("pages drafted a month in eight: half-life %v days, want one of two months or less", hl)
	}
}

// TestReplayIsFold: without host events, replaying fetches across pages
// gives each page the posterior Fold gives it alone, and its last fetch.
func TestReplayIsFold(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	histories := dailyCrawl(rng, 20, func(i int, _ float64) float64 { return 0.05 * float64(i%5) }, 0.25)
	pages := make([]Page, len(histories))
	fetches := make([][]observe.Fetch, len(histories))
	prior := estimate.Prior{Shape: 0.7, Rate: 12}
	for i, h := range histories {
		pages[i] = Page{Host: i % 3, Weight: 1, Posterior: Posterior{PriorShape: prior.Shape, PriorRate: prior.Rate}}
		fetches[i] = h.Fetches
	}
	got, events := Replay(pages, fetches, 3, 30, nil)
	if events != nil {
		t.Errorf("events %v without bursts", events)
	}
	for i, h := range histories {
		want, _ := Fold(prior, h.Fetches, 30)
		if got[i].Posterior != want || got[i].Last != h.Fetches[len(h.Fetches)-1].At {
			t.Errorf("page %d: %+v last %v, Fold %+v", i, got[i].Posterior, got[i].Last, want)
		}
	}
}

// TestReplayFindsMassEdit: a host whose pages all change on one day,
// after months quiet, has an event at that day once its pages' fetches
// are replayed; a quiet host has none.
func TestReplayFindsMassEdit(t *testing.T) {
	const n, edit = 40, 100.25 * day
	pages := make([]Page, 2*n)
	fetches := make([][]observe.Fetch, 2*n)
	for i := range pages {
		pages[i] = Page{Host: i % 2, Weight: 1, Posterior: Posterior{PriorShape: 1, PriorRate: 365}}
		for d := range 110 {
			at := float64(d)*day + float64(i)*60
			f := observe.Fetch{At: at, LastModified: math.NaN()}
			if i%2 == 0 && d > 0 && float64(d-1)*day+float64(i)*60 < edit && edit <= at {
				f.Changed, f.LastModified = true, edit
			}
			fetches[i] = append(fetches[i], f)
		}
	}
	_, events := Replay(pages, fetches, 2, 0, &DefaultBurst)
	if len(events[0]) != 1 || events[0][0].At != edit || len(events[1]) != 0 {
		t.Fatalf("events %+v, want one on host 0 at day %v and none on host 1", events, edit/day)
	}
	if q := events[0][0].Touched(); q < 0.9 {
		t.Errorf("the edit touched every page of its host; estimated %v", q)
	}
}
