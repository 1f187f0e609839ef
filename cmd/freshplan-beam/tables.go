package main

import (
	"cmp"
	"context"
	"fmt"
	"hash/fnv"
	"reflect"
	"slices"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/freshplan/freshplan/core/pages"
)

// A pages table needs no join by URL: its rows are its pages. Each shard
// is sent on as one bundle per host (a Host of the shard's pages of that
// host, in the compact coder), so that the runner moves a few large
// elements instead of one per page, and the hosts are put together by
// one GroupByKey of those bundles. Whether a URL is given twice across
// shards is checked beside it on the URLs alone, bucketed by a hash.

// urlBuckets is how many groups the duplicate check splits the URLs into.
const urlBuckets = 256

// readPagesFn reads one shard of a pages table with core's reader
// (pages.Read): its hosts' bundles, and its URLs by bucket.
type readPagesFn struct {
	Cfg Config
}

func (f *readPagesFn) ProcessElement(ctx context.Context, sh Shard, emitBundle func(string, Host), emitURLs func(int, URLSet), emitStats func(Stats)) error {
	defer timed(ctx, "read", time.Now())
	br, c, err := openKind(ctx, sh, kindPages, f.Cfg.MaxContent)
	if err != nil {
		return err
	}
	defer c.Close()
	pg, err := pages.Read(br, sh.Path)
	if err != nil {
		return err
	}
	base := sh.N << shardBits
	var bundles []Host
	index := map[string]int{}
	buckets := make([][]string, urlBuckets)
	for i, p := range pg {
		if p.Change != nil || p.Exposure != nil {
			return fmt.Errorf("%s: row %d (%s): change models and embarrassment columns are planned by freshplan plan, not freshplan-beam", sh.Path, i+2, p.URL)
		}
		k, ok := index[p.Host]
		if !ok {
			k = len(bundles)
			index[p.Host] = k
			bundles = append(bundles, Host{Name: p.Host})
		}
		bundles[k].Pages = append(bundles[k].Pages, Page{Idx: base + int64(i), URL: p.URL, Rate: p.Rate, Weight: p.Weight, CrawlDelay: p.CrawlDelay})
		b := urlBucket(p.URL)
		buckets[b] = append(buckets[b], p.URL)
	}
	for _, h := range bundles {
		emitBundle(h.Name, h)
	}
	for b, urls := range buckets {
		if len(urls) > 0 {
			emitURLs(b, URLSet{URLs: urls})
		}
	}
	emitStats(Stats{Rows: int64(len(pg))})
	return nil
}

func urlBucket(url string) int {
	h := fnv.New32a()
	h.Write([]byte(url))
	return int(h.Sum32() % urlBuckets)
}

// checkURLs refuses a URL given twice across the shards, as pages.Read
// does within a file (core plans each URL once), and counts the bucket's
// URLs.
func checkURLs(ctx context.Context, bucket int, sets func(*URLSet) bool) (int64, error) {
	defer timed(ctx, "check-urls", time.Now())
	var all []string
	for _, s := range collect(sets) {
		all = append(all, s.URLs...)
	}
	slices.Sort(all)
	for i := 1; i < len(all); i++ {
		if all[i] == all[i-1] {
			n := 2
			for i+n-1 < len(all) && all[i+n-1] == all[i] {
				n++
			}
			return 0, fmt.Errorf("URL %s is given %d times across the pages tables' shards: give each page once", all[i], n)
		}
	}
	return int64(len(all)), nil
}

// joinBundles puts a host's bundles from every shard together, its pages
// in input order (Idx), checked as plan.Run checks them. The count of
// URLs checked is a side input only so that no host is planned before
// every URL is known to be given once.
type joinBundles struct {
	Cfg Config
}

func (f *joinBundles) ProcessElement(ctx context.Context, host string, bundles func(*Host) bool, checked int64, emit func(Host)) error {
	defer timed(ctx, "hosts+prior", time.Now())
	h := Host{Name: host}
	for _, b := range collect(bundles) {
		h.Pages = append(h.Pages, b.Pages...)
	}
	slices.SortFunc(h.Pages, func(a, b Page) int { return cmp.Compare(a.Idx, b.Idx) })
	if err := h.finish(f.Cfg); err != nil {
		return err
	}
	emit(h)
	return nil
}

// collect gathers a GroupByKey's values.
func collect[T any](next func(*T) bool) []T {
	var all []T
	var v T
	for next(&v) {
		all = append(all, v)
	}
	return all
}

// readTable builds a pages table's reading stages: the hosts, and the
// reading's Stats.
func readTable(s beam.Scope, cfg Config, shards []Shard) (hosts, stats beam.PCollection) {
	bundles, urls, st := beam.ParDo3(s, &readPagesFn{Cfg: cfg}, beam.CreateList(s, shards))
	checked := beam.Combine(s, sumInt, beam.Flatten(s, beam.ParDo(s, checkURLs, beam.GroupByKey(s, urls)), beam.Create(s, int64(0))))
	hosts = beam.ParDo(s, &joinBundles{Cfg: cfg}, beam.GroupByKey(s, bundles), beam.SideInput{Input: checked})
	return hosts, beam.Combine(s, mergeStats, beam.Flatten(s, st, beam.Create(s, Stats{})))
}

func init() {
	register.DoFn5x1[context.Context, Shard, func(string, Host), func(int, URLSet), func(Stats), error](&readPagesFn{})
	register.Emitter2[string, Host]()
	register.Emitter2[int, URLSet]()
	register.Function3x2(checkURLs)
	register.Iter1[URLSet]()
	register.Iter1[Host]()
	register.DoFn5x1[context.Context, string, func(*Host) bool, int64, func(Host), error](&joinBundles{})
	beam.RegisterCoder(reflect.TypeOf(URLSet{}), encodeURLSet, decodeURLSet)
}
