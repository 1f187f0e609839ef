// Package backtest measures plans against what really happened: it
// simulates a crawler over a training period of a change history (what a
// server would have reported: changed or not, Last-Modified), plans from
// those observations, then replays every policy — freshplan's static
// plans repeated every horizon, the same re-planned every horizon, and the
// adaptive schedulers of Nutch and StormCrawler tuned to the same number
// of visits — against the real changes of the test period (issue 7).
package backtest
