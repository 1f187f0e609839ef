package app

import (
	"context"
	"crypto/sha256"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"
)

// readViaWire reads in as the reading worker does (readInput) and returns
// its stages but progress, each packed and unpacked as on its way to the
// page.
func readViaWire(t *testing.T, name, in string) []*Stage {
	t.Helper()
	q := Request{Seq: 7, Stages: StageRead, Name: name, Size: int64(len(in))}
	var got []*Stage
	readInput(context.Background(), strings.NewReader(in), q, func(s *Stage) {
		if s.Kind == "reading" {
			if s.Progress == nil || s.Progress.Total != q.Size {
				t.Errorf("progress %+v", s.Progress)
			}
			return
		}
		got = append(got, acrossWire(t, s))
	})
	return got
}

// TestReadInWorker: the pages read in a worker reach the page as Decode
// makes them — URLs, hosts, rates, weights, delays, change models and
// exposures — with the file's size, SHA-256 and format.
func TestReadInWorker(t *testing.T) {
	in := "url,host,changes_per_day,weight,crawl_delay,model,shape,wrong,returned\n" +
		"https://a.example/1,a.example,1.5,2,0,,,,\n" +
		"https://b.example/2,b.example,0.25,1,30,pareto,1.5,,\n" +
		"https://a.example/3,a.example,4,1,0,,,0.1,1:0.2;14:0.05\n"
	want, err := Decode(context.Background(), strings.NewReader(in), "t.csv", 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	if want[1].Change == nil || want[2].Exposure == nil {
		t.Fatalf("the input lacks a change model or an exposure: %+v", want)
	}
	stages := readViaWire(t, "t.csv", in)
	if len(stages) != 2 || stages[0].Kind != "read" || stages[1].Kind != "done" || stages[0].Seq != 7 {
		t.Fatalf("stages %+v", stages)
	}
	r := stages[0].Read
	if !reflect.DeepEqual(r.Pages.Pages(), want) {
		t.Errorf("pages\n%+v\nwant\n%+v", r.Pages.Pages(), want)
	}
	if r.Size != int64(len(in)) || r.Sum != sha256.Sum256([]byte(in)) || r.Kind != "pages table" {
		t.Errorf("size %d, kind %q, sum right %v", r.Size, r.Kind, r.Sum == sha256.Sum256([]byte(in)))
	}
	if want := summarize(r.Pages, nil); !reflect.DeepEqual(r.Summary, want) || r.Summary.Pages != 3 || r.Summary.Quasi != 0 {
		t.Errorf("summary %+v, want %+v", r.Summary, want)
	}
	if r.Est != nil {
		t.Errorf("a pages table came with estimates' intervals: %+v", r.Est)
	}
}

// TestReadInWorkerUncertainty: a log's pages reach the page with how well
// each rate is known, as when the page reads it: the 90% interval, and for
// a page seen changing at no visit (an interval from 0) the fetch interval
// that would estimate it; none for one whose interval is narrow enough.
func TestReadInWorkerUncertainty(t *testing.T) {
	var b strings.Builder
	b.WriteString("url,time,changed\n")
	for d := range 60 {
		// Page 1 changes every other day, page 2 never.
		fmt.Fprintf(&b, "https://a.example/1,%d,%d\n", 1704067200+d*86400, d%2)
		fmt.Fprintf(&b, "https://a.example/2,%d,0\n", 1704067200+d*86400)
	}
	in := b.String()
	set, _, want, err := decode(context.Background(), strings.NewReader(in), "log.csv", int64(len(in)), false, nil, nil, true)
	if err != nil {
		t.Fatal(err)
	}
	if want == nil || len(want.Low) != 2 || set.Len() != 2 {
		t.Fatalf("pages %d, uncertainty %+v; want 2 of each", set.Len(), want)
	}
	if want.SuggestDays[0] != 0 || !(want.Low[0] > 0 && want.High[0] < 10*want.Low[0]) {
		t.Errorf("page 1, seen changing 30 times in 59 days: interval %v–%v, suggestion %v; want a narrow interval and none", want.Low[0], want.High[0], want.SuggestDays[0])
	}
	if want.Low[1] != 0 || !(want.SuggestDays[1] > 59) {
		t.Errorf("page 2, never seen changing: interval %v–%v, suggestion %v days; want one from 0 and a longer interval than the 59 days watched", want.Low[1], want.High[1], want.SuggestDays[1])
	}
	if n := want.uncertain(); n != 1 {
		t.Errorf("%d pages too uncertain, want 1", n)
	}
	// The log's own crawl rate, 120 fetches over 59 days, is the budget
	// it suggests (plan.Suggest); it crosses the wire with the rest.
	if s := want.Suggested; s == nil || s.Budget != 2 || s.Horizon != 24*time.Hour {
		t.Errorf("suggested %+v, want 2 visits a day", s)
	}
	stages := readViaWire(t, "log.csv", in)
	if len(stages) != 2 || stages[0].Kind != "read" {
		t.Fatalf("stages %+v", stages)
	}
	if got := stages[0].Read.Est; !reflect.DeepEqual(got, want) {
		t.Errorf("across the wire: %+v, want %+v", got, want)
	}
}

// TestReadInWorkerError: a bad input read in a worker reaches the page
// with its line, field and text, as when the page reads it.
func TestReadInWorkerError(t *testing.T) {
	in := "url,host,changes_per_day\nhttps://a/1,a,1\nhttps://a/2,a,often\n"
	stages := readViaWire(t, "bad.csv", in)
	if len(stages) != 1 || stages[0].Kind != "error" || stages[0].InputErr == nil {
		t.Fatalf("stages %+v", stages)
	}
	_, err := Decode(context.Background(), strings.NewReader(in), "bad.csv", 0, nil)
	if ie := stages[0].InputErr; !reflect.DeepEqual(ie, err) || ie.Line != 3 || ie.Mark != "often" {
		t.Errorf("error %+v, want %+v", ie, err)
	}
}

// TestReadInWorkerSkipping: a log read in a worker with SkipBad reaches
// the page planned from its good rows, with the bad ones counted and
// listed; without it, the first bad row stops the read.
func TestReadInWorkerSkipping(t *testing.T) {
	in := "url,time,changed\n" +
		"https://a.example/1,1704067200,0\n" +
		"https://a.example/1,1704153600,1\n" +
		"https://a.example/1,soon,1\n" +
		"https://a.example/2,1704067200,0\n" +
		"https://a.example/2,1704153600,perhaps\n" +
		"https://a.example/2,1704240000,1\n" +
		"https://a.example/2,1704240000,1\n"
	if stages := readViaWire(t, "log.csv", in); len(stages) != 1 || stages[0].InputErr == nil || stages[0].InputErr.Line != 4 {
		t.Fatalf("without skipping: stages %+v; want an error at line 4", stages)
	}
	q := Request{Seq: 7, Stages: StageRead, Name: "log.csv", Size: int64(len(in)), SkipBad: true}
	var got []*Stage
	readInput(context.Background(), strings.NewReader(in), q, func(s *Stage) {
		if s.Kind != "reading" {
			got = append(got, acrossWire(t, s))
		}
	})
	if len(got) != 2 || got[0].Kind != "read" {
		t.Fatalf("stages %+v", got)
	}
	r := got[0].Read
	if r.Pages.Len() != 2 || r.Skipped == nil || r.Skipped.Rows != 2 || len(r.Skipped.First) != 2 ||
		!strings.HasPrefix(r.Skipped.First[0], "log.csv:4") || !strings.HasPrefix(r.Skipped.First[1], "log.csv:6") {
		t.Errorf("%d pages, skipped %+v; want 2 pages and lines 4 and 6 skipped", r.Pages.Len(), r.Skipped)
	}
	if r.Skipped == nil || r.Skipped.Notes != "1 row repeating a fetch (same URL, time and signal) dropped" {
		t.Errorf("skipped %+v; want the repeated last row said dropped", r.Skipped)
	}
}
