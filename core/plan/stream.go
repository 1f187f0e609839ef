package plan

import (
	"runtime"

	"github.com/freshplan/freshplan/core/schedule"
	"github.com/freshplan/freshplan/core/staleness"
)

// sink receives the kept policy's schedule, visit by visit in time order:
// it either holds the schedule (Plan.Schedule) or passes it on
// (Params.Stream) as it is made, and at the end counts each host's visits
// from its pages' (counted).
type sink struct {
	hostOf []int32
	hosts  []Host
	stream func(schedule.Visit)
	kept   []schedule.Visit
	n      int
}

// reserve makes room for n visits when the schedule is held.
func (k *sink) reserve(n int) {
	if k.stream == nil && k.kept == nil {
		k.kept = make([]schedule.Visit, 0, n)
	}
}

func (k *sink) add(v schedule.Visit) {
	k.n++
	if k.stream != nil {
		k.stream(v)
		return
	}
	k.kept = append(k.kept, v)
}

// counted adds each page's visits made, as the kept schedule made them,
// to its host's: once at the end, in page order, rather than a read of
// the page's host a visit, in time order all over memory.
func (k *sink) counted(made []float64) {
	for i, v := range made {
		k.hosts[k.hostOf[i]].Visits += int(v)
	}
}

// keeps returns the sink when the plan keeps name's schedule, else nil.
func (in *instance) keeps(name Policy) *sink {
	if in.params.Policy == name {
		return in.out
	}
	return nil
}

// whole reports whether the plan's programmes are held whole rather than
// made as they are consumed (schedule.Lazy), and Azar's carousel grouped
// by page rather than replayed in time order: a quasi page's visits move
// after its potential changes (quasiTimes), and replaying a schedule
// against sampled changes (Params.Simulate) needs each page's visit times
// together; both are for tables far below paper scale.
func (in *instance) whole() bool { return holdWhole || in.modelled() || in.params.Simulate > 0 }

// holdWhole makes every plan hold its programmes whole: tests compare the
// two ways.
var holdWhole = false

// lazy returns x's equally spaced programme (merged: MERGE's) for name's
// schedule, made host by host as it is consumed.
func (in *instance) lazy(name Policy, x []int, merge bool) *schedule.Lazy {
	in.announce(name)
	l := schedule.NewLazy(in.params.Model, x, in.hostOf, len(in.hosts), in.T, merge)
	in.announce(name) // again, if it is time: the programme took a while
	return l
}

// announce tells the pulse that name's schedule is begun: what comes
// before its first visit (its programme, tracker and validator made, some
// tenths of a second at paper scale in WebAssembly) is said as its. A
// table of up to pulsePages pages is scheduled without.
func (in *instance) announce(name Policy) {
	if len(in.rates) <= pulsePages {
		return
	}
	stage := "scheduling " + string(name)
	in.pulse.say(stage, func() string { return stage + " 0%" })
}

// streamed assigns a lazy programme to the crawlers, replaying and
// validating each visit as it is made, in time order: the plan holds no
// visit, only each page's and host's running figures.
func (in *instance) streamed(name Policy, src *schedule.Lazy, x []int) (*Result, error) {
	m := in.params.Model
	check := schedule.NewValidator(m, in.hostOf, in.delay, in.fleet(), in.T)
	tr := staleness.NewTracker(m, in.params.Objective, in.rates, in.T)
	in.announce(name)
	// Each page's host (for the validator) and visits made, side by
	// side: a visit made reads one line of them, beside its tracker's.
	type pageMade struct{ host, made int32 }
	pm := make([]pageMade, len(x))
	for i := range pm {
		pm[i].host = in.hostOf[i]
	}
	total, made := sum(x), 0
	keep := in.keeps(name)
	if keep != nil {
		keep.reserve(total)
	}
	// Visits made in time order touch pages all over memory: each 256 of
	// a batch have their pages read first, each read independent of the
	// others so that the processor fetches many lines at once, then are
	// replayed.
	warmed := 0.0 // kept, so that the reads are not optimised away
	replay := func(batch []schedule.Visit) {
		for len(batch) > 0 {
			part := batch[:min(len(batch), 256)]
			batch = batch[len(part):]
			for _, v := range part {
				warmed += tr.Warm(int(v.Page)) + float64(pm[v.Page].made)
			}
			for _, v := range part {
				tr.Visit(int(v.Page), v.Time)
				p := &pm[v.Page]
				if check.CheckTime(v) {
					check.CheckHost(p.host, v.Time)
				}
				p.made++
				if keep != nil {
					keep.add(v)
				}
			}
		}
	}
	// On several cores the replay runs beside the assignment, in order.
	var pipe *pipeline
	batch := make([]schedule.Visit, 0, 256)
	if runtime.GOMAXPROCS(0) > 1 {
		pipe, batch = newPipeline(replay)
	}
	stage := "scheduling " + string(name)
	dropped, err := schedule.AssignContext(in.ctx, m, src, in.delay, in.fleet(), in.T, func(_ int, v schedule.Visit) {
		batch = append(batch, v)
		if len(batch) == cap(batch) {
			made += len(batch)
			if pipe != nil {
				batch = pipe.send(batch)
			} else {
				replay(batch)
				batch = batch[:0]
			}
			in.pulse.tell(stage, made, total)
		}
	})
	if pipe != nil {
		pipe.finish(batch)
	} else {
		replay(batch)
	}
	if err != nil {
		return nil, err
	}
	runtime.KeepAlive(warmed)
	// The visits made, for the figures kept per page and the kept
	// schedule's hosts' counts.
	var visits []float64
	if keep != nil || in.params.keepsPerPage(name) {
		visits = make([]float64, len(x))
		for i, p := range pm {
			visits[i] = float64(p.made)
		}
	}
	if keep != nil {
		keep.counted(visits)
	}
	r := in.tracked(name, tr, visits)
	r.Dropped = dropped
	r.Violations, _ = check.Finish()
	return r, nil
}

// carouselInOrder replays Azar's EDF carousel slot by slot as it is
// made (schedule.CarouselEach), in time order, warming batches of pages
// as streamed does, and gives the kept schedule its visits as it goes:
// neither the 8.64M slots of paper scale nor their grouping by page, as
// the replay for the simulator needs, is held.
func (in *instance) carouselInOrder(rates []float64) (*Result, error) {
	R, C := in.params.Budget, int32(in.params.Crawlers)
	tr := staleness.NewTracker(in.params.Model, in.params.Objective, in.rates, in.T)
	made := make([]float64, len(in.rates))
	keep := in.keeps(Azar)
	warmed := 0.0 // kept, so that the reads are not optimised away
	var batch [256]int32
	n, lo := 0, 0 // batch holds slots lo … lo+n−1
	flush := func() {
		for _, i := range batch[:n] {
			if i >= 0 {
				warmed += tr.Warm(int(i)) + made[i]
			}
		}
		for j, i := range batch[:n] {
			if i < 0 {
				continue
			}
			k := lo + j
			t := slotTime(k, R, in.T)
			tr.Visit(int(i), t)
			made[i]++
			if keep != nil {
				keep.add(schedule.Visit{Time: t, Page: i, Crawler: int32(k) % C})
			}
		}
		lo += n
		n = 0
	}
	if keep != nil {
		keep.reserve(R)
	}
	err := in.carouselEach(rates, R, func(_ int, page int32) {
		batch[n] = page
		if n++; n == len(batch) {
			flush()
		}
	})
	if err != nil {
		return nil, err
	}
	flush()
	runtime.KeepAlive(warmed)
	if keep != nil {
		keep.counted(made)
	}
	return in.tracked(Azar, tr, made), nil
}

// followedLazy returns the infcrawlers bound for x's merged programme,
// made host by host and followed exactly.
func (in *instance) followedLazy(x []int) (*Result, error) {
	tr := staleness.NewTracker(in.params.Model, in.params.Objective, in.rates, in.T)
	l := in.lazy(InfCrawlers, x, true)
	done, total := 0, sum(x)
	for s := range l.Hosts() {
		for r := range l.Count(s) {
			i, t := l.Visit(s, r)
			tr.Visit(int(i), t)
		}
		done += l.Count(s)
		in.pulse.tell("scheduling infcrawlers", done, total)
		if err := in.ctx.Err(); err != nil {
			return nil, err
		}
	}
	inf := in.tracked(InfCrawlers, tr, floats(x))
	inf.Simulated = false
	return inf, nil
}

func sum(x []int) int {
	n := 0
	for _, v := range x {
		n += v
	}
	return n
}
