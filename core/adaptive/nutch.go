package adaptive

import (
	"errors"
	"math"
)

const day = 86400.0

// Nutch is Apache Nutch's AdaptiveFetchSchedule (apache/nutch,
// src/java/org/apache/nutch/crawl/AdaptiveFetchSchedule.java), with the
// parts of CrawlDbReducer and AbstractFetchSchedule that act on it. All
// durations are in seconds.
//
// The update after each fetch (setFetchSchedule), as the Java does it:
//
//   - Modified (signature changed): interval ×= 1 − DecRate, and the
//     datum's modified time becomes the fetch time.
//   - NotModified: interval ×= 1 + IncRate.
//   - Unknown (no previous signature: first fetch): interval unchanged.
//   - SyncDelta: delta = fetchTime − modifiedTime (a modified time ≤ 0 is
//     taken as fetchTime); if delta > interval, interval = delta; the
//     reference time moves back by offset = round(delta·SyncDeltaRate),
//     except that an offset above MaxInterval (NUTCH-1564) is replaced by
//     offset/delta·MaxInterval in Java long arithmetic, which is 0.
//   - interval is clamped to [MinInterval, MaxInterval] (min wins if they
//     cross); next fetch = reference time + interval.
//
// The modified time is the datum's (CrawlDatum.modifiedTime): since
// NUTCH-2164 (apache/nutch PR #108) the schedules set it to the fetch time
// of the last fetch that found changed content, and the server's
// Last-Modified header is only kept in metadata. ServerLastModified feeds
// the server's Last-Modified instead, as older descriptions assume.
//
// CrawlDbReducer then calls forceRefetch when the interval exceeds
// db.fetch.interval.max (FetchIntervalMax): the interval becomes 0.9 of it
// and the signature and modified time are cleared, so the next fetch is
// Unknown.
//
// Nutch crawls in rounds (generate, fetch, updatedb), one per
// GenerateCycle from start: a page is fetched in the first round at or
// after its due time, and never twice in one round; the Generator's
// shouldFetch takes a page whose due time lies more than FetchIntervalMax
// ahead in the next round. Rounds matter: setFetchSchedule's SyncDelta
// shrinks the gaps of a long-unchanged page geometrically towards
// delta = MaxInterval/SyncDeltaRate (where the NUTCH-1564 cap zeroes the
// offset), which rounds turn into a few consecutive fetches.
type Nutch struct {
	IncRate       float64 // db.fetch.schedule.adaptive.inc_rate
	DecRate       float64 // db.fetch.schedule.adaptive.dec_rate
	MinInterval   float64 // db.fetch.schedule.adaptive.min_interval
	MaxInterval   float64 // db.fetch.schedule.adaptive.max_interval
	InitInterval  float64 // db.fetch.interval.default: the first interval
	SyncDelta     bool    // db.fetch.schedule.adaptive.sync_delta
	SyncDeltaRate float64 // db.fetch.schedule.adaptive.sync_delta_rate

	// FetchIntervalMax is db.fetch.interval.max; 0 disables forceRefetch
	// and the Generator's pull-forward.
	FetchIntervalMax float64
	// GenerateCycle is the time between generate/fetch/updatedb rounds;
	// visits fall on rounds start + k·GenerateCycle (0: every millisecond,
	// i.e. fetch exactly when due).
	GenerateCycle float64
	// ServerLastModified feeds the server's Last-Modified to SyncDelta
	// instead of the time of the last fetch that found a change.
	ServerLastModified bool
}

// DefaultNutch is AdaptiveFetchSchedule as a stock Nutch runs it: the values
// of conf/nutch-default.xml (inc_rate 0.4, dec_rate 0.2, min_interval 60 s,
// max_interval 365 days, sync_delta true, sync_delta_rate 0.3,
// db.fetch.interval.default 30 days, db.fetch.interval.max 90 days), which
// override the Java fallbacks (see NutchCodeDefaults), with rounds every
// hour (bin/crawl running rounds back to back on a small crawl; a daily
// cron round would quantize weekly intervals to whole days).
func DefaultNutch() Nutch {
	return Nutch{
		IncRate: 0.4, DecRate: 0.2,
		MinInterval: 60, MaxInterval: 365 * day, InitInterval: 30 * day,
		SyncDelta: true, SyncDeltaRate: 0.3,
		FetchIntervalMax: 90 * day, GenerateCycle: 3600,
	}
}

// NutchCodeDefaults is DefaultNutch with the fallbacks written in
// AdaptiveFetchSchedule.setConf, used only when nutch-default.xml is absent:
// inc_rate 0.2, dec_rate 0.2, sync_delta_rate 0.2 (min, max and sync_delta
// as in the XML).
func NutchCodeDefaults() Nutch {
	n := DefaultNutch()
	n.IncRate, n.DecRate, n.SyncDeltaRate = 0.2, 0.2, 0.2
	return n
}

// Name implements Scheduler.
func (n Nutch) Name() string { return "nutch" }

// Validate reports parameters the simulation cannot run with: negative or
// non-finite values, a zero initial or minimum interval, rates above 1.
func (n Nutch) Validate() error {
	if !finite(n.IncRate, n.DecRate, n.MinInterval, n.MaxInterval, n.InitInterval,
		n.SyncDeltaRate, n.FetchIntervalMax, n.GenerateCycle) {
		return errors.New("adaptive: Nutch parameters must be finite, ≥ 0 and ≤ 1e12")
	}
	if n.InitInterval <= 0 || n.MinInterval <= 0 || n.MaxInterval <= 0 {
		return errors.New("adaptive: Nutch intervals must be positive")
	}
	if n.DecRate > 1 || n.SyncDeltaRate > 1 {
		return errors.New("adaptive: Nutch dec_rate and sync_delta_rate must be ≤ 1")
	}
	return nil
}

// Visits implements Scheduler.
func (n Nutch) Visits(changes []float64, start, end float64) []float64 {
	var v []float64
	n.run(newObserver(sorted(changes), start), start, end, MaxVisits, func(s Step) { v = append(v, s.Time) })
	return v
}

// Trace replays like Visits and returns every step.
func (n Nutch) Trace(changes []float64, start, end float64) []Step {
	var st []Step
	n.run(newObserver(sorted(changes), start), start, end, MaxVisits, func(s Step) { st = append(st, s) })
	return st
}

// run replays at most limit visits of what obs observes from start,
// calling emit (if not nil) for each, and returns their number.
func (n Nutch) run(obs observer, start, end float64, limit int, emit func(Step)) int {
	if n.Validate() != nil || !(start < end) || math.IsInf(start, 0) {
		return 0
	}
	inc, dec := float32(n.IncRate), float32(n.DecRate)
	minI, maxI := float32(n.MinInterval), float32(n.MaxInterval)
	syncRate := float64(float32(n.SyncDeltaRate)) // conf.getFloat, widened to double
	sysMax := int64(n.FetchIntervalMax)           // conf.getInt, seconds
	cycle := max(msOf(n.GenerateCycle), 1)        // rounds, ms; t stays on their grid

	interval := float32(n.InitInterval) // initializeSchedule: defaultInterval
	var modified int64                  // CrawlDatum.modifiedTime; ≤ 0 = unset
	signed := false                     // CrawlDatum has a signature
	t := msOf(start)
	count := 0
	for ; count < limit && secs(t) < end; count++ {
		changed := obs.visit(secs(t))
		// CrawlDbReducer: the state comes from comparing signatures.
		state := Unknown
		if signed {
			state = NotModified
			if changed {
				state = Modified
			}
		}
		signed = true
		modTime := modified
		if n.ServerLastModified {
			modTime = 0
			if lastMod := obs.lastModified(); !math.IsNaN(lastMod) {
				modTime = msOf(lastMod)
			}
		}

		// AdaptiveFetchSchedule.setFetchSchedule.
		ref := t
		if modTime <= 0 {
			modTime = t
		}
		switch state {
		case Modified:
			interval = float32(interval * (1 - dec))
			modTime = t
		case NotModified:
			interval = float32(interval * (1 + inc))
		}
		if n.SyncDelta {
			delta := t - modTime
			if float32(delta) > float32(interval*1000) {
				interval = float32(delta / 1000)
			}
			offset := javaRound(float64(delta) * syncRate)
			maxMs := int64(maxI) * 1000
			if delta > 0 && offset > maxMs {
				offset = offset / delta * maxMs // integer division: 0
			}
			ref = t - offset
		}
		if interval < minI {
			interval = minI
		} else if interval > maxI {
			interval = maxI
		}
		next := ref + javaRound(float64(interval)*1000)
		modified = modTime

		// CrawlDbReducer: forceRefetch(asap=false) above db.fetch.interval.max.
		if sysMax > 0 && float32(sysMax) < interval {
			interval = float32(float32(sysMax) * 0.9)
			signed, modified = false, 0
		}
		// Generator: one round per cycle from start; a page is fetched in
		// the first round at or after its due time, no earlier than the
		// next round. shouldFetch pulls a due time more than
		// db.fetch.interval.max ahead of a round to that round.
		round := t + cycle
		if sysMax > 0 && next-round > sysMax*1000 {
			next = round
		}
		if next > round {
			round += (next - round + cycle - 1) / cycle * cycle
		}
		next = round
		if emit != nil {
			emit(Step{Time: secs(t), State: state, Interval: float64(interval), Next: secs(next)})
		}
		t = next
	}
	return count
}
