// Package graph is the link graph a first crawl is planned on (seed 004
// §4.1, seed 001 §2.5): pages, the site each is on, and the links between
// them in compressed sparse rows, read from a CSV of from,to URLs or made
// by a seeded generator with the properties seed 004 §4.1 relies on.
//
// Rules for graphs that are not clean, applied by Build and stated here
// once:
//   - a self-loop (a page linking to itself) is dropped and counted: it
//     neither finds a page nor, in PageRank, moves any rank;
//   - a duplicate link is kept once and counted (seed 001 §2.2 counts
//     the pages linking to p, not the anchors);
//   - a dangling page (no out-link) is kept: PageRank spreads its rank
//     over every page (seed 001 §2.2, "we assume that it has outgoing
//     links to every single Web page");
//   - only pages reachable from the seeds are crawled, as in seed 001
//     §2.5.1 ("46,000 pages were unreachable from the starting point of
//     the crawl, so the total number of pages for our experiments was
//     179,000"); the rest are counted and left out (Reachable);
//   - a graph of one page is a graph: its crawl is one fetch.
package graph
