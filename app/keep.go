package app

import (
	"crypto/sha256"
	"hash"
	"io"
)

// keepLimit is the largest input the page keeps in memory as read: a
// share link can carry it, and a backtest re-reads it. Bigger inputs are
// only fingerprinted.
var keepLimit int64 = 64 << 20 // a variable for the tests

// keepTable is the largest pages table kept: a link holds at most 512 KiB
// of packed data, which no CSV of more than a few MiB packs into.
const keepTable = 16 << 20

// keeper passes an input through while keeping its bytes, up to
// keepLimit, and hashing it (SHA-256, for a share link's fingerprint) when
// they will not be kept: a kept input is hashed only when a link needs it
// (hashing 40 MB costs the browser a few tenths of a second).
type keeper struct {
	r    io.Reader
	sum  hash.Hash
	buf  []byte
	keep bool
	n    int64
}

func newKeeper(r io.Reader, size int64) *keeper {
	k := &keeper{r: r, keep: size <= keepLimit}
	if !k.keep {
		k.sum = sha256.New()
	}
	if k.keep && size > 0 {
		k.buf = make([]byte, 0, size)
	}
	return k
}

func (k *keeper) Read(p []byte) (int, error) {
	n, err := k.r.Read(p)
	k.n += int64(n)
	if k.keep && int64(len(k.buf)+n) > keepLimit {
		// Bigger than it said: hash what was kept, and keep no more.
		k.sum = sha256.New()
		k.sum.Write(k.buf)
		k.keep, k.buf = false, nil
	}
	if k.keep {
		k.buf = append(k.buf, p[:n]...)
	} else {
		k.sum.Write(p[:n])
	}
	return n, err
}

// finish reads what the decoder left (so that the hash is of the whole
// input) and returns the bytes kept (nil when the input was too big), the
// input's size, and its SHA-256 when the bytes were not kept (else a
// digest of them is made when needed: see dataset.digest).
func (k *keeper) finish() (raw []byte, size int64, sum *[32]byte, err error) {
	if _, err = io.Copy(io.Discard, k); err != nil {
		return nil, 0, nil, err
	}
	if k.keep {
		raw = k.buf
		if raw == nil {
			raw = []byte{}
		}
		return raw, k.n, nil, nil
	}
	sum = new([32]byte)
	copy(sum[:], k.sum.Sum(nil))
	return nil, k.n, sum, nil
}

// digest returns the SHA-256 of the data's input, hashing the kept bytes
// the first time it is asked.
func (d *dataset) digest() [32]byte {
	if d.sum == nil {
		s := sha256.Sum256(d.raw)
		d.sum = &s
	}
	return *d.sum
}
