package plan

import "github.com/freshplan/freshplan/core/schedule"

// pipeline runs a function over batches of visits, in the order they are
// sent, on a goroutine of its own: a schedule's replay (its staleness
// scored, its politeness checked) beside the assignment that makes its
// visits, when there is a core to spare.
type pipeline struct {
	work, free chan []schedule.Visit
	done       chan struct{}
}

// pipelineBatch is the visits a batch holds: 64 KiB, each hand-over
// costing far less than the batch's replay.
const pipelineBatch = 4096

// newPipeline starts f's goroutine and returns the pipeline and the first
// batch to fill.
func newPipeline(f func([]schedule.Visit)) (*pipeline, []schedule.Visit) {
	const batches = 4
	p := &pipeline{work: make(chan []schedule.Visit, batches), free: make(chan []schedule.Visit, batches), done: make(chan struct{})}
	for range batches - 1 {
		p.free <- make([]schedule.Visit, 0, pipelineBatch)
	}
	go func() {
		defer close(p.done)
		for b := range p.work {
			f(b)
			p.free <- b[:0]
		}
	}()
	return p, make([]schedule.Visit, 0, pipelineBatch)
}

// send hands a full batch over and returns an empty one to fill, waiting
// for one when all are taken.
func (p *pipeline) send(b []schedule.Visit) []schedule.Visit {
	p.work <- b
	return <-p.free
}

// finish hands the last batch over and waits until f has done every
// batch: what f wrote may then be read.
func (p *pipeline) finish(b []schedule.Visit) {
	if len(b) > 0 {
		p.work <- b
	}
	close(p.work)
	<-p.done
}
