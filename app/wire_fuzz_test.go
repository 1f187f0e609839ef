package app

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// FuzzUnpack: whatever bytes arrive between the page and its workers,
// unpacking returns an error or a message, never a panic; and a read
// stage that unpacks packs again into the same pages.
func FuzzUnpack(f *testing.F) {
	readInput(context.Background(), strings.NewReader("url,host,changes_per_day,model,shape\nhttps://a/1,a,1,pareto,1.5\nhttps://b/2,b,2,,\n"),
		Request{Stages: StageRead, Name: "f.csv"}, func(s *Stage) {
			if b, err := packStage(s); err == nil {
				f.Add(b)
			}
		})
	// A log's read stage carries each rate's interval beside the pages.
	readInput(context.Background(), strings.NewReader("url,time,changed\nhttps://a/1,1704067200,0\nhttps://a/1,1704153600,1\nhttps://a/2,1704067200,0\n"),
		Request{Stages: StageRead, Name: "log.csv"}, func(s *Stage) {
			if b, err := packStage(s); err == nil {
				f.Add(b)
			}
		})
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
		if s, err := unpackStage(b); err == nil && s.Read != nil {
			again, err := packStage(s)
			if err != nil {
				t.Fatal(err)
			}
			s2, err := unpackStage(again)
			if err != nil {
				t.Fatal(err)
			}
			// Compared packed, so that a NaN that went through is equal.
			if third, err := packStage(s2); err != nil || !bytes.Equal(third, again) {
				t.Fatalf("pages change on a second trip: %+v, then %+v (%v)", s.Read.Pages, s2.Read.Pages, err)
			}
		}
		unpackJob(b, nil)
	})
}
