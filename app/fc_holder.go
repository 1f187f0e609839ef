package app

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"

	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/freshplan/freshplan/core/firstcrawl"
)

// fcJob is one request to a first-crawl holder: read the graph (and
// compute its PageRank), a share of a study (firstcrawl.Split), or the
// chosen strategy's order as a seed list. Each reads the graph first
// when the holder has another.
type fcJob struct {
	Seq    int
	Kind   string // "read", "study" or "order"
	Graph  int    // the page's number for the file: another than the holder's is read
	Name   string // the file's name, for messages
	Params fcParams
	// With "study": the strategies this holder simulates, and the r at
	// which it simulates the chosen strategy for the time to crawl.
	Share firstcrawl.Share
	// With "order": the export's format (nutch, stormcrawler, csv).
	Format string
	// With "read": also send the graph and its PageRank packed (a
	// "packed" stage, before "input"), for the other holders to take
	// rather than read the file again.
	Pack bool `json:",omitempty"`
}

// fcStage is what a holder tells the page of a job, as it happens.
type fcStage struct {
	Seq  int
	Kind string // "packed", "input", "progress", "summary", "robots", "order", "error" or "done"
	Note string // with "progress", what the holder does (reading, PageRank); with "error", what went wrong
	// With "progress", the strategy being simulated, and the r when it is
	// the chosen one's time to crawl against r.
	Strategy string `json:",omitempty"`
	Robots   int    `json:",omitempty"`
	// With "input": what the graph is, and its PageRank's figures.
	Input *fcInput `json:",omitempty"`
	// With "summary": a strategy's figures and curve (its crawl stays
	// with the holder).
	Summary *firstcrawl.Summary `json:",omitempty"`
	// With "robots": the time to crawl at this share's r.
	Points []firstcrawl.RobotsPoint `json:",omitempty"`
	// With "order": the seed list.
	Data     []byte      `json:",omitempty"`
	InputErr *InputError `json:",omitempty"` // with "error", when the file is at fault
	// With "packed": the graph read and ranked (firstcrawl.Pack). It
	// crosses from a worker as an ArrayBuffer, not JSON.
	Packed *fcPacked `json:"-"`
}

// fcPacked is a graph one holder read and ranked, for the others
// (firstcrawl.Pack): its bytes in a holder; between workers the browser's
// ArrayBuffer, which the page hands on without copying it into Go.
type fcPacked struct {
	b  []byte
	js goapp.Value
}

// bytes are the packed graph in Go (nil for none), copied from the
// ArrayBuffer when it came from a worker.
func (p *fcPacked) bytes() []byte {
	switch {
	case p == nil:
		return nil
	case p.b == nil && p.js != nil:
		b := make([]byte, p.js.Get("byteLength").Int())
		goapp.CopyBytesToGo(b, goapp.Window().Get("Uint8Array").New(p.js))
		return b
	}
	return p.b
}

// fcSource is where a holder takes a graph it does not hold: the packed
// one another holder read, when given (copied into Go only then), or else
// the file.
type fcSource struct {
	open   func(context.Context) io.Reader
	packed *fcPacked
}

// fcInput is what the page shows of a graph: its sizes as read, and the
// study's bound (firstcrawl.Report.Best, the same in every holder).
type fcInput struct {
	Pages, Links, Sites, Seeds int
	SelfLoops, Duplicates      int
	Dropped, Crawled           int
	Best                       float64
	Iterations                 int
}

// fcHolder holds a link graph and its last study, in a worker (or the
// page, without one): the page keeps only the figures it shows, and asks
// the holder for the rest.
type fcHolder struct {
	graph int // the page's number for the graph held; 0 for none
	in    *firstcrawl.Input
	rep   *firstcrawl.Report // the last study's crawls (PageRank, this holder's strategies)
	of    fcParams           // the crawler of rep's crawls (fcParams.crawler)
	// pulse is called often while a strategy runs: the worker takes its
	// messages (a Stop) there.
	pulse func()
}

// do runs a job, telling emit its stages; src gives the job's graph when
// the holder has another. The graph held changes only when the new one
// reads without error, so after a bad file the page's results still
// match what is held.
func (h *fcHolder) do(ctx context.Context, j fcJob, src fcSource, emit func(*fcStage)) {
	err := h.run(ctx, j, src, emit)
	switch {
	case errors.Is(err, context.Canceled):
		emit(&fcStage{Seq: j.Seq, Kind: "error", Note: "stopped"})
	case err != nil:
		s := &fcStage{Seq: j.Seq, Kind: "error", Note: err.Error()}
		if ie := (*InputError)(nil); errors.As(err, &ie) {
			s.InputErr = ie
		}
		emit(s)
	default:
		emit(&fcStage{Seq: j.Seq, Kind: "done"})
	}
}

func (h *fcHolder) run(ctx context.Context, j fcJob, src fcSource, emit func(*fcStage)) error {
	if (j.Graph != h.graph || h.in == nil) && src.packed != nil {
		in, rep, err := firstcrawl.Unpack(src.packed.bytes())
		if err != nil {
			return err
		}
		h.graph, h.in, h.rep, h.of = j.Graph, in, rep, j.Params.crawler()
	}
	if j.Graph != h.graph || h.in == nil {
		open := src.open
		emit(&fcStage{Seq: j.Seq, Kind: "progress", Note: "Reading " + j.Name + "…"})
		// Read as is; only a bad file is read again to quote its line
		// (readGraph counts lines and keeps the last ones: a fifth of the
		// reading's time).
		in, err := firstcrawl.ReadInput(open(ctx), j.Name)
		if err != nil && ctx.Err() == nil {
			if _, located := readGraph(ctx, open(ctx), j.Name); located != nil {
				err = located
			}
		}
		if err != nil {
			return err
		}
		h.graph, h.in, h.rep = j.Graph, in, nil
	}
	s := fcStudy(h.in, j.Params)
	s.Params.Pulse = h.pulse
	if h.rep == nil {
		emit(&fcStage{Seq: j.Seq, Kind: "progress", Note: "Computing PageRank…"})
		rep, err := firstcrawl.Rank(h.in.Graph)
		if err != nil {
			return err
		}
		h.rep, h.of = rep, j.Params.crawler()
	}
	if crawler := j.Params.crawler(); h.of != crawler {
		h.rep.Summaries, h.of = nil, crawler // the crawls kept are another crawler's
	}
	switch j.Kind {
	case "read":
		if j.Pack {
			b, err := firstcrawl.Pack(h.in, h.rep)
			if err != nil {
				return err
			}
			emit(&fcStage{Seq: j.Seq, Kind: "packed", Packed: &fcPacked{b: b}})
		}
		emit(&fcStage{Seq: j.Seq, Kind: "input", Input: h.about()})
		return nil
	case "study":
		return h.study(ctx, j, s, emit)
	case "order":
		return h.order(ctx, j, s, emit)
	}
	return fmt.Errorf("unknown job %q", j.Kind)
}

// about is the graph held, as the page shows it.
func (h *fcHolder) about() *fcInput {
	in, g := h.in, h.in.Graph
	return &fcInput{Pages: in.Pages, Links: in.Links, Sites: in.Sites(), Seeds: in.Seeds(),
		SelfLoops: g.SelfLoops, Duplicates: g.Duplicates, Dropped: in.Dropped, Crawled: g.Pages(),
		Best: h.rep.Best, Iterations: h.rep.Iterations}
}

// study simulates the share's strategies, each sent as it finishes, then
// the chosen strategy at the share's r.
func (h *fcHolder) study(ctx context.Context, j fcJob, s firstcrawl.Study, emit func(*fcStage)) error {
	for _, name := range j.Share.Strategies {
		emit(&fcStage{Seq: j.Seq, Kind: "progress", Strategy: name})
		sum, err := h.crawl(ctx, s, name)
		if err != nil {
			return err
		}
		out := *sum
		out.Result = nil // the crawl stays here: the order export asks for it
		emit(&fcStage{Seq: j.Seq, Kind: "summary", Summary: &out})
	}
	if len(j.Share.Robots) == 0 {
		return nil
	}
	pts, err := firstcrawl.RobotsCurve(ctx, s, h.rep, j.Params.Chosen, j.Share.Robots, func(i, r int) {
		emit(&fcStage{Seq: j.Seq, Kind: "progress", Strategy: j.Params.Chosen, Robots: r})
	})
	if err != nil {
		return err
	}
	emit(&fcStage{Seq: j.Seq, Kind: "robots", Points: pts})
	return nil
}

// crawl is strategy name's crawl in the study: the one kept, or a new
// one, kept.
func (h *fcHolder) crawl(ctx context.Context, s firstcrawl.Study, name string) (*firstcrawl.Summary, error) {
	if i := slices.IndexFunc(h.rep.Summaries, func(x firstcrawl.Summary) bool { return x.Strategy == name }); i >= 0 {
		return &h.rep.Summaries[i], nil
	}
	sum, err := h.rep.Simulate(ctx, s, name)
	if err != nil {
		return nil, err
	}
	h.rep.Summaries = append(h.rep.Summaries, sum)
	return &h.rep.Summaries[len(h.rep.Summaries)-1], nil
}

// order writes the chosen strategy's order: its crawl kept, or made
// again (a crawl is the same for the same parameters and seed).
func (h *fcHolder) order(ctx context.Context, j fcJob, s firstcrawl.Study, emit func(*fcStage)) error {
	sum, err := h.crawl(ctx, s, j.Params.Chosen)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if err := h.in.WriteOrder(&b, sum, j.Params.Wait, j.Format); err != nil {
		return err
	}
	emit(&fcStage{Seq: j.Seq, Kind: "order", Data: b.Bytes()})
	return nil
}
