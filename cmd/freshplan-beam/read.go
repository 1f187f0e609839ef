package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"sort"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/gcs"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/freshplan/freshplan/core/observe"
	"github.com/freshplan/freshplan/core/pages"
	"github.com/freshplan/freshplan/core/plan"
)

// The kinds of input: every shard must be of one.
const (
	kindPages = "pages"
	kindLog   = "log"
)

// Shard is one input file and its number in the sorted list.
type Shard struct {
	N    int64
	Path string
}

// shardBits leaves 2^40 rows to a shard in Rec.Idx.
const shardBits = 40

// Stats are what reading set aside, summed over the shards: the counts of
// observe.Log, and the first bad rows (observe.MaxBadRows of them).
// Single, the URLs fetched once, is counted after the join (mergeHistory),
// not per shard; a change history has none, as in core.
type Stats struct {
	Rows, Skipped, Duplicates, Merged, NonOK, NotModified, Unflagged, Single int64
	Bad                                                                      []string
}

func (a Stats) merge(b Stats) Stats {
	a.Rows += b.Rows
	a.Skipped += b.Skipped
	a.Duplicates += b.Duplicates
	a.Merged += b.Merged
	a.NonOK += b.NonOK
	a.NotModified += b.NotModified
	a.Unflagged += b.Unflagged
	a.Single += b.Single
	a.Bad = append(append([]string(nil), a.Bad...), b.Bad...)
	sort.Strings(a.Bad)
	if len(a.Bad) > observe.MaxBadRows {
		a.Bad = a.Bad[:observe.MaxBadRows]
	}
	return a
}

func mergeStats(a, b Stats) Stats { return a.merge(b) }

// listShards expands the glob into its files, sorted, so that shard
// numbers (and the order of pages with equal gains) are repeatable.
func listShards(ctx context.Context, glob string) ([]Shard, error) {
	fs, err := filesystem.New(ctx, glob)
	if err != nil {
		return nil, err
	}
	defer fs.Close()
	files, err := fs.List(ctx, glob)
	if err != nil {
		return nil, fmt.Errorf("--input %s: %w", glob, err)
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("--input %s: no file matches", glob)
	}
	sort.Strings(files)
	out := make([]Shard, len(files))
	for i, f := range files {
		out[i] = Shard{N: int64(i), Path: f}
	}
	return out, nil
}

// openShard opens a shard as its content (gunzipped when it is gzip) and
// says what kind of input it is from its header.
func openShard(ctx context.Context, path string, maxContent int64) (*bufio.Reader, string, io.Closer, error) {
	fs, err := filesystem.New(ctx, path)
	if err != nil {
		return nil, "", nil, err
	}
	f, err := fs.OpenRead(ctx, path)
	if err != nil {
		fs.Close()
		return nil, "", nil, err
	}
	closer := closers{f, fs}
	r, err := plan.Content(f, path, maxContent)
	if err != nil {
		closer.Close()
		return nil, "", nil, err
	}
	br := bufio.NewReaderSize(r, 64<<10)
	kind := kindLog
	if header, ok := observe.PeekHeader(br); ok {
		switch {
		case pages.IsTable(header):
			kind = kindPages
		case observe.IsChangeHeader(header):
			kind = plan.KindChanges
		}
	}
	return br, kind, closer, nil
}

type closers []io.Closer

func (c closers) Close() error {
	var first error
	for _, x := range c {
		if err := x.Close(); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// openInput lists the input's shards and returns them with their kind,
// the first shard's: the pipeline's shape depends on it, and every shard
// is checked against it as it is read.
func openInput(ctx context.Context, glob string, maxContent int64) ([]Shard, string, error) {
	shards, err := listShards(ctx, glob)
	if err != nil {
		return nil, "", err
	}
	_, kind, c, err := openShard(ctx, shards[0].Path, maxContent)
	if err != nil {
		return nil, "", err
	}
	c.Close()
	return shards, kind, nil
}

// openKind opens a shard, refusing one of another kind than the first's.
func openKind(ctx context.Context, sh Shard, want string, maxContent int64) (*bufio.Reader, io.Closer, error) {
	br, kind, c, err := openShard(ctx, sh.Path, maxContent)
	if err != nil {
		return nil, nil, err
	}
	if kind != want {
		c.Close()
		return nil, nil, fmt.Errorf("%s is a %s, but the first shard is a %s: every shard must be of one kind", sh.Path, kindName(kind), kindName(want))
	}
	return br, c, nil
}

// statsOf is what an observation log's or change history's reading set
// aside.
func statsOf(log *observe.Log) Stats {
	st := Stats{Rows: log.Rows, Skipped: int64(log.Skipped), Duplicates: int64(log.Duplicates), Merged: int64(log.Merged),
		NonOK: int64(log.NonOK), NotModified: int64(log.NotModified), Unflagged: int64(log.Unflagged)}
	for _, e := range log.BadRows {
		st.Bad = append(st.Bad, e.Error())
	}
	return st
}

// readLogFn reads one shard of an observation log with core's reader
// (observe.Read): the same formats and rules, each shard on its own.
type readLogFn struct {
	Cfg Config
}

func (f *readLogFn) ProcessElement(ctx context.Context, sh Shard, emitHist func(string, Hist), emitStats func(Stats)) error {
	defer timed(ctx, "read", time.Now())
	br, c, err := openKind(ctx, sh, kindLog, f.Cfg.MaxContent)
	if err != nil {
		return err
	}
	defer c.Close()
	log, err := observe.Read(ctx, br, observe.Options{Name: sh.Path, SkipBad: f.Cfg.SkipBad, StripWWW: f.Cfg.StripWWW})
	if err != nil {
		return err
	}
	base := sh.N << shardBits
	for i, h := range log.Histories {
		emitHist(h.URL, Hist{Idx: base + int64(i), H: h})
	}
	emitStats(statsOf(log))
	return nil
}

func kindName(kind string) string {
	switch kind {
	case kindPages:
		return "pages table"
	case plan.KindChanges:
		return "change history"
	}
	return "observation log"
}

func init() {
	register.DoFn4x1[context.Context, Shard, func(string, Hist), func(Stats), error](&readLogFn{})
	register.Emitter2[string, Hist]()
	register.Emitter1[Stats]()
	register.Function2x1(mergeStats)
	beam.RegisterType(reflectTypeOf[Shard]())
}
