package app

import (
	"crypto/sha256"
	"hash"
	"io"
)

// keepLimit is the largest input the page keeps in memory as read: a
// share link can carry it, and a backtest re-reads it. Bigger inputs are
// only fingerprinted.
const keepLimit = 64 << 20

// keeper passes an input through while hashing it (SHA-256, for a share
// link's fingerprint) and, up to keepLimit, keeping its bytes.
type keeper struct {
	r    io.Reader
	sum  hash.Hash
	buf  []byte
	keep bool
	n    int64
}

func newKeeper(r io.Reader, size int64) *keeper {
	k := &keeper{r: r, sum: sha256.New(), keep: size <= keepLimit}
	if k.keep && size > 0 {
		k.buf = make([]byte, 0, size)
	}
	return k
}

func (k *keeper) Read(p []byte) (int, error) {
	n, err := k.r.Read(p)
	k.sum.Write(p[:n])
	k.n += int64(n)
	if k.keep {
		if int64(len(k.buf)+n) > keepLimit {
			k.keep, k.buf = false, nil
		} else {
			k.buf = append(k.buf, p[:n]...)
		}
	}
	return n, err
}

// finish reads what the decoder left (so that the hash is of the whole
// input) and returns the bytes kept (nil when the input was too big) and
// the input's size and SHA-256.
func (k *keeper) finish() (raw []byte, size int64, sum [32]byte, err error) {
	if _, err = io.Copy(io.Discard, k); err != nil {
		return nil, 0, sum, err
	}
	copy(sum[:], k.sum.Sum(nil))
	if k.keep {
		raw = k.buf
		if raw == nil {
			raw = []byte{}
		}
	}
	return raw, k.n, sum, nil
}
