package main

import (
	"os"
	"strings"
	"testing"
)

// TestCommittedLinks checks that examples/links.csv is what genlinks
// writes, so that anyone can make it again.
func TestCommittedLinks(t *testing.T) {
	var b strings.Builder
	if err := Links(&b); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../links.csv")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != b.String() {
		t.Errorf("examples/links.csv is not what genlinks writes: run go run ./examples/genlinks")
	}
}
