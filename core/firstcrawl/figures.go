package firstcrawl

import "fmt"

// Figures are s's headline figures as both tables show them, freshplan
// order's and the First crawl view's, so that the two agree digit for
// digit: average cumulative PageRank, τ, PageRank at AtFractions, half
// the PageRank at (a percentage of pages), P_CS, hours to crawl
// everything, pages a second, idle robots at the end.
func (s *Summary) Figures() []string {
	return []string{fmt.Sprintf("%.4f", s.Average), fmt.Sprintf("%.3f", s.Tau),
		fmt.Sprintf("%.3f", s.At[0]), fmt.Sprintf("%.3f", s.At[1]), fmt.Sprintf("%.3f", s.At[2]), fmt.Sprintf("%.3f", s.At[3]),
		fmt.Sprintf("%.1f%%", 100*s.HalfAt), fmt.Sprintf("%.3f", s.CrawlStop), fmt.Sprintf("%.2f", s.Seconds/3600),
		fmt.Sprintf("%.3f", s.PagesPerSecond), fmt.Sprintf("%.2f", s.IdleAtEnd)}
}
