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

// keepTable is the largest pages table kept: a link holds a file only
// while it stays within share.MaxLink characters, which no CSV of more
// than a few hundred KiB packs into. It is also the largest file kept as
// read: a bigger one is read again from the browser's File when a
// backtest needs it (see dataset.input), so the tab does not hold it
// twice.
const keepTable = 16 << 20

// headSize is how much of every input is kept to name its format.
const headSize = 64 << 10

// keeper passes an input through while keeping its first headSize bytes,
// and all of them up to its limit, and hashing it (SHA-256, for a share
// link's fingerprint) when they will not be kept: a kept input is hashed
// only when a link needs it (hashing 40 MB costs the browser a few tenths
// of a second).
type keeper struct {
	r     io.Reader
	sum   hash.Hash
	buf   []byte
	head  []byte
	keep  bool
	limit int64
	n     int64
}

// newKeeper keeps an input of size bytes as read when it is at most limit
// bytes.
func newKeeper(r io.Reader, size, limit int64) *keeper {
	k := &keeper{r: r, keep: size <= limit, limit: limit}
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
	if len(k.head) < headSize {
		k.head = append(k.head, p[:min(n, headSize-len(k.head))]...)
	}
	if k.keep && int64(len(k.buf)+n) > k.limit {
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
