package adaptive

import "math"

// TuneNutch scales base's InitInterval, MinInterval and MaxInterval by
// one factor — a change of the schedule's time unit, leaving the rates,
// SyncDelta, db.fetch.interval.max and the generate cycle as configured —
// so that the total visits over all pages in [start, end) is as close as
// possible to target without exceeding it if possible (if every factor
// exceeds it, the fewest visits). It returns the tuned scheduler and its
// total visits.
//
// All three intervals move together because neither end alone can spend
// an arbitrary budget: a page that stops changing has its interval grow
// geometrically (and, with SyncDelta, to at least its time since the last
// detected change) up to MaxInterval whatever the initial interval, and a
// busy page shrinks towards MinInterval. On the real histories of 2024
// (four pages in five never change), scaling only the initial and minimum
// intervals stays well below one visit per page per week for both.
//
// The count is not monotone in the factor (generate rounds, whole
// minutes, forceRefetch and the SyncDelta pathologies make it jump), so
// the factor is searched by a scan of 2^(k/4), |k| ≤ 80, bisection on
// log f at every crossing of the target, and sampling around the best.
func TuneNutch(base Nutch, changes [][]float64, start, end float64, target int) (Nutch, int) {
	return tuneScaled(func(f float64) Nutch {
		n := base
		n.InitInterval *= f
		n.MinInterval *= f
		n.MaxInterval *= f
		return n
	}, changes, start, end, target)
}

// TuneStormCrawler is TuneNutch for StormCrawler: it scales
// DefaultInterval, MinInterval and MaxInterval by one factor, leaving the
// rates as configured.
func TuneStormCrawler(base StormCrawler, changes [][]float64, start, end float64, target int) (StormCrawler, int) {
	return tuneScaled(func(f float64) StormCrawler {
		s := base
		s.DefaultInterval *= f
		s.MinInterval *= f
		s.MaxInterval *= f
		return s
	}, changes, start, end, target)
}

// replayer is a scheduler a tuning replays.
type replayer interface {
	Validate() error
	run(obs observer, start, end float64, limit int, emit func(Step)) int
}

// tuneScaled returns scaled(f) for the factor f that tune finds, counting
// the visits of every page's replay, and its total visits.
func tuneScaled[S replayer](scaled func(f float64) S, changes [][]float64, start, end float64, target int) (S, int) {
	obs := observers(sortedEach(changes), start)
	f, v := tune(target, func(f float64, limit int) int {
		s := scaled(f)
		if s.Validate() != nil {
			return -1
		}
		total := 0
		for _, o := range obs {
			total += s.run(o, start, end, min(limit+1-total, MaxVisits), nil)
			if total > limit {
				break
			}
		}
		return total
	})
	return scaled(f), v
}

// tune finds the factor f whose visits(f) is the largest not above target,
// or, if every count exceeds target, the smallest. visits(f, limit) may
// stop counting once the count exceeds limit, and returns −1 for a factor
// that gives invalid parameters. Every evaluation is a candidate.
const scanPerOctave, scanSteps, localSteps = 4, 80, 48

func tune(target int, visits func(f float64, limit int) int) (float64, int) {
	target = max(target, 0)
	limit := target + 1     // counting stops above it
	bestF, bestV := 1.0, -1 // largest count ≤ target
	eval := func(f float64) int {
		v := visits(f, limit)
		if v >= 0 && v <= target && v > bestV {
			bestF, bestV = f, v
		}
		return v
	}
	factor := func(i int) float64 { return math.Pow(2, float64(i-scanSteps)/scanPerOctave) }
	var scan [2*scanSteps + 1]int
	for i := range scan {
		scan[i] = eval(factor(i))
	}
	for i := 0; i < 2*scanSteps && bestV != target; i++ {
		a, b := scan[i], scan[i+1]
		if a < 0 || b < 0 || (a > target) == (b > target) {
			continue
		}
		lo, hi := factor(i), factor(i+1)
		for j := 0; j < 50 && bestV != target; j++ {
			mid := math.Sqrt(lo * hi)
			if v := eval(mid); v >= 0 && (v > target) == (a > target) {
				lo = mid
			} else {
				hi = mid
			}
		}
	}
	// Rounds (Nutch's generate rounds, whole minutes) make the count a
	// fine sawtooth near a crossing: sample around the best.
	for f0, i := bestF, -localSteps; i <= localSteps && bestV >= 0 && bestV != target; i++ {
		eval(f0 * math.Pow(2, float64(i)/localSteps/128))
	}
	if bestV >= 0 {
		return bestF, bestV
	}
	// Every count exceeds target: the fewest visits, counted exactly from
	// the largest valid factor down.
	for i := len(scan) - 1; i >= 0; i-- {
		if scan[i] < 0 {
			continue
		}
		if bestV < 0 {
			bestF, bestV = factor(i), visits(factor(i), math.MaxInt-1)
		} else if v := visits(factor(i), bestV); v < bestV {
			bestF, bestV = factor(i), v
		}
	}
	return bestF, max(bestV, 0)
}
