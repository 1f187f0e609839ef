package estimate

import (
	"math"
	"strings"
	"testing"
)

func TestCategorizeEdges(t *testing.T) {
	weekly, monthly := Class{"weekly", 1.0 / 7, 1}, Class{"monthly", 1.0 / 30, 1}
	tests := []struct {
		name    string
		classes []Class
		ts      []float64
		changed []bool
		want    []float64 // −1: anything in (0, 1)
	}{
		{"no classes", nil, []float64{1}, []bool{true}, []float64{}},
		{"no data: the priors", []Class{{"a", 1, 3}, {"b", 2, 1}}, nil, nil, []float64{0.75, 0.25}},
		{"all priors zero: equal", []Class{{"a", 1, 0}, {"b", 2, 0}}, nil, nil, []float64{0.5, 0.5}},
		{"bad priors count as 0", []Class{{"a", 1, math.NaN()}, {"b", 2, -1}, {"c", 3, 2}}, nil, nil, []float64{0, 0, 1}},
		{"rate 0 cannot change", []Class{{"never", 0, 1}, weekly}, []float64{5}, []bool{true}, []float64{0, 1}},
		{"no class can explain", []Class{{"never", 0, 1}}, []float64{5}, []bool{true}, []float64{0}},
		{"bad intervals skipped", []Class{weekly, monthly}, []float64{math.NaN(), -1, 0, math.Inf(1)}, []bool{true, true, true, true}, []float64{0.5, 0.5}},
		{"NaN rate is impossible", []Class{{"bad", math.NaN(), 1}, weekly}, []float64{5}, []bool{false}, []float64{0, 1}},
	}
	for _, tc := range tests {
		got := Categorize(tc.classes, tc.ts, tc.changed)
		if len(got) != len(tc.want) {
			t.Errorf("%s: %d posteriors, want %d", tc.name, len(got), len(tc.want))
			continue
		}
		for k := range got {
			if math.Abs(got[k]-tc.want[k]) > 1e-12 {
				t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
				break
			}
		}
	}
	// a long history neither underflows nor loses the answer: 2000 daily
	// visits of a weekly page, about 1/7 of them changed
	ts := equal(2000, 1)
	ch := make([]bool, 2000)
	for i := 0; i < 2000; i += 7 {
		ch[i] = true
	}
	got := Categorize([]Class{weekly, monthly}, ts, ch)
	if !(got[0] > 0.999999) || math.IsNaN(got[1]) {
		t.Errorf("long weekly history: %v, want weekly ≈ 1", got)
	}
}

func TestParseClasses(t *testing.T) {
	got, err := ParseClasses(" hourly=24, daily = 1 ,weekly=0.143,monthly=1/30")
	if err != nil {
		t.Fatalf("ParseClasses: %v", err)
	}
	want := []Class{{"hourly", 24, 0.25}, {"daily", 1, 0.25}, {"weekly", 0.143, 0.25}, {"monthly", 1.0 / 30, 0.25}}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("class %d: %+v, want %+v", i, got[i], want[i])
		}
	}
	bad := []struct{ spec, says string }{
		{"", "no classes"},
		{"  ", "no classes"},
		{"daily=1,,weekly=1/7", "class 2 is empty"},
		{"daily=1,", "class 2 is empty"},
		{"daily", "no '='"},
		{"=1", "no name"},
		{"daily=1,daily=2", "repeats the name"},
		{"daily=", "not a number"},
		{"daily=fast", "not a number"},
		{"daily=1/0", "divides by zero"},
		{"daily=1/x", "not a number"},
		{"daily=0", "must be positive"},
		{"daily=-1", "must be positive"},
		{"daily=NaN", "not finite"},
		{"daily=Inf", "not finite"},
		{"daily=1e999", "not a number"}, // out of range
	}
	for _, tc := range bad {
		_, err := ParseClasses(tc.spec)
		if err == nil || !strings.Contains(err.Error(), tc.says) || !strings.HasPrefix(err.Error(), "estimate: ") {
			t.Errorf("ParseClasses(%q) error %v, want one saying %q", tc.spec, err, tc.says)
		}
	}
}
