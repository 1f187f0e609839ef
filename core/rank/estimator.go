package rank

import (
	"math"

	"github.com/freshplan/freshplan/core/graph"
	"github.com/freshplan/freshplan/core/internal/par"
)

// Estimator computes Partial's PageRank of the graph a crawl knows, again
// and again as the crawl grows (seed 004 §4.3.1's batch-pagerank
// recomputes it every K pages), to the same fixed point as Partial and
// within a stated bound of it, with far less work:
//
//   - it solves the linear system y = 1 + d·A·y, A the known links (a
//     column per fetched page with links, 1/out-degree in each of its
//     rows), and returns y/Σy. That is Partial's vector: with the pages a
//     crawl has seen but not fetched spread, as dangling pages, over every
//     seen page, Partial's x satisfies x = c·1 + d·A·x with the scalar
//     c = ((1−d) + d·Σ_dangling x)/m, so x = c·(I − d·A)⁻¹·1 ∝ y (the
//     sparse linear system of Del Corso, Gullì and Romani, "Fast PageRank
//     computation via a sparse linear system", 2005);
//   - it solves for the fetched pages alone: a page seen and not fetched
//     has no known out-link, so no page's value depends on its value, and
//     its own value, 1 + d·(A·y)_v, follows from the fetched pages' —
//     computed once, by the closing power step;
//   - it sweeps Gauss–Seidel, pulling over the known in-links, in two
//     blocks of pages that run at once (each block reads its own pages'
//     new values and the other block's from the sweep before, so the
//     result does not depend on the scheduling);
//   - before the first sweep and after each it rescales each site's
//     fetched pages by one factor, solving the residual equation summed
//     over them (sites.go): most links stay inside their site (seed 004
//     §4.1), so a sweep spreads rank within a site fast and the site's
//     total slowly, and the pages fetched since the last call moved rank
//     between sites most;
//   - it starts from the previous call's y, new pages at 1, and keeps the
//     known in-links in rows with room for every in-link the graph has,
//     adding each call only the links of the pages fetched since, at
//     their rows' ends — on another goroutine, while the crawl goes on,
//     for the pages told by Fetched;
//   - it ends with one power-iteration step (jacobi) over every seen page,
//     which measures the residual it stops on and keeps ties.
//
// Why it stops where it may. It stops after a power step y' = 1 + d·A·y
// whose change ‖y' − y‖₁, the residual r of y, is under tol·Σy'. As
// y' − y* = d·A·(y − y*) and y − y* = −(I − d·A)⁻¹·r, with A's columns
// summing to at most 1 and (I − d·A)⁻¹'s L1 norm at most 1/(1−d),
// ‖y' − y*‖₁ ≤ d/(1−d)·‖r‖₁ — the bound of the power iteration's own
// stopping rule, whatever came before. So the estimate is within
// 2·tol·d/(1−d) in L1 of the exact partial PageRank (the factor 2 from
// normalising), as Partial's power iteration stopped at tol is within
// tol·d/(1−d). The pages not fetched do not change it: take y with each
// such page's value 1 + d·(A·y)_v from the fetched pages' values (its
// residual is 0); the power step from that y gives the fetched pages
// what jacobi gives them and the others what jacobi computes from the
// values before the step, and its residual is the fetched pages' alone.
// The power step is taken when a Gauss–Seidel sweep's change is near
// tol: after a sweep the residual is d·A applied to the values each
// update read that changed later in the sweep, so ‖r‖₁ ≤ d·‖Δ‖₁, and in
// practice a tenth of it.
type Estimator struct {
	g      *graph.Graph
	d, tol float64

	y     []float64 // unnormalised, 0 for pages not seen
	vals  []float64 // share, then prev
	share []float64 // y·inv, this sweep's values
	prev  []float64 // share after the sweep before
	inv   []float64 // 1/out-degree of a fetched page with links, else 0
	added []bool    // fetched pages whose links are in the rows
	split int       // the second block's first page

	// Known in-links of page v: inSrc[inOff[v]:inEnd[v]], each an index
	// into vals: u when u is in v's block, n+u when not — so a sweep reads
	// its own block's new values and the other's from the sweep before
	// without a test. Row v has room for v's in-links in g, up to
	// inOff[v+1]: a link is added where it goes, nothing moved.
	inOff, inEnd []int32
	inSrc        []uint32
	links        int           // known links
	recent       []bool        // pages fetched since the last call, while linkFetched runs
	adding       chan struct{} // closed once the pages told by the last Fetched are in, nil if none

	sites sites
}

// NewEstimator returns an Estimator for crawls of g, with damping d and
// tolerance tol as in Partial.
func NewEstimator(g *graph.Graph, d, tol float64) *Estimator {
	n := g.Pages()
	e := &Estimator{g: g, d: d, tol: tol, y: make([]float64, n), vals: make([]float64, 2*n),
		inv: make([]float64, n), added: make([]bool, n), inOff: make([]int32, n+1), inEnd: make([]int32, n),
		inSrc: make([]uint32, len(g.Out)), recent: make([]bool, n)}
	e.share, e.prev = e.vals[:n], e.vals[n:]
	e.sites.init(g)
	// The blocks split g's links in two, fixed for the Estimator's life:
	// the rows store which block a link comes from.
	in := 0
	for v, k := range g.InDegrees() {
		if in < len(g.Out)/2 {
			e.split = v + 1
		}
		e.inEnd[v] = int32(in)
		in += int(k)
		e.inOff[v+1] = int32(in)
	}
	copy(e.inOff, e.inEnd)
	return e
}

// checkAt is how far above the tolerance (times tol·Σy) a Gauss–Seidel
// sweep's change may be for the power step to test the residual: it was
// 0.07–0.14 of the sweep's change on the synthetic graphs, so the test
// mostly passes, a sweep before the change itself would be small enough.
const checkAt = 4

// parallelLinks is the fewest known links for which the blocks run at
// once: below, in turn (the result is the same).
const parallelLinks = 1 << 16

// Estimate writes into x (len g.Pages()) the PageRank of the pages with
// seen set, linked by the out-links of those with fetched set, 0 for the
// rest, summing to 1 (Partial's, within the bound above), and returns the
// sweeps taken. seen and fetched may only grow from one call to the next.
func (e *Estimator) Estimate(seen, fetched []bool, x []float64) int {
	n := e.g.Pages()
	m := 0
	rest := 0.0 // Σy of the pages seen and not fetched, as the last call left it
	for p := range n {
		if seen[p] {
			m++
			if e.y[p] == 0 { // a page new since the last call
				e.y[p] = 1
			}
			if !fetched[p] {
				rest += e.y[p]
			}
		}
	}
	if m == 0 {
		clear(x)
		return 0
	}
	e.add(fetched)
	for p := range n {
		e.share[p] = e.y[p] * e.inv[p]
	}
	copy(e.prev, e.share)
	// A rescaling before the first sweep (the doc above says why).
	e.rescale(fetched)
	sweeps := 0
	var sum, step [2]float64
	var total float64
	for {
		sweeps++
		e.inBlocks(func(b, lo, hi int) {
			sum[b], step[b] = e.sweep(fetched, lo, hi)
		})
		if step[0]+step[1] < checkAt*e.tol*(sum[0]+sum[1]+rest) || sweeps+1 >= MaxIterations {
			// Near: a power step, whose change is the residual itself.
			copy(e.prev, e.share)
			sweeps++
			var r float64
			if r, total = e.jacobi(seen, fetched); r < e.tol*total || sweeps >= MaxIterations {
				break
			}
			copy(e.prev, e.share)
			continue
		}
		e.rescale(fetched)
	}
	for p := range n {
		x[p] = e.y[p] / total
	}
	return sweeps
}

// inBlocks calls f for each block of pages, b = 0 for pages [0, split)
// and 1 for [split, n): at once on the machine's threads (par.Do) when
// the rows hold parallelLinks links or more, else one after the other. f
// writes only its block's pages, so the result does not depend on which
// runs when.
func (e *Estimator) inBlocks(f func(b, lo, hi int)) {
	n := e.g.Pages()
	if e.links < parallelLinks {
		f(0, 0, e.split)
		f(1, e.split, n)
		return
	}
	par.Do(func() error { f(0, 0, e.split); return nil }, func() error { f(1, e.split, n); return nil })
}

// jacobi is a power step, y ← 1 + d·A·y, reading only the sweep before;
// it returns the fetched pages' ‖Δy‖₁, which is the residual of y before
// the step (the others' values taken from the fetched pages', above), and
// Σy. Each block sums its own; the two sums are added in block order.
// The last sweep is one: pages with the same known in-links then get the
// same value to the last bit, so that ties between them go, as the
// strategies say, to the page seen first — Gauss–Seidel would have left
// them apart by rounding and by when in the sweep each was updated.
func (e *Estimator) jacobi(seen, fetched []bool) (step, total float64) {
	var steps, totals [2]float64
	e.inBlocks(func(b, lo, hi int) {
		steps[b], totals[b] = e.jacobiBlock(seen, fetched, lo, hi)
	})
	return steps[0] + steps[1], totals[0] + totals[1]
}

// jacobiBlock is jacobi over pages lo ≤ v < hi.
func (e *Estimator) jacobiBlock(seen, fetched []bool, lo, hi int) (step, total float64) {
	n := uint32(e.g.Pages())
	d, prev, y, inv := e.d, e.prev, e.y, e.inv
	for v := lo; v < hi; v++ {
		if !seen[v] {
			continue
		}
		s := 0.0
		for _, u := range e.inSrc[e.inOff[v]:e.inEnd[v]] {
			if u >= n { // the other block's page (the rows' encoding)
				u -= n
			}
			s += prev[u]
		}
		nv := 1 + d*s
		if fetched[v] {
			step += math.Abs(nv - y[v])
		}
		y[v] = nv
		total += nv
		e.share[v] = nv * inv[v]
	}
	return step, total
}

// rescale scales each site's fetched pages (sites.go), from per-site sums
// taken in the two blocks at once.
func (e *Estimator) rescale(fetched []bool) {
	e.inBlocks(func(b, lo, hi int) { e.sites.sums(e.y, fetched, lo, hi, &e.sites.block[b]) })
	e.sites.rescale(e, fetched)
}

// sweep updates the fetched pages lo ≤ v < hi in place, y_v = 1 + d·Σ
// share_u over v's known in-links u, reading share from this sweep for
// u in the block and from the sweep before for the others; it returns
// the block's Σy and Σ|Δy|.
func (e *Estimator) sweep(fetched []bool, lo, hi int) (sum, step float64) {
	d, vals, share, y, inv := e.d, e.vals, e.share, e.y, e.inv
	for v := lo; v < hi; v++ {
		if !fetched[v] {
			continue
		}
		s := 0.0
		for _, u := range e.inSrc[e.inOff[v]:e.inEnd[v]] {
			s += vals[u]
		}
		nv := 1 + d*s
		step += math.Abs(nv - y[v])
		sum += nv
		y[v] = nv
		share[v] = nv * inv[v]
	}
	return sum, step
}

// Fetched tells the Estimator, ahead of the next Estimate, that these
// pages have been fetched: their links are put into the rows on another
// goroutine while the caller goes on (the crawl simulating the next
// pages), one call's pages after the last's, and Estimate waits for them.
// The caller must not change pages afterwards. Pages Estimate finds
// fetched and not told are added by Estimate itself, so telling is only
// ever a head start.
func (e *Estimator) Fetched(pages []int32) {
	before, done := e.adding, make(chan struct{})
	e.adding = done
	go func() {
		defer close(done)
		if before != nil {
			<-before
		}
		e.addPages(pages)
	}()
}

// add puts the links of the pages fetched since the last call into the
// rows, each at the end of its row's known links: those told by Fetched
// once they are in, then any other.
func (e *Estimator) add(fetched []bool) {
	if e.adding != nil {
		<-e.adding
		e.adding = nil
	}
	var fresh []int32
	for u := range int32(e.g.Pages()) {
		if fetched[u] && !e.added[u] {
			fresh = append(fresh, u)
		}
	}
	e.addPages(fresh)
}

// addPages puts the links of pages, fetched and not yet added, into the
// rows, each at the end of its row's known links, and into the sites'
// shares.
func (e *Estimator) addPages(pages []int32) {
	g, n := e.g, e.g.Pages()
	split := int32(e.split)
	fresh := pages[:0] // in place: a page is written no later than it is read
	for _, u := range pages {
		if e.added[u] {
			continue
		}
		e.added[u] = true
		fresh = append(fresh, u)
		e.sites.pages[g.Host[u]]++
		out := g.OutOf(u)
		if len(out) > 0 {
			e.inv[u] = 1 / float64(len(out))
		}
		for _, v := range out {
			i := uint32(u)
			if (u < split) != (v < split) {
				i += uint32(n)
			}
			e.inSrc[e.inEnd[v]] = i
			e.inEnd[v]++
		}
		e.links += len(out)
	}
	e.linkFetched(fresh)
}

// linkFetched adds to the sites' shares each link between two fetched
// pages that one of the pages fetched since the last call makes: their
// out-links to fetched pages, and their in-links from pages fetched
// before.
func (e *Estimator) linkFetched(fresh []int32) {
	n := uint32(e.g.Pages())
	for _, u := range fresh {
		e.recent[u] = true
	}
	for _, u := range fresh {
		for _, v := range e.g.OutOf(u) {
			if e.added[v] {
				e.sites.link(u, v, e.inv[u])
			}
		}
	}
	for _, v := range fresh {
		for _, i := range e.inSrc[e.inOff[v]:e.inEnd[v]] {
			if u := int32(i % n); !e.recent[u] {
				e.sites.link(u, v, e.inv[u])
			}
		}
	}
	for _, u := range fresh {
		e.recent[u] = false
	}
}
