package pages

import (
	"slices"
	"testing"
)

// TestHosts: hosts are numbered in the order they first appear, whether
// a table groups its pages by host or interleaves them.
func TestHosts(t *testing.T) {
	pg := []Page{{Host: "b"}, {Host: "b"}, {Host: "a"}, {Host: "b"}, {Host: "c"}, {Host: "a"}, {Host: "a"}}
	breaths := 0
	hostOf, names := Hosts(pg, func() { breaths++ })
	if want := []int32{0, 0, 1, 0, 2, 1, 1}; !slices.Equal(hostOf, want) {
		t.Errorf("hostOf %v, want %v", hostOf, want)
	}
	if want := []string{"b", "a", "c"}; !slices.Equal(names, want) {
		t.Errorf("names %v, want %v", names, want)
	}
	if breaths != 0 {
		t.Errorf("breathed %d times for 7 pages", breaths)
	}
}
