package main

import (
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/freshplan/freshplan/core/estimate"
	"github.com/freshplan/freshplan/core/observe"
)

// Rec is one page as read: a pages table's row, or an observation log's
// URL with its estimate.
type Rec struct {
	// Idx is the page's place in the input: the shard's number (in the
	// sorted list of files) times 2^40 plus its row (a table) or its
	// order of first appearance (a log), so that pages with equal gains
	// fall in the order core/allocate gives them.
	Idx        int64
	URL, Host  string
	Rate       float64 // changes per day: the table's, or the estimate's
	Weight     float64
	CrawlDelay float64
	HasEst     bool
	Est        estimate.Estimate
}

// Hist is one shard's history of one URL.
type Hist struct {
	Idx int64
	H   observe.History
}

// Page is a page of a host, ready to plan.
type Page struct {
	Idx        int64
	URL        string
	Rate       float64 // changes per day, after the prior
	Weight     float64
	CrawlDelay float64
}

// Host is every page of one host, sorted by Idx.
type Host struct {
	Name  string
	Delay float64 // seconds between requests: the politeness or the largest crawl_delay asked
	Pages []Page
}

// Counts are one round's capped (C) and uncapped (F) totals at each of
// the round's thresholds.
type Counts struct {
	C, F []int64
}

// Cand is a visit between a search's two thresholds: its gain, its
// page's Idx and host.
type Cand struct {
	Gain float64
	Idx  int64
	Host string
}

// Cands are the candidates of the capped (C) and uncapped (F) problems.
type Cands struct {
	C, F []Cand
}

// Extras are, per host (sorted by name), the visits each problem takes
// beyond its counts at the upper threshold.
type Extras struct {
	HostsC []string
	C      []int64
	HostsF []string
	F      []int64
}

// Part is one host's share of the summary.
type Part struct {
	Pages, Hosts    int64
	Visits          int64 // psp's (the capped allocation's) visits
	WSum            float64
	WP, Nonpolite   float64 // Σ w·A of the capped and uncapped allocations (seed 000 §2.1)
	InfCrawlers     float64 // Σ w·A of MERGE's times followed exactly (seed 000 §2.2)
	PSP             float64 // Σ w·A of the crawler assignment's times (partitioned, assign.go)
	Dropped         int64   // programmed visits the partition's crawlers could not make
	Violations      int64
	ScheduledVisits int64
}

func init() {
	for _, t := range []any{Rec{}, Hist{}, Page{}, Counts{}, Cand{}, Cands{}, Extras{}, Part{}, Resolved{}, Search{}, Bracket{}, estimate.Moments{}, Stats{}} {
		beam.RegisterType(reflect.TypeOf(t))
	}
	beam.RegisterCoder(reflect.TypeOf(Host{}), encodeHost, decodeHost)
}
