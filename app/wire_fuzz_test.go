package app

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// FuzzUnpack: whatever bytes arrive between the page and its workers,
// unpacking returns an error or a message, never a panic; and pages read
// (packHeld, on their way to the worker that holds them) that unpack pack
// again into the same pages.
func FuzzUnpack(f *testing.F) {
	// A read stage and its pages; a log's carry each rate's interval
	// beside them.
	for _, in := range []string{"url,host,changes_per_day,model,shape\nhttps://a/1,a,1,pareto,1.5\nhttps://b/2,b,2,,\n",
		"url,time,changed\nhttps://a/1,1704067200,0\nhttps://a/1,1704153600,1\nhttps://a/2,1704067200,0\n"} {
		readInput(context.Background(), strings.NewReader(in), Request{Stages: StageRead, Name: "f.csv"}, func(s *Stage) {
			if b, err := packStage(s); err == nil {
				f.Add(b)
			}
			if r := s.Read; r != nil {
				if m, err := packHeld(&heldPages{set: r.Pages, est: r.Est, seq: 3, names: allNames}); err == nil {
					f.Add(m.bytes())
				}
			}
		})
	}
	q, _ := defaultForm().request()
	d := newDataset("s", 0, false, samplePages(f)[:20])
	if b, err := packJob(q, d, false); err == nil {
		f.Add(b)
	}
	// Exports' jobs carry the names their files hold (Request.names).
	for _, kind := range []string{"hosts", "json", "nutch"} {
		q.Stages, q.Export = StageExport, kind
		if b, err := packJob(q, d, false); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte(wireMagic))
	f.Fuzz(func(t *testing.T, b []byte) {
		if p, err := readHeld(bytesReader(b)); err == nil {
			m, err := packHeld(p)
			if err != nil {
				t.Fatal(err)
			}
			again := m.bytes()
			p2, err := readHeld(bytesReader(again))
			if err != nil {
				t.Fatal(err)
			}
			// Compared packed, so that a NaN that went through is equal.
			if m2, err := packHeld(p2); err != nil || !bytes.Equal(m2.bytes(), again) {
				t.Fatalf("pages change on a second trip: %+v, then %+v (%v)", p.set, p2.set, err)
			}
		}
		unpackStage(b)
		unpackJob(b, nil, 0)
	})
}
