// Package crawlsim simulates a first crawl of a link graph as seed 004
// §4.1.2 and §4.2 describe the simulator used there: two-level queues
// (sites, then each site's pages, Fig. 4.1) ordered by a strategy of
// package order, r simultaneous connections never two to one site, a
// wait w between connections to a site, c pages per connection
// (keep-alive), the crawler's bandwidth B shared by its connections
// against each site's own, and page sizes and latency and transfer times
// drawn per page and per site from the seed, so that every strategy meets
// the same Web and a run is the same every time.
package crawlsim
