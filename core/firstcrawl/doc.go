// Package firstcrawl is the study of seed 004 §4.3 on one link graph:
// every chosen ordering strategy run through the crawl simulator under the
// same conditions, each judged by its cumulative PageRank against pages
// and time — what the CLI's order command and the app's First crawl view
// show.
//
// Run does the whole study in turn: Rank computes the graph's PageRank,
// the oracle, and Report.Simulate crawls it with one strategy;
// RobotsCurve times the crawl of one strategy against the number of
// robots (seed 004 Table 4.2). Work.Split divides a study between
// workers, each running its Share (the app's workers, each holding the
// graph), and Report.Add and MergeRobots put their parts together.
package firstcrawl
