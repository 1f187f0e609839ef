// Package firstcrawl is the study of seed 004 §4.3 on one link graph:
// every chosen ordering strategy run through the crawl simulator under the
// same conditions, each judged by its cumulative PageRank against pages
// and time — what the CLI's order command and the app's First crawl view
// show.
package firstcrawl
