package app

import (
	"context"
	"errors"
	"io"

	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/freshplan/freshplan/core/plan"
)

// blobChunk is how much of a file is read at a time.
const blobChunk = 1 << 20

// blobReader reads a browser Blob (a dropped or chosen File) a slice at a
// time: File.slice(off, off+1 MiB).arrayBuffer(), copied into Go. The
// next slice is asked for as soon as one is taken, so the browser reads
// it while Go works on this one; the file is never held whole.
type blobReader struct {
	ctx   context.Context
	blob  goapp.Value
	size  int64
	off   int64
	buf   []byte         // what is left of the last slice read
	mem   []byte         // the memory slices are copied into, reused
	ahead chan blobSlice // the slice at off, asked for; nil when not yet
	// giveBack gives each slice back once copied (discardValue), in a
	// worker that only reads: see newReadJobReader.
	giveBack bool
}

// blobSlice is a slice's bytes as the browser gave them, or why not.
type blobSlice struct {
	buf goapp.Value // an ArrayBuffer
	err error
}

func newBlobReader(ctx context.Context, blob goapp.Value) *blobReader {
	return &blobReader{ctx: ctx, blob: blob, size: int64(blob.Get("size").Float())}
}

func (b *blobReader) Read(p []byte) (int, error) {
	if len(b.buf) == 0 {
		if b.off >= b.size {
			return 0, io.EOF
		}
		chunk, err := b.next()
		if err != nil {
			return 0, err
		}
		b.buf = chunk
	}
	n := copy(p, b.buf)
	b.buf = b.buf[n:]
	return n, nil
}

// next returns the slice at off, waiting for the browser's promise, and
// asks for the one after it.
func (b *blobReader) next() ([]byte, error) {
	end := min(b.off+blobChunk, b.size)
	if b.ahead == nil {
		b.ahead = b.ask(b.off, end)
	}
	var r blobSlice
	select {
	case r = <-b.ahead:
	case <-b.ctx.Done():
		return nil, b.ctx.Err()
	}
	b.ahead = nil
	if r.err != nil {
		return nil, r.err
	}
	b.off = end
	if b.off < b.size {
		b.ahead = b.ask(b.off, min(b.off+blobChunk, b.size))
	}
	u8 := goapp.Window().Get("Uint8Array").New(r.buf)
	if cap(b.mem) < u8.Length() {
		b.mem = make([]byte, u8.Length())
	}
	data := b.mem[:u8.Length()]
	goapp.CopyBytesToGo(data, u8)
	if b.giveBack {
		discardValue(r.buf)
	}
	return data, nil
}

// ask asks the browser for the bytes from off to end; the channel gets
// them when its promise settles.
func (b *blobReader) ask(off, end int64) chan blobSlice {
	done := make(chan blobSlice, 1)
	var ok, fail goapp.Func
	release := func() {
		ok.Release()
		fail.Release()
	}
	ok = goapp.FuncOf(func(this goapp.Value, args []goapp.Value) any {
		release()
		done <- blobSlice{buf: args[0]}
		return nil
	})
	fail = goapp.FuncOf(func(this goapp.Value, args []goapp.Value) any {
		release()
		msg := "the browser could not read the file"
		if len(args) > 0 && args[0].Truthy() {
			msg += ": " + args[0].Call("toString").String()
		}
		done <- blobSlice{err: errors.New(msg)}
		return nil
	})
	b.blob.Call("slice", off, end).Call("arrayBuffer").Call("then", ok, fail)
	return done
}

// newContentReader reads a browser File's content: the file itself, or,
// for a gzip file, its bytes decompressed as they are read (plan.Content)
// — crawl logs and archive indexes are usually compressed.
func newContentReader(ctx context.Context, blob goapp.Value) io.Reader {
	return contentOf(newBlobReader(ctx, blob), blob)
}

// newReadJobReader is newContentReader for a job that reads a file and
// does nothing else (StageRead), in a worker let go when it has read:
// each slice is given back as soon as it is copied into Go. The browser
// makes the slices off the worker's thread, and left to the collector
// they stayed until the job ended — on a 1M-row log the tab's peak, 474
// against 401–415 MB given back (e2e TestBenchFile). Only there: in the
// planning worker, reading a 206 MB history again for the Backtest panel,
// slices given back so piled up instead, late in the replay, in one run
// of two (the tab at 2.7 GB against 0.7; not understood), which a worker
// let go at the end of its job bounds.
func newReadJobReader(ctx context.Context, blob goapp.Value) io.Reader {
	b := newBlobReader(ctx, blob)
	b.giveBack = true
	return contentOf(b, blob)
}

// contentOf is the content of the File blob that b reads.
func contentOf(b *blobReader, blob goapp.Value) io.Reader {
	r, err := plan.Content(b, blob.Get("name").String(), plan.DefaultMaxDecompressed)
	if err != nil {
		return errReader{err}
	}
	return r
}

// errReader is a reader that fails with err.
type errReader struct{ err error }

func (r errReader) Read([]byte) (int, error) { return 0, r.err }

// contentSize returns the size of a browser File's content: its size, or,
// for a gzip file, the content size its trailer declares — what reading
// is sized by (in the page or a worker, progress, memory).
func contentSize(ctx context.Context, blob goapp.Value) int64 {
	return plan.ContentSize(blobAt{ctx, blob}, int64(blob.Get("size").Float()))
}

// blobAt reads a few bytes of a Blob at an offset (io.ReaderAt).
type blobAt struct {
	ctx  context.Context
	blob goapp.Value
}

func (b blobAt) ReadAt(p []byte, off int64) (int, error) {
	data, err := (&blobReader{ctx: b.ctx, blob: b.blob, off: off, size: off + int64(len(p))}).next()
	return copy(p, data), err
}
