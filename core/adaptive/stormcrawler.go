package adaptive

import (
	"errors"
	"math"
)

// StormCrawler is Apache StormCrawler's AdaptiveScheduler
// (apache/incubator-stormcrawler, core/src/main/java/org/apache/stormcrawler/
// persistence/AdaptiveScheduler.java, method schedule). Durations are in
// seconds here; StormCrawler configures them in whole minutes, so each is
// rounded to a minute (at least 1).
//
// The rule, as the Java does it with the interval in integer minutes (the
// "fetchInterval" metadata) and float32 products truncated by (int):
//
//   - First fetch (no "signatureOld" to compare): DefaultScheduler.schedule
//     — next = now + fetchInterval.default, which becomes the interval.
//   - Signature changed: interval ← (int)((1−DecRate)·interval +
//     DecRate·MinInterval) — it approaches the minimum, never clamped.
//   - Unchanged (same signature, or HTTP 304): interval ←
//     (int)(interval·(1+IncRate)), capped at MaxInterval.
//   - next = now + interval.
//
// The "signatureChangeDate" and "last-modified" metadata it writes record
// when a change was detected (the latter to send If-Modified-Since, which
// answers 304 exactly when the signature would match); neither enters the
// interval, so the server's Last-Modified plays no part.
type StormCrawler struct {
	DefaultInterval float64 // fetchInterval.default (first interval)
	MinInterval     float64 // scheduler.adaptive.fetchInterval.min
	MaxInterval     float64 // scheduler.adaptive.fetchInterval.max
	IncRate         float64 // scheduler.adaptive.fetchInterval.rate.incr
	DecRate         float64 // scheduler.adaptive.fetchInterval.rate.decr
}

// DefaultStormCrawler has the defaults of AdaptiveScheduler and
// DefaultScheduler: fetchInterval.default 1440 min (1 day), min 60 min,
// max 20160 min (2 weeks), increment and decrement rates 0.5.
func DefaultStormCrawler() StormCrawler {
	return StormCrawler{
		DefaultInterval: day, MinInterval: 3600, MaxInterval: 14 * day,
		IncRate: 0.5, DecRate: 0.5,
	}
}

// Name implements Scheduler.
func (s StormCrawler) Name() string { return "stormcrawler" }

// Validate reports parameters the simulation cannot run with: negative or
// non-finite values, a zero interval, a decrement rate above 1.
func (s StormCrawler) Validate() error {
	if !finite(s.DefaultInterval, s.MinInterval, s.MaxInterval, s.IncRate, s.DecRate) {
		return errors.New("adaptive: StormCrawler parameters must be finite, ≥ 0 and ≤ 1e12")
	}
	if s.DefaultInterval <= 0 || s.MinInterval <= 0 || s.MaxInterval <= 0 {
		return errors.New("adaptive: StormCrawler intervals must be positive")
	}
	if s.DecRate > 1 {
		return errors.New("adaptive: StormCrawler rate.decr must be ≤ 1")
	}
	return nil
}

// Visits implements Scheduler.
func (s StormCrawler) Visits(changes []float64, start, end float64) []float64 {
	var v []float64
	s.run(newObserver(sorted(changes), start), start, end, MaxVisits, func(st Step) { v = append(v, st.Time) })
	return v
}

// Trace replays like Visits and returns every step.
func (s StormCrawler) Trace(changes []float64, start, end float64) []Step {
	var st []Step
	s.run(newObserver(sorted(changes), start), start, end, MaxVisits, func(x Step) { st = append(st, x) })
	return st
}

// minutes converts seconds to a configured number of minutes.
func minutes(sec float64) int32 {
	return int32(min(max(math.Round(sec/60), 1), math.MaxInt32))
}

// run replays at most limit visits of what obs observes from start,
// calling emit (if not nil) for each, and returns their number.
func (s StormCrawler) run(obs observer, start, end float64, limit int, emit func(Step)) int {
	if s.Validate() != nil || !(start < end) || math.IsInf(start, 0) {
		return 0
	}
	def, lo, hi := minutes(s.DefaultInterval), minutes(s.MinInterval), minutes(s.MaxInterval)
	inc, dec := float32(s.IncRate), float32(s.DecRate)

	var interval int32 // the "fetchInterval" metadata, minutes
	first := true
	t := msOf(start)
	count := 0
	for ; count < limit && secs(t) < end; count++ {
		changed := obs.visit(secs(t))
		state := Unknown
		switch {
		case first:
			interval = def // DefaultScheduler, then fetchInterval := minutes to next
			first = false
		case changed:
			state = Modified
			a := float32((1 - dec) * float32(interval))
			b := float32(dec * float32(lo))
			interval = javaInt(float32(a + b))
		default:
			state = NotModified
			interval = javaInt(float32(float32(interval) * (1 + inc)))
			if interval > hi {
				interval = hi
			}
		}
		next := t + int64(max(interval, 1))*60000
		if emit != nil {
			emit(Step{Time: secs(t), State: state, Interval: float64(interval) * 60, Next: secs(next)})
		}
		t = next
	}
	return count
}
