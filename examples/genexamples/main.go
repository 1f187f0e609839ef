// Command genexamples writes the README tour's small synthetic inputs,
// made up here and copied from nowhere:
//
//   - examples/changes.csv, a change history (url,host,time; one row per
//     change, time in Unix seconds) of 46 pages on three hosts over 2024
//     and 2025. Pages change as real ones do rather than as the papers'
//     Poisson processes: in bursts (a page is drafted, then left alone),
//     and in mass edits (a day on which many of a host's pages change).
//   - examples/fetches.csv, an observation log (url,host,time,changed,
//     last_modified; one row per fetch) of 24 pages each fetched daily for
//     four weeks, at a time of day of its own, each changing as a Poisson
//     process of its own rate.
//
// Run from the repository's root: go run ./examples/genexamples. Its test
// checks that the committed files are what it writes.
package main

import (
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

func main() {
	dir := "examples"
	if len(os.Args) > 1 {
		dir = os.Args[1]
	}
	for name, write := range map[string]func(io.Writer) error{
		"changes.csv": Changes,
		"fetches.csv": Fetches,
	} {
		var b strings.Builder
		if err := write(&b); err != nil {
			fmt.Fprintln(os.Stderr, "genexamples:", err)
			os.Exit(1)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(b.String()), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "genexamples:", err)
			os.Exit(1)
		}
	}
}

var (
	start = time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	end   = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
)

const day = 24 * time.Hour

// Changes writes the change history.
func Changes(w io.Writer) error {
	r := rand.New(rand.NewPCG(2024, 1))
	hosts := []struct {
		name  string
		pages int
		burst float64 // bursts per page per year
		mass  float64 // mass edits per year
	}{
		{"docs.example", 20, 1, 1.5},
		{"blog.example", 16, 0.4, 0.5},
		{"news.example", 12, 2.5, 1},
	}
	span := end.Sub(start)
	type row struct {
		url string
		t   time.Time
	}
	var rows []row
	for _, h := range hosts {
		urls := make([]string, h.pages)
		for i := range urls {
			urls[i] = fmt.Sprintf("https://%s/page/%d", h.name, i+1)
		}
		for _, u := range urls {
			// Each page its own burst rate, spread over a factor of 20 around its host's.
			rate := h.burst * math.Exp(r.NormFloat64()*0.9)
			years := span.Hours() / (24 * 365)
			for t := 0.0; ; {
				t += r.ExpFloat64() / rate
				if t >= years {
					break
				}
				// A burst: 1 to 5 changes within a few days.
				at := start.Add(time.Duration(t * 365 * float64(day)))
				n := 1 + r.IntN(5)
				for k := 0; k < n; k++ {
					if at.Before(end) {
						rows = append(rows, row{u, at})
					}
					at = at.Add(time.Duration(r.ExpFloat64() * float64(day)))
				}
			}
		}
		// Mass edits: on a day, 30–70% of the host's pages change within hours.
		for t := 0.0; ; {
			t += r.ExpFloat64() / h.mass
			if t >= span.Hours()/(24*365) {
				break
			}
			at := start.Add(time.Duration(t * 365 * float64(day)))
			share := 0.3 + 0.4*r.Float64()
			for _, u := range urls {
				if r.Float64() < share {
					rows = append(rows, row{u, at.Add(time.Duration(r.Float64() * 4 * float64(time.Hour)))})
				}
			}
		}
	}
	slices.SortFunc(rows, func(a, b row) int {
		if c := strings.Compare(a.url, b.url); c != 0 {
			return c
		}
		return a.t.Compare(b.t)
	})
	if _, err := fmt.Fprintln(w, "url,host,time"); err != nil {
		return err
	}
	for _, x := range rows {
		host := strings.SplitN(strings.TrimPrefix(x.url, "https://"), "/", 2)[0]
		if _, err := fmt.Fprintf(w, "%s,%s,%d\n", x.url, host, x.t.Unix()); err != nil {
			return err
		}
	}
	return nil
}

// Fetches writes the observation log.
func Fetches(w io.Writer) error {
	r := rand.New(rand.NewPCG(2025, 2))
	const pages, days = 24, 28
	from := time.Date(2025, 3, 3, 0, 0, 0, 0, time.UTC)
	if _, err := fmt.Fprintln(w, "url,host,time,changed,last_modified"); err != nil {
		return err
	}
	for i := range pages {
		host := []string{"shop.example", "wiki.example"}[i%2]
		u := fmt.Sprintf("https://%s/item/%d", host, i/2+1)
		// Rates from one change a month to four a day, log-uniform.
		rate := math.Exp(math.Log(1.0/30) + r.Float64()*(math.Log(4)-math.Log(1.0/30)))
		offset := time.Duration(r.Float64() * float64(day)).Truncate(time.Second)
		last := from.Add(-time.Duration(r.ExpFloat64() / rate * float64(day))).Truncate(time.Second)
		next := from.Add(time.Duration(r.ExpFloat64() / rate * float64(day)))
		for d := range days {
			fetch := from.Add(time.Duration(d)*day + offset)
			changed := false
			for !next.After(fetch) {
				last, changed = next.Truncate(time.Second), true
				next = next.Add(time.Duration(r.ExpFloat64() / rate * float64(day)))
			}
			c := "0"
			if changed {
				c = "1"
			}
			if d == 0 {
				c = "" // nothing to compare at a URL's first fetch
			}
			if _, err := fmt.Fprintf(w, "%s,%s,%s,%s,%s\n", u, host, fetch.Format(time.RFC3339), c, last.Format(time.RFC3339)); err != nil {
				return err
			}
		}
	}
	return nil
}
