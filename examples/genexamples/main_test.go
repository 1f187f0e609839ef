package main

import (
	"io"
	"os"
	"strings"
	"testing"
)

// TestCommittedExamples checks that examples/changes.csv and
// examples/fetches.csv are what genexamples writes, so that the README's
// tour runs on inputs anyone can make again.
func TestCommittedExamples(t *testing.T) {
	for name, write := range map[string]func(io.Writer) error{
		"../changes.csv": Changes,
		"../fetches.csv": Fetches,
	} {
		var b strings.Builder
		if err := write(&b); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != b.String() {
			t.Errorf("%s is not what genexamples writes: run go run ./examples/genexamples", name)
		}
	}
}
