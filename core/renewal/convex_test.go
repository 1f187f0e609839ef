package renewal

import (
	"testing"

	"github.com/freshplan/freshplan/core/staleness"
)

// A(x) is convex in x for every renewal process (the package comment's
// perspective argument; the paper shows it for the exponential, eq. 14):
// second differences A(x+1) − 2A(x) + A(x−1) over x = 1…200 are ≥ −tol,
// tol = 1e-13·A(x−1). The three values are each good to ~1e-14 relative
// (closedform_test.go), so rounding alone can push a true second
// difference of 0 to about −4e-14·A(x−1); a real failure of convexity
// would be of the order of the second difference itself, λT/x³-sized.
func TestConvexInVisits(t *testing.T) {
	const T = 1.0
	var procs []Process
	for _, lt := range []float64{0.01, 1, 10, 100, 1000} {
		procs = append(procs, Exponential{Rate: lt})
		for _, a := range []float64{1.05, 1.5, 2, 3, 4} {
			p, err := ParetoWithRate(a, lt)
			if err != nil {
				t.Fatal(err)
			}
			procs = append(procs, p)
		}
		for _, k := range []float64{0.1, 0.3, 0.5, 1, 2, 5} {
			w, err := WeibullWithRate(k, lt)
			if err != nil {
				t.Fatal(err)
			}
			procs = append(procs, w)
		}
	}
	worst := 0.0
	for _, p := range procs {
		for _, m := range models {
			a := make([]float64, 202)
			for x := range a {
				v, err := Staleness(p, m, T, x)
				if err != nil {
					t.Fatal(err)
				}
				a[x] = v
			}
			for x := 1; x <= 200; x++ {
				d2 := a[x+1] - 2*a[x] + a[x-1]
				if d2 < -1e-13*a[x-1] {
					t.Errorf("%#v %v: second difference at x=%d is %v (A = %v, %v, %v)", p, m, x, d2, a[x-1], a[x], a[x+1])
				}
				if a[x-1] > 0 {
					worst = min(worst, d2/a[x-1])
				}
			}
		}
	}
	t.Logf("most negative second difference relative to A(x−1): %.1e", worst)
}

// A quasi-deterministic page's A is convex too: the greedy's gains never
// grow (quasi_test.go checks it on random pages); here a deterministic
// page (every k_j = 1) gains exactly one interval per fetch.
func TestQuasiDeterministicPage(t *testing.T) {
	q := Quasi{Times: []float64{0.1, 0.4, 0.5, 0.9}, Probs: []float64{1, 1, 1, 1}}
	plan, err := q.Greedy(staleness.Horizon, 1)
	if err != nil {
		t.Fatal(err)
	}
	// Intervals after each update: 0.3, 0.1, 0.4, 0.1; the first fetch
	// after u_1 freshens [0.1, 0.4) only, since u_2 makes it stale again.
	want := []float64{0.9, 0.5, 0.2, 0.1, 0, 0}
	for x, w := range want {
		if d := plan.Stale[x] - w; d > 1e-15 || d < -1e-15 {
			t.Errorf("A(%d) = %v, want %v", x, plan.Stale[x], w)
		}
	}
}
