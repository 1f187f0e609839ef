package main

import (
	"io"
	"testing"
)

func TestZZProf(t *testing.T) {
	for range 3 {
		if err := runPlan([]string{"--crawlers", "10", "--rate", "10", "--model", "horizon", "/tmp/paper.csv"}, io.Discard, io.Discard); err != nil {
			t.Fatal(err)
		}
	}
}
