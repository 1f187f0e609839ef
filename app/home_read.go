package app

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"
)

// readState is a file being read.
type readState struct {
	name   string
	prog   Progress
	cancel func() // ends the reading; finishRead then says it was cancelled
	start  time.Time
	worker bool   // read by the planner's worker, which plans nothing else meanwhile
	skip   bool   // a log's or change history's bad rows are skipped
	kind   string // the input's format, once known (see kindOf)
	again  func() // reads the same input again, skipping bad rows
}

// readFile reads a browser File — skipping its bad rows when it is the
// file a link awaits whose plan skipped them.
func (h *home) readFile(f goapp.Value) {
	name := f.Get("name").String()
	skip := h.opened.awaiting != nil && h.opened.skipBad
	ctx := h.ctx
	// A gzip file is sized by its content, which its trailer declares: a
	// read off the event handler.
	ctx.Async(func() {
		size := contentSize(context.Background(), f)
		ctx.Dispatch(func(goapp.Context) {
			h.startRead(name, size, false, f, func(rctx context.Context) io.Reader { return newContentReader(rctx, f) }, skip)
		})
	})
}

// readBytes reads text already in memory: the sample, pasted text.
func (h *home) readBytes(name string, b []byte, sample bool) {
	h.readBytesSkipping(name, b, sample, false)
}

// readBytesSkipping is readBytes, skipping bad rows when skip is set (a
// link's file whose plan skipped them).
func (h *home) readBytesSkipping(name string, b []byte, sample, skip bool) {
	h.startRead(name, int64(len(b)), sample, nil, func(context.Context) io.Reader { return bytes.NewReader(b) }, skip)
}

// startRead reads an input on a goroutine, showing progress, and plans it
// once read. Reading yields to the browser every ~10 ms. An input from
// the browser's file (nil for text in memory) is kept as read only when a
// link could carry it: otherwise the file is read again when needed, and
// read by the planner's worker (see readInWorker).
func (h *home) startRead(name string, size int64, sample bool, file goapp.Value, open func(context.Context) io.Reader, skip bool) {
	if h.reading != nil {
		h.reading.cancel()
	}
	rs := &readState{name: name, start: time.Now(), prog: Progress{Total: size}, skip: skip}
	rs.again = func() { h.startRead(name, size, sample, file, open, true) }
	h.reading, h.inputErr, h.inputNote, h.pasteOpen = rs, nil, "", false
	h.skipBad, h.skipped = nil, nil
	if file == nil || size <= keepTable {
		h.readInPage(rs, size, sample, file, open)
		return
	}
	ctx := h.ctx
	rs.cancel = func() {
		ctx.Dispatch(func(goapp.Context) { h.finishRead(rs, nil, context.Canceled) })
	}
	ctx.Async(func() {
		head := make([]byte, headSize)
		n, err := io.ReadFull(newContentReader(context.Background(), file), head)
		if err == io.ErrUnexpectedEOF {
			err = nil
		}
		ctx.Dispatch(func(goapp.Context) {
			if h.reading != rs {
				return
			}
			if err == nil {
				rs.kind = kindOf(head[:n])
			}
			h.readInWorker(rs, size, file)
		})
	})
}

// readInPage reads an input in the page.
func (h *home) readInPage(rs *readState, size int64, sample bool, file goapp.Value, open func(context.Context) io.Reader) {
	name := rs.name
	rctx, cancel := context.WithCancel(context.Background())
	rs.cancel = cancel
	ctx := h.ctx
	ctx.Async(func() {
		var shown time.Time
		breathe := breather()
		progress := func(p Progress) {
			if time.Since(shown) > 80*time.Millisecond {
				shown = time.Now()
				ctx.Dispatch(func(goapp.Context) { rs.prog = p })
			}
			breathe()
		}
		d, kind, err := readDataset(rctx, name, size, sample, file, open(rctx), rs.skip, progress, breathe)
		cancel()
		ctx.Dispatch(func(goapp.Context) {
			rs.kind = kind
			h.finishRead(rs, d, err)
		})
	})
}

// readDataset reads an input into a dataset, keeping its bytes when a
// link could carry them (a file from the browser bigger than keepTable
// is read again when needed), and names its format.
func readDataset(ctx context.Context, name string, size int64, sample bool, file goapp.Value, r io.Reader, skip bool, progress func(Progress), breathe func()) (*dataset, string, error) {
	keep := int64(keepLimit)
	if file != nil {
		keep = keepTable
	}
	kept := newKeeper(r, size, keep)
	// The browser's memory for Go only grows: while reading, the heap is
	// held near what the data needs — the copy kept and the rows (a
	// pages table's pages take about 2.5 times the file) — as the CLI
	// does, rather than let the collector's slack set the tab's size.
	unlimit := limitMemory(readMemory(min(size, keep) + 3*size + 32<<20))
	set, skipped, est, err := decode(ctx, kept, name, size, skip, progress, breathe, false)
	unlimit()
	kind := kindOf(kept.head)
	if err != nil {
		return nil, kind, err
	}
	raw, size, sum, err := kept.finish()
	if err != nil {
		return nil, kind, err
	}
	d := setDataset(name, size, sample, set)
	d.raw, d.sum, d.kind, d.file, d.skipped = raw, sum, kind, file, skipped
	d.setEstimate(est)
	if d.kind == "pages table" && len(raw) > keepTable {
		// Too big for a link to hold, and no history to
		// backtest: only its fingerprint is needed.
		d.digest()
		d.raw = nil
	}
	return d, kind, nil
}

// readInWorker reads a big file in the planner's worker, which the engine
// lets go once it has read the pages, handing them to a fresh worker that
// holds and plans them: the memory reading takes goes with the first,
// where in the page, whose memory never shrinks, it would stay on top of
// the plan's. A plan running is abandoned (the new input replaces its
// data). The page gets the pages' summary and the file's fingerprint.
func (h *home) readInWorker(rs *readState, size int64, file goapp.Value) {
	ctx := h.ctx
	if h.busy {
		h.busy, h.note, h.stopped = false, "", true
	}
	h.seq++ // stages of the abandoned plan are ignored
	seq := h.seq
	var once sync.Once
	end := func(d *dataset, err error) {
		once.Do(func() {
			ctx.Dispatch(func(goapp.Context) {
				if errors.Is(err, context.Canceled) && h.seq == seq {
					h.eng.cancel()
				}
				h.finishRead(rs, d, err)
			})
		})
	}
	rs.cancel, rs.worker = func() { end(nil, context.Canceled) }, true
	q := Request{Seq: seq, Stages: StageRead, Name: rs.name, Size: size, File: file, SkipBad: rs.skip}
	h.eng.run(q, nil, func(s *Stage) {
		switch {
		case s.Kind == "reading" && s.Progress != nil:
			p := *s.Progress
			ctx.Dispatch(func(goapp.Context) { rs.prog = p })
		case s.Kind == "read" && s.Read != nil:
			// The pages stay with the engine that read them (holder): the
			// page has their summary.
			r := s.Read
			d := heldDataset(rs.name, r.Size, s.Seq, r.Summary)
			d.sum, d.kind, d.file, d.skipped = &r.Sum, r.Kind, file, r.Skipped
			end(d, nil)
		case s.Kind == "error" && s.InputErr != nil:
			end(nil, s.InputErr)
		case s.Kind == "error":
			end(nil, errors.New(s.Note))
		}
	})
}

// finishRead shows how reading ended, and plans what was read (d when err
// is nil).
func (h *home) finishRead(rs *readState, d *dataset, err error) {
	if h.reading != rs {
		return // another input took over
	}
	h.reading = nil
	name := rs.name
	var ie *InputError
	switch {
	case errors.Is(err, context.Canceled):
		h.inputNote = "Reading " + name + " was cancelled."
		if h.data != nil {
			h.inputNote += " The plan below is still of " + h.data.name + "."
		}
	case errors.As(err, &ie):
		h.inputErr = ie
		if ie.Line > 1 && (rs.kind == "observation log" || rs.kind == "change history") && !rs.skip {
			h.skipBad = rs.again
		}
	case err != nil:
		h.inputErr = &InputError{File: name, Msg: err.Error()}
	case h.checkAwaited(d):
		Mark("read")
		h.times = jobTimes{read: time.Since(rs.start).Seconds()}
		if sk := d.skipped; sk != nil {
			var note []string
			if sk.Notes != "" {
				note = append(note, name+": "+sk.Notes+".")
			}
			switch {
			case sk.Rows > len(sk.First):
				note = append(note, fmt.Sprintf("%s of %s skipped; the first %d:", plural(sk.Rows, "bad row", "bad rows"), name, len(sk.First)))
			case sk.Rows > 0:
				note = append(note, fmt.Sprintf("%s of %s skipped:", plural(sk.Rows, "bad row", "bad rows"), name))
			}
			h.inputNote = strings.Join(note, " ")
			h.skipped = sk.First
		}
		h.setData(d)
	}
}

// skipBadRows reads the log or history that stopped at a bad row again,
// skipping bad rows (SPEC §3: the person chooses between stopping and
// skipping).
func (h *home) skipBadRows() {
	if again := h.skipBad; again != nil {
		h.skipBad = nil
		again()
	}
}

func (h *home) cancelRead() {
	if h.reading != nil {
		h.reading.cancel()
	}
}

func (h *home) planPasted() {
	if h.pasteText == "" {
		h.inputErr = &InputError{File: "pasted text", Msg: "nothing pasted; paste a pages table (url,host,changes_per_day) into the box"}
		return
	}
	h.readBytes("pasted text", []byte(h.pasteText), false)
}
