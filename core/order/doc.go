// Package order holds the long-term crawl-ordering strategies of seed 004
// §4.3 — breadth-first, backlink-count, batch-pagerank, partial-pagerank,
// OPIC, larger-sites-first, the historical-pagerank family, omniscient and
// random — which are seed 001 §2.4's ordering metrics O(u) among them
// (breadth-first, IB'(p) and IR'(p)), and the measures the two texts judge
// an order by: cumulative PageRank and its average (seed 004 §4.3.4),
// Kendall's τ against the PageRank order, and Cho's Crawl & Stop (P_CS) and
// Crawl & Stop with Threshold (P_ST) performance (seed 001 §2.3).
//
// A strategy gives every page a priority; the crawl simulator (package
// crawlsim) keeps the two-level queues of seed 004 Fig. 4.1 — sites, then
// each site's pages — ordered by it, and tells the strategy what each fetch
// found.
package order
