// Package mixture builds the page populations of seed 003 §5 — pages whose
// updates are Poisson, Pareto or quasi-deterministic, with Zipf-like mean
// rates — and compares the optimal allocation of a crawl budget (Fox's
// greedy over each page's A_i, seed 003 §2.4) with the uniform and
// proportional ones, on the average staleness of Figures 8 and 9.
//
// The paper leaves several choices open; this package fixes them (each
// documented on Config): the Pareto shape of Figure 8, how quasi-
// deterministic pages are drawn, and which Pareto parameter is held fixed
// as α varies in Figure 9 (the mean: a page keeps its rate λ_i, so
// β_i = (α − 1)/λ_i and only α > 1 is possible).
//
// With the mean held fixed, eq. 3 makes staleness fall as α falls below
// 2 (a heavier tail clusters the updates; the equilibrium survival
// (β/(β+s))^{α−1} grows pointwise as α falls), where the paper's Figure 9
// rises. What agrees is where it moves: flat from α = 4 to 2, steep below.
// The paper's rising curve resembles what one gets if the time from a fetch to
// the next update followed G itself rather than the equilibrium
// distribution eq. 3 prescribes; this package follows eq. 3.
package mixture
