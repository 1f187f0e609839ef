package app

import (
	"io"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/freshplan/freshplan/core/plan"
)

// chunkReader returns b in chunks of random sizes, as a browser's buffer
// is copied in: every part of a message may straddle two chunks and the
// wireReader's buffer.
type chunkReader struct {
	b   []byte
	rng *rand.Rand
}

func (r *chunkReader) Read(p []byte) (int, error) {
	if len(r.b) == 0 {
		return 0, io.EOF
	}
	k := min(len(p), len(r.b), 1+r.rng.IntN(200_000))
	copy(p, r.b[:k])
	r.b = r.b[k:]
	return k, nil
}

// TestWireReaderBig: pages read (packHeld) bigger than the wireReader's and the
// writer's buffers — 300,000 pages with rates and varied weights (float
// arrays of 2.4 MB), a URL of 3 MB among them — is written the size it
// says, and comes back page for page, read whole or in chunks; and a
// message cut short anywhere near its parts' ends is refused, never read
// past.
func TestWireReaderBig(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	pg := make([]plan.Page, 300_000)
	for i := range pg {
		pg[i] = plan.Page{URL: "https://h" + strconv.Itoa(i%97) + ".example/" + strconv.Itoa(i) + strings.Repeat("x", rng.IntN(40)),
			Host: "h" + strconv.Itoa(i%97) + ".example", Rate: rng.ExpFloat64(), Weight: rng.Float64()}
	}
	pg[1234].URL = "https://h1.example/" + strings.Repeat("long", 3<<18)
	held := &heldPages{set: setOf(pg), seq: 4, names: allNames}
	m, err := packHeld(held)
	if err != nil {
		t.Fatal(err)
	}
	b := m.bytes()
	if len(b) < 3*wireBuffer {
		t.Fatalf("a message of %d bytes does not test the buffer's edges", len(b))
	}
	// Written a buffer at a time, the message is the size it says.
	if m2, err := packHeld(held); err != nil || m2.size() != len(b) {
		t.Fatalf("a message of %d bytes says it is %d (%v)", len(b), m2.size(), err)
	}
	for _, w := range []*wireReader{bytesReader(b), newWireReader(&chunkReader{b, rng}, int64(len(b)))} {
		got, err := readHeld(w)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got.set.Pages(), pg) || got.seq != 4 {
			t.Fatal("the pages change on the wire")
		}
	}
	for _, k := range []int{len(b) - 1, len(b) - 1 - len("h0.example"), len(b) / 2, 100} {
		if _, err := readHeld(newWireReader(&chunkReader{b[:k], rng}, int64(len(b)))); err == nil {
			t.Errorf("a message cut to %d of %d bytes decodes", k, len(b))
		}
		if _, err := readHeld(bytesReader(b[:k])); err == nil {
			t.Errorf("a message of %d bytes decodes", k)
		}
	}
}
