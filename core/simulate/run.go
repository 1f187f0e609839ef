package simulate

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"
)

// chunkPages is the number of pages replayed with one random stream: the
// unit of parallel work, of cancellation and of progress. It is a
// constant, not a function of GOMAXPROCS, so results do not depend on the
// machine.
const chunkPages = 1024

// Run replays the schedule visits (a horizon of cfg.Horizon seconds)
// cfg.Runs times against the change processes procs (one per page) and
// returns the weighted mean staleness, freshness and age over pages with
// their 95% intervals. weights may be nil (every page weighs 1); a page of
// weight 0 does not count, even with infinite age. Pages are replayed in
// parallel; the result depends only on the inputs and cfg.Seed.
//
// Run checks ctx between chunks of pages and returns its error, wrapped,
// once it is done. Every parameter is validated first: bad values give an
// error, never a panic.
func Run(ctx context.Context, cfg Config, visits *Visits, procs []Process, weights []float64) (Result, error) {
	W, err := check(&cfg, visits, procs, weights)
	if err != nil {
		return Result{}, fmt.Errorf("simulate: %w", err)
	}
	n := visits.Pages()
	chunks := (n + chunkPages - 1) / chunkPages
	s := &sim{cfg: cfg, k: cfg.horizons(), visits: visits, procs: procs, weights: weights,
		partial: make([]tally, chunks), total: cfg.Runs * chunks}
	if cfg.PerPage {
		s.pages = make([]Page, n)
	}
	stale := make([]float64, cfg.Runs)
	fresh := make([]float64, cfg.Runs)
	age := make([]float64, cfg.Runs)
	for run := range cfg.Runs {
		if err := s.run(ctx, run, chunks); err != nil {
			return Result{}, fmt.Errorf("simulate: run %d of %d: %w", run+1, cfg.Runs, err)
		}
		var sum tally
		for _, p := range s.partial {
			sum.stale += p.stale
			sum.age += p.age
		}
		if W > 0 {
			stale[run], age[run] = sum.stale/W, sum.age/W
		}
		fresh[run] = 1 - stale[run]
	}
	res := Result{Staleness: estimate(stale), Freshness: estimate(fresh), Age: estimate(age), Pages: s.pages}
	for i := range res.Pages {
		res.Pages[i].Staleness /= float64(cfg.Runs)
		res.Pages[i].Age /= float64(cfg.Runs)
	}
	return res, nil
}

// check validates Run's arguments and returns Σ w.
func check(cfg *Config, visits *Visits, procs []Process, weights []float64) (float64, error) {
	if err := cfg.validate(); err != nil {
		return 0, err
	}
	if visits == nil {
		return 0, fmt.Errorf("no schedule")
	}
	T := cfg.Horizon
	if err := visits.Validate(T); err != nil {
		return 0, err
	}
	n := visits.Pages()
	if len(procs) != n {
		return 0, fmt.Errorf("%d pages in the schedule but %d change processes", n, len(procs))
	}
	for i, p := range procs {
		if p == nil {
			return 0, fmt.Errorf("page %d has no change process", i)
		}
		if err := p.Validate(T); err != nil {
			return 0, fmt.Errorf("page %d: %w", i, err)
		}
	}
	if weights == nil {
		return float64(n), nil
	}
	if len(weights) != n {
		return 0, fmt.Errorf("%d pages in the schedule but %d weights", n, len(weights))
	}
	var W float64
	for i, w := range weights {
		if !(w >= 0) || math.IsInf(w, 1) {
			return 0, fmt.Errorf("page %d has weight %v; want a finite number ≥ 0", i, w)
		}
		W += w
	}
	if math.IsInf(W, 1) {
		return 0, fmt.Errorf("the weights sum to more than the largest float64")
	}
	return W, nil
}

// sim is one call to Run in progress.
type sim struct {
	cfg     Config
	k       int // horizons measured per run
	visits  *Visits
	procs   []Process
	weights []float64
	partial []tally // per chunk of the current run: Σ w·staleness, Σ w·age
	pages   []Page  // per page sums over runs, if asked for

	mu    sync.Mutex // serialises Progress
	done  int
	total int
}

// run replays every chunk of pages once, in parallel, filling s.partial.
func (s *sim) run(ctx context.Context, run, chunks int) error {
	workers := min(runtime.GOMAXPROCS(0), chunks)
	var next atomic.Int64
	var firstErr error
	var once sync.Once
	work := func() {
		src := rand.NewPCG(0, 0)
		r := rand.New(src)
		for {
			c := int(next.Add(1) - 1)
			if c >= chunks {
				return
			}
			if err := ctx.Err(); err != nil {
				once.Do(func() { firstErr = err })
				return
			}
			src.Seed(streamSeed(s.cfg.Seed, run, c))
			s.partial[c] = s.chunk(r, c)
			s.progress()
		}
	}
	if workers <= 1 {
		work()
		return firstErr
	}
	var wg sync.WaitGroup
	for range workers {
		wg.Go(work)
	}
	wg.Wait()
	return firstErr
}

// chunk replays chunk c's pages with r and returns their weighted sums.
func (s *sim) chunk(r *rand.Rand, c int) tally {
	var sum tally
	a, b := c*chunkPages, min((c+1)*chunkPages, len(s.procs))
	for i := a; i < b; i++ {
		t := replay(r, s.procs[i], s.cfg.Model, s.cfg.Horizon, s.k, s.visits.Page(i))
		w := 1.0
		if s.weights != nil {
			w = s.weights[i]
		}
		if w != 0 {
			sum.stale += w * t.stale
			sum.age += w * t.age
		}
		if s.pages != nil {
			s.pages[i].Staleness += t.stale
			s.pages[i].Age += t.age
		}
	}
	return sum
}

// progress counts a chunk done and reports it.
func (s *sim) progress() {
	if s.cfg.Progress == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.done++
	s.cfg.Progress(s.done, s.total)
}
