package app

import (
	"bytes"
	"crypto/sha256"
	"io"
	"testing"
)

// TestKeeper: an input within the limit is kept whole and hashed when
// asked; a bigger one — even one that said it was small — is hashed as it
// passes and not kept; the head is kept either way.
func TestKeeper(t *testing.T) {
	for _, c := range []struct {
		n, said int
		kept    bool
	}{{0, 0, true}, {700, 700, true}, {1000, 1000, true}, {1001, 1001, false}, {5000, 10, false}, {5000, 5000, false}, {70000, 70000, false}, {70000, 999, false}} {
		in := bytes.Repeat([]byte("0123456789abcdef"), c.n/16+1)[:c.n]
		k := newKeeper(bytes.NewReader(in), int64(c.said), 1000)
		// The decoder reads part of the input; finish reads the rest.
		if _, err := io.CopyN(io.Discard, k, int64(c.n/2)); err != nil {
			t.Fatal(err)
		}
		raw, size, sum, err := k.finish()
		if err != nil {
			t.Fatal(err)
		}
		d := &dataset{raw: raw, sum: sum}
		head := in[:min(len(in), headSize)]
		if size != int64(c.n) || (raw != nil) != c.kept || (c.kept && !bytes.Equal(raw, in)) || d.digest() != sha256.Sum256(in) || !bytes.Equal(k.head, head) {
			t.Errorf("%d bytes (said %d): kept %v (%d bytes), size %d, digest right %v",
				c.n, c.said, raw != nil, len(raw), size, d.digest() == sha256.Sum256(in))
		}
	}
}
