package estimate

import "sync"

// The interval limits below are the costly part of estimating a log
// (inverse incomplete Beta and Gamma functions), and a log's pages share
// few distinct arguments: a daily crawl of n visits gives n + 1 Clopper–
// Pearson pairs, and each host's posterior sees as few. Both are pure
// functions, so they are remembered — the numbers are the same, computed
// once. The caches stop growing at memoMax entries.
const memoMax = 1 << 16

// memo remembers a pure function's pairs of results by key.
type memo[K comparable] struct {
	mu sync.Mutex
	m  map[K][2]float64
}

// get returns f's results for k, computing them on first use.
func (c *memo[K]) get(k K, f func() (float64, float64)) (float64, float64) {
	c.mu.Lock()
	v, ok := c.m[k]
	c.mu.Unlock()
	if ok {
		return v[0], v[1]
	}
	a, b := f()
	c.mu.Lock()
	if c.m == nil {
		c.m = map[K][2]float64{}
	}
	if len(c.m) < memoMax {
		c.m[k] = [2]float64{a, b}
	}
	c.mu.Unlock()
	return a, b
}

// clopperPearsonMemo caches clopperPearsonR by (n, x).
var clopperPearsonMemo memo[[2]int]

// gammaQuantilesMemo caches gammaQuantiles by x: a re-planning backtest
// estimates each page again every cycle, with the same few counts.
var gammaQuantilesMemo memo[int]
