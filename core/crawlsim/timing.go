package crawlsim

import (
	"fmt"
	"math"
)

// Timing is how long fetches take: each connection's latency, each
// page's size and each site's most bandwidth, lognormal (median, σ of the
// logarithm), drawn from the seed by page and site, not by the order of
// the crawl.
type Timing struct {
	LatencyMedian, LatencySigma    float64 // seconds, per connection
	SizeMedian, SizeSigma          float64 // bytes, per page
	SiteBandwidthMedian, SiteSigma float64 // bytes/s, per site (B_i^MAX)
}

// DefaultTiming matches seed 004 Fig. 4.2 (§4.2.1): for sequential
// transfers "90% of the pages were transferred in less than 1.5 seconds,
// and 95% of the pages in less than 3 seconds", and "latency is usually
// larger than the actual transfer time". Pages have a median of 10 KB
// and a mean of 18 KB (seed 004 §4.5.1: 57 GB in 3 million pages, 19 KB);
// site bandwidth a median of 500 KB/s; latency a median of 0.1 s with a
// long tail (σ 2.05), fitted so that latency plus size over site bandwidth
// has its 90th percentile at 1.5 s and 95th at 3 s, latency the larger
// part in 74% of fetches (TestDefaultTimingFig42 checks it).
var DefaultTiming = Timing{
	LatencyMedian: 0.10, LatencySigma: 2.05,
	SizeMedian: 10e3, SizeSigma: 1.1,
	SiteBandwidthMedian: 500e3, SiteSigma: 1.0,
}

func (t Timing) check() error {
	for _, v := range []float64{t.LatencyMedian, t.SizeMedian, t.SiteBandwidthMedian} {
		if !(v > 0) || math.IsInf(v, 0) {
			return fmt.Errorf("timing %+v: medians must be positive", t)
		}
	}
	for _, v := range []float64{t.LatencySigma, t.SizeSigma, t.SiteSigma} {
		if !(v >= 0) || v > 10 {
			return fmt.Errorf("timing %+v: σ must be in [0, 10]", t)
		}
	}
	return nil
}

// Draw kinds, so that a page's size and a connection's latency are
// independent draws.
const (
	drawSize uint64 = iota + 1
	drawLatency
	drawSite
)

// normal is a standard normal draw determined by seed, kind and id
// (Box–Muller on two splitmix64 outputs).
func normal(seed, kind uint64, id int32) float64 {
	x := seed ^ kind<<56 ^ uint64(uint32(id))*0x9e3779b97f4a7c15
	a, b := splitmix(x), splitmix(x^0x5851f42d4c957f2d)
	u1 := (float64(a>>11) + 0.5) / (1 << 53)
	u2 := float64(b>>11) / (1 << 53)
	return math.Sqrt(-2*math.Log(u1)) * math.Cos(2*math.Pi*u2)
}

func splitmix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

func lognormal(median, sigma, z float64) float64 { return median * math.Exp(sigma*z) }

// Size is page p's size in bytes.
func (t Timing) Size(seed uint64, p int32) float64 {
	return lognormal(t.SizeMedian, t.SizeSigma, normal(seed, drawSize, p))
}

// Latency is the latency of a connection opened to fetch page p first.
func (t Timing) Latency(seed uint64, p int32) float64 {
	return lognormal(t.LatencyMedian, t.LatencySigma, normal(seed, drawLatency, p))
}

// SiteBandwidth is site s's most bandwidth, B_s^MAX, in bytes/s.
func (t Timing) SiteBandwidth(seed uint64, s int32) float64 {
	return lognormal(t.SiteBandwidthMedian, t.SiteSigma, normal(seed, drawSite, s))
}
