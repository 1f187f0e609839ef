package backtest

import (
	"bufio"
	"context"
	"io"
	"math"

	"github.com/freshplan/freshplan/core/observe"
)

// LoadOptions say how Load reads (observe.Options).
type LoadOptions struct {
	Name      string // the file's name, for messages
	SkipBad   bool   // skip bad rows of an observation log instead of stopping
	StripWWW  bool   // hosts taken from URLs without "www."
	MaxMemory int64  // when positive, what reading may hold (observe.Options.MaxMemory)
}

// Load reads a backtest's input: a complete change history (url,host,time,
// one row per change; observe.ReadChanges) or an observation log, whose
// detected changes stand in for the truth — each dated by its
// Last-Modified when that falls between the two fetches, else halfway
// between them — so that the replay can only see changes some fetch saw;
// a log's crawl delays and weights go with them into the plans and the
// replay's average. It returns what reading made of the file too: the rows it skipped (with
// opts.SkipBad) and those it set aside by rule (observe.Log.Notes).
func Load(ctx context.Context, r io.Reader, o LoadOptions) ([]observe.Changes, *observe.Log, error) {
	opts := observe.Options{Name: o.Name, SkipBad: o.SkipBad, StripWWW: o.StripWWW, MaxMemory: o.MaxMemory}
	br := bufio.NewReaderSize(r, 64<<10)
	if rec, ok := observe.PeekHeader(br); ok && observe.IsChangeHeader(rec) {
		return observe.ReadChangesWith(ctx, br, opts)
	}
	log, err := observe.Read(ctx, br, opts)
	if err != nil {
		return nil, nil, err
	}
	out := make([]observe.Changes, 0, len(log.Histories))
	for _, h := range log.Histories {
		if len(h.Fetches) == 0 {
			continue
		}
		// The first fetch stands for the page's appearance.
		c := observe.Changes{URL: h.URL, Host: h.Host, Times: []float64{h.Fetches[0].At}, CrawlDelay: h.CrawlDelay, Weight: h.Weight}
		for k := 1; k < len(h.Fetches); k++ {
			f := h.Fetches[k]
			if !f.Changed {
				continue
			}
			prev := h.Fetches[k-1].At
			t := (prev + f.At) / 2
			if lm := f.LastModified; !math.IsNaN(lm) && lm > prev && lm <= f.At {
				t = lm
			}
			c.Times = append(c.Times, t)
		}
		out = append(out, c)
	}
	return out, log, nil
}
