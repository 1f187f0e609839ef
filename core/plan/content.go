package plan

import (
	"io"

	"github.com/freshplan/freshplan/core/internal/gzipped"
	"github.com/freshplan/freshplan/core/internal/inputerr"
	"github.com/freshplan/freshplan/core/internal/synth"
	"github.com/freshplan/freshplan/core/pages"
)

// The few input helpers the CLI and the app need, which live in
// core/internal because they are not planning stages.

// DefaultMaxDecompressed is the most a gzip input may decompress to unless
// told otherwise: a guard against decompression bombs.
const DefaultMaxDecompressed = gzipped.DefaultMaxContent

// TooLargeError is returned when a gzip input decompresses past its limit.
type TooLargeError = gzipped.TooLargeError

// InputError is a reader's error at a line and column of its input.
type InputError = inputerr.Error

// ErrMemory is returned when reading would pass the memory allowed.
var ErrMemory = inputerr.ErrMemory

// Content returns r's content: r itself, or, when it is gzipped (by its
// magic bytes), its bytes decompressed as they are read, at most max;
// a gzip header that cannot be read is an error naming name.
func Content(r io.Reader, name string, max int64) (io.Reader, error) {
	return gzipped.ReaderMax(r, name, max)
}

// ContentSize returns the size of a file's content: size, or, for a gzip
// file, the content size its trailer declares.
func ContentSize(r io.ReaderAt, size int64) int64 { return gzipped.SizeAt(r, size) }

// Bytes spells a number of bytes for a person (e.g. 4 GiB).
func Bytes(n int64) string { return gzipped.Bytes(n) }

// Sample returns freshplan's built-in sample pages table.
func Sample() []pages.Page { return synth.Sample() }

// Synthetic returns the experiment of seed 000 §4 at any scale: n pages
// spread over m servers by a Zipf law of parameter theta, change rates
// uniform in [lo, hi] per day, drawn from seed.
func Synthetic(n, m int, theta, lo, hi float64, seed uint64) []pages.Page {
	return synth.Zipf(n, m, theta, lo, hi, seed)
}
