// Package adaptive replays the adaptive recrawl schedulers that real
// crawlers ship, so that freshplan's policies can be compared with them at
// equal budget (SPEC §5–§6, `freshplan backtest`).
//
// Two schedulers are simulated, each from its Java source:
//
//   - Nutch: Apache Nutch's AdaptiveFetchSchedule.setFetchSchedule (master,
//     with the NUTCH-1564 offset cap), as driven by CrawlDbReducer (state from
//     signature comparison, forceRefetch above db.fetch.interval.max) and
//     AbstractFetchSchedule.shouldFetch (the Generator's pull-forward).
//   - StormCrawler: Apache StormCrawler's AdaptiveScheduler.schedule, with
//     DefaultScheduler for the first fetch.
//
// A scheduler replays one page at a time: given the times the page changed,
// it visits first at the start of the window and then wherever its own rule
// sends it, observing at each visit only what a crawler can observe —
// whether the content changed since the previous visit (signature
// comparison) and the server's Last-Modified time (the latest change at or
// before the visit).
//
// Arithmetic follows the Java: Nutch keeps the interval as a 32-bit float
// of seconds and times as milliseconds; StormCrawler keeps whole minutes,
// truncating float32 products. StormCrawler visits exactly when due (its
// spouts emit a URL once its next fetch date has passed); Nutch crawls in
// generate/fetch/updatedb rounds, so its visits fall on a grid of rounds
// (Nutch.GenerateCycle, hourly by default).
//
// TuneNutch and TuneStormCrawler scale a scheduler's initial, minimum and
// maximum intervals by one factor (a change of time unit), found by a scan
// and bisection, so that its total visits match a budget. Staleness scores
// a replay: the time-average fraction of the window during which the copy
// is out of date, and how many visits found a change.
package adaptive
