package order

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/freshplan/freshplan/core/internal/nth"
)

// Cumulative returns the cumulative PageRank after each page of order, as
// a fraction of the total over all pages: seed 004 §4.3.4's "sum of the
// Pagerank of downloaded pages at different points of the crawling
// process".
func Cumulative(order []int32, pr []float64) []float64 {
	total := 0.0
	for _, x := range pr {
		total += x
	}
	out := make([]float64, len(order))
	s := 0.0
	for i, p := range order {
		s += pr[p]
		out[i] = s / total
	}
	return out
}

// Average is seed 004 §4.3.4's average cumulative PageRank (Table 4.1):
// the cumulative PageRank averaged over the crawl, "the area under the
// curves" of cumulative PageRank against the fraction of pages.
func Average(cum []float64) float64 {
	if len(cum) == 0 {
		return 0
	}
	s := 0.0
	for _, c := range cum {
		s += c
	}
	return s / float64(len(cum))
}

// At is the cumulative PageRank after the first fraction f of the pages.
func At(cum []float64, f float64) float64 {
	k := int(math.Round(f * float64(len(cum))))
	if k <= 0 {
		return 0
	}
	return cum[min(k, len(cum))-1]
}

// PagesFor is the fraction of pages after which the cumulative PageRank
// first reaches f.
func PagesFor(cum []float64, f float64) float64 {
	i, _ := slices.BinarySearch(cum, f-1e-12)
	return float64(min(i+1, len(cum))) / float64(len(cum))
}

// Best is seed 004 Fig. 4.3's upper bound: the cumulative PageRank of the
// pages taken in decreasing PageRank, which no strategy passes.
func Best(pr []float64) []float64 {
	idx := make([]int32, len(pr))
	for i := range idx {
		idx[i] = int32(i)
	}
	slices.SortFunc(idx, func(a, b int32) int {
		switch {
		case pr[a] > pr[b]:
			return -1
		case pr[a] < pr[b]:
			return 1
		}
		return int(a - b)
	})
	return Cumulative(idx, pr)
}

// KendallSample is seed 004 §4.3.4's sample size for Kendall's τ: "a
// 5000-page sample of the page ordering in each strategy".
const KendallSample = 5000

// Kendall is seed 004 §4.3.4's Kendall's τ "for a 5000-page sample of the
// page ordering in each strategy, against a list of the same pages ordered
// by Pagerank": pages drawn uniformly (seeded), τ-b between their place in
// order (earlier = better) and their PageRank, ties counted as τ-b does.
func Kendall(order []int32, pr []float64, sample int, seed uint64) float64 {
	idx := make([]int, len(order))
	for i := range idx {
		idx[i] = i
	}
	if len(idx) > sample {
		rng := rand.New(rand.NewPCG(seed, 0x6e4d))
		rng.Shuffle(len(idx), func(i, j int) { idx[i], idx[j] = idx[j], idx[i] })
		idx = idx[:sample]
	}
	x := make([]float64, len(idx))
	y := make([]float64, len(idx))
	for i, k := range idx {
		x[i] = -float64(k) // fetched earlier ranks higher
		y[i] = pr[order[k]]
	}
	return TauB(x, y)
}

// CrawlAndStop is seed 001 §2.3's P_CS after the first k pages of order:
// of those k, the share M/K whose importance is at least the k-th highest
// importance I(r_K) — 1 for an ideal crawler, about k/T for a random one.
func CrawlAndStop(order []int32, importance []float64, k int) float64 {
	if k <= 0 {
		return 0
	}
	k = min(k, len(order))
	threshold := kthHighest(slices.Clone(importance), k)
	m := 0
	for _, p := range order[:k] {
		if importance[p] >= threshold {
			m++
		}
	}
	return float64(m) / float64(k)
}

// CrawlAndStopThreshold is seed 001 §2.3's P_ST after the first k pages:
// the share of the hot pages (importance ≥ g) among them — ideal
// min(k/H, 1), about k/T for a random crawler.
func CrawlAndStopThreshold(order []int32, importance []float64, k int, g float64) float64 {
	hot := 0
	for _, x := range importance {
		if x >= g {
			hot++
		}
	}
	if hot == 0 {
		return 0
	}
	m := 0
	for _, p := range order[:min(k, len(order))] {
		if importance[p] >= g {
			m++
		}
	}
	return float64(m) / float64(hot)
}

// kthHighest returns the k-th highest of a (1 ≤ k ≤ len(a)), reordering
// a: a selection, O(len(a)) expected, where sorting a study's PageRank for
// every strategy cost more than Kendall's τ.
func kthHighest(a []float64, k int) float64 {
	nth.Element(a, k-1, func(x, y float64) int { return cmp.Compare(y, x) })
	return a[k-1]
}
