// Package export writes a Plan in the formats of SPEC §6: the schedule,
// pages and hosts CSVs, the JSON summary, and seed lists Nutch and
// StormCrawler load. The CLI and the web app write the same bytes.
package export
