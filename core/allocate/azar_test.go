package allocate

import (
	"math"
	"math/rand/v2"
	"testing"
)

// azarObjective is F₂(ρ) = Σ μ_i ρ_i/(ρ_i+Δ_i) (seed 002 Problem 2), with a
// page that never changes counted as fresh (AzarStaleness = 0).
func azarObjective(rates, weights, rho []float64) float64 {
	f := 0.0
	for i := range rates {
		f += weights[i] * (1 - AzarStaleness(rates[i], rho[i]))
	}
	return f
}

// bisectAzar solves the same problem without the sorting trick: for a
// multiplier λ the KKT conditions of the separable concave problem give
// ρ_i(λ) = max(0, √(μ_iΔ_i/λ) − Δ_i), and Σρ_i(λ) decreases in λ; bisect
// on log λ down to adjacent floats.
func bisectAzar(rates, weights []float64, total float64) []float64 {
	n := len(rates)
	rho := make([]float64, n)
	at := func(lambda float64) float64 {
		s := 0.0
		for i := range n {
			rho[i] = 0
			if rates[i] > 0 && weights[i] > 0 {
				rho[i] = max(0, math.Sqrt(weights[i]*rates[i]/lambda)-rates[i])
			}
			s += rho[i]
		}
		return s
	}
	lo, hi := -800.0, 800.0 // log λ; Σρ(e^lo) > total ≥ Σρ(e^hi) for the test ranges
	for range 4000 {
		mid := (lo + hi) / 2
		if mid == lo || mid == hi {
			break
		}
		if at(math.Exp(mid)) > total {
			lo = mid
		} else {
			hi = mid
		}
	}
	at(math.Exp(hi))
	return rho
}

func logUniform(r *rand.Rand, lo, hi float64) float64 {
	return math.Exp(math.Log(lo) + r.Float64()*(math.Log(hi)-math.Log(lo)))
}

// randomAzar draws Δ log-uniform in [1e-3, 1e3], μ log-uniform in
// [1e-2, 1e2], about one page in ten with Δ = 0 and one in ten with μ = 0,
// and R log-uniform in [1e-2, 1e2]·ΣΔ so that from almost every page to
// almost none is dropped.
func randomAzar(r *rand.Rand) (rates, weights []float64, total float64) {
	n := 1 + r.IntN(30)
	rates, weights = make([]float64, n), make([]float64, n)
	sum := 0.0
	for i := range n {
		rates[i] = logUniform(r, 1e-3, 1e3)
		weights[i] = logUniform(r, 1e-2, 1e2)
		switch r.IntN(10) {
		case 0:
			rates[i] = 0
		case 1:
			weights[i] = 0
		}
		sum += rates[i]
	}
	return rates, weights, logUniform(r, 1e-2, 1e2) * max(sum, 1)
}

func TestAzarMatchesIndependentOptimum(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 2018))
	for trial := range 500 {
		rates, weights, total := randomAzar(r)
		rho, err := Azar(rates, weights, total)
		if err != nil {
			t.Errorf("trial %d: %v", trial, err)
			continue
		}
		ref := bisectAzar(rates, weights, total)
		got, want := azarObjective(rates, weights, rho), azarObjective(rates, weights, ref)
		// 1e-9 relative: both are exact up to rounding (the bisection pins λ
		// to adjacent floats); F₂ is flat at the optimum, so this is loose.
		if math.Abs(got-want) > 1e-9*math.Max(math.Abs(want), 1e-300) {
			t.Errorf("trial %d (n=%d): F₂(Azar) = %.17g, F₂(bisection) = %.17g", trial, len(rates), got, want)
		}
		// The maximiser is unique (seed 002 Claim 2); ρ_i has absolute
		// rounding error ~ε(R+ΣΔ) from the differences √(μΔ/λ) − Δ.
		sumD := 0.0
		for _, d := range rates {
			sumD += d
		}
		for i := range rho {
			if math.Abs(rho[i]-ref[i]) > 1e-9*(total+sumD) {
				t.Errorf("trial %d: ρ_%d = %.17g, bisection %.17g", trial, i, rho[i], ref[i])
			}
		}
		checkAzarKKT(t, trial, rates, weights, total, rho)
	}
}

// checkAzarKKT checks the optimality conditions of seed 002 eq. 11 and
// Claim 2: ρ ≥ 0 and Σρ = R; every crawled page has the same marginal gain
// λ = μ_iΔ_i/(ρ_i+Δ_i)² (eq. 8's continuous analogue); every page with
// Δ_i > 0 left out has marginal gain at zero μ_i/Δ_i ≤ λ; pages with Δ_i = 0
// or μ_i = 0 get nothing.
func checkAzarKKT(t *testing.T, trial int, rates, weights []float64, total float64, rho []float64) {
	t.Helper()
	sum, sumD := 0.0, 0.0
	lo, hi := math.Inf(1), math.Inf(-1)
	for i, p := range rho {
		sum += p
		sumD += rates[i]
		switch {
		case p < 0 || math.IsNaN(p):
			t.Errorf("trial %d: ρ_%d = %v", trial, i, p)
		case (rates[i] == 0 || weights[i] == 0) && p != 0:
			t.Errorf("trial %d: ρ_%d = %v for Δ = %v, μ = %v", trial, i, p, rates[i], weights[i])
		case p > 0:
			g := weights[i] * rates[i] / ((p + rates[i]) * (p + rates[i]))
			lo, hi = math.Min(lo, g), math.Max(hi, g)
		}
	}
	anyUseful := false
	for i := range rates {
		anyUseful = anyUseful || rates[i] > 0 && weights[i] > 0
	}
	// Σρ = R up to the cancellation in √(μΔ/λ) − Δ: ε·(R + ΣΔ) per page.
	if anyUseful && math.Abs(sum-total) > 1e-12*(total+sumD) {
		t.Errorf("trial %d: Σρ = %.17g, want R = %.17g", trial, sum, total)
	}
	if !anyUseful {
		return
	}
	// Equal marginal gains to 1e-9 relative: ρ_i+Δ_i carries relative
	// error ~ε·Δ_i/(ρ_i+Δ_i) ≤ ε, squared and divided.
	if hi > lo*(1+1e-9) {
		t.Errorf("trial %d: marginal gains of crawled pages range over [%g, %g]", trial, lo, hi)
	}
	for i := range rates {
		if rho[i] == 0 && rates[i] > 0 && weights[i] > 0 && weights[i]/rates[i] > hi*(1+1e-9) {
			t.Errorf("trial %d: page %d dropped with μ/Δ = %g > λ = %g", trial, i, weights[i]/rates[i], hi)
		}
	}
}

func TestAzarHandComputed(t *testing.T) {
	tests := []struct {
		name           string
		rates, weights []float64
		total          float64
		want           []float64
	}{
		// √λ = (1+2)/(3+5) = 3/8 < √(1/4) = 1/2: both kept;
		// ρ = (1·8/3 − 1, 2·8/3 − 4) = (5/3, 4/3).
		{"both kept", []float64{1, 4}, []float64{1, 1}, 3, []float64{5.0 / 3, 4.0 / 3}},
		// √λ = (1+3)/(1+10) = 4/11 > √(1/9) = 1/3: page 1 dropped;
		// then √λ = 1/2, ρ_0 = 1/(1/2) − 1 = 1 = R.
		{"one dropped", []float64{1, 9}, []float64{1, 1}, 1, []float64{1, 0}},
		// √λ = (2+1)/(1+2) = 1 = √(μ_1/Δ_1): the boundary case μ/Δ = λ is
		// dropped (ρ_1 would be 1/1 − 1 = 0 anyway); √λ = 2/2, ρ_0 = 1.
		{"boundary", []float64{1, 1}, []float64{4, 1}, 1, []float64{1, 0}},
		// Δ_0 = 0 and μ_2 = 0 get nothing; page 1 alone: ρ_1 = R.
		{"never changes, no weight", []float64{0, 1, 5}, []float64{5, 1, 0}, 2, []float64{0, 2, 0}},
		{"nothing useful", []float64{0, 3}, []float64{1, 0}, 2, []float64{0, 0}},
		{"no pages", nil, nil, 1, []float64{}},
		// Equal pages share equally.
		{"equal", []float64{2, 2, 2, 2}, []float64{3, 3, 3, 3}, 10, []float64{2.5, 2.5, 2.5, 2.5}},
	}
	for _, tc := range tests {
		got, err := Azar(tc.rates, tc.weights, tc.total)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if len(got) != len(tc.want) {
			t.Errorf("%s: len %d, want %d", tc.name, len(got), len(tc.want))
			continue
		}
		for i := range got {
			// 1e-14 absolute: a handful of operations on numbers ≤ 10.
			if math.Abs(got[i]-tc.want[i]) > 1e-14 {
				t.Errorf("%s: ρ_%d = %.17g, want %.17g", tc.name, i, got[i], tc.want[i])
			}
		}
	}
}

func TestAzarExtremeValues(t *testing.T) {
	big, tiny := math.MaxFloat64, math.SmallestNonzeroFloat64
	tests := []struct {
		name           string
		rates, weights []float64
		total          float64
	}{
		{"huge weights", []float64{1, 2, 3}, []float64{big, big, big / 2}, 1},
		{"huge rates", []float64{big, big / 3, 1}, []float64{1, 2, 3}, 1},
		{"huge total", []float64{1, 2}, []float64{1, 2}, big},
		{"tiny everything", []float64{tiny, 1e-300}, []float64{tiny, 1e-300}, tiny},
		{"spread", []float64{1e-300, 1e300, 1}, []float64{1e300, 1e-300, 1}, 1e-10},
		{"underflowing rate", []float64{tiny}, []float64{1}, 1e300},
		{"underflowing weight", []float64{1, 1}, []float64{tiny, big}, 1},
	}
	for _, tc := range tests {
		rho, err := Azar(tc.rates, tc.weights, tc.total)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		sum := 0.0
		for i, p := range rho {
			if !(p >= 0) || math.IsInf(p, 0) {
				t.Errorf("%s: ρ_%d = %v", tc.name, i, p)
			}
			sum += p
		}
		// Loose: these exercise overflow and underflow, not accuracy.
		if math.IsInf(sum, 0) || sum > tc.total*(1+1e-6) {
			t.Errorf("%s: Σρ = %g > R = %g", tc.name, sum, tc.total)
		}
	}
}

func TestAzarRejectsBadInput(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	tests := []struct {
		name           string
		rates, weights []float64
		total          float64
	}{
		{"lengths", []float64{1, 2}, []float64{1}, 1},
		{"negative rate", []float64{-1}, []float64{1}, 1},
		{"NaN rate", []float64{nan}, []float64{1}, 1},
		{"infinite rate", []float64{inf}, []float64{1}, 1},
		{"negative weight", []float64{1}, []float64{-1}, 1},
		{"NaN weight", []float64{1}, []float64{nan}, 1},
		{"infinite weight", []float64{1}, []float64{inf}, 1},
		{"zero total", []float64{1}, []float64{1}, 0},
		{"negative total", []float64{1}, []float64{1}, -1},
		{"NaN total", []float64{1}, []float64{1}, nan},
		{"infinite total", []float64{1}, []float64{1}, inf},
	}
	for _, tc := range tests {
		if rho, err := Azar(tc.rates, tc.weights, tc.total); err == nil {
			t.Errorf("%s: no error, ρ = %v", tc.name, rho)
		}
	}
}

func TestAzarStaleness(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	tests := []struct {
		rate, crawl, want float64
	}{
		{0, 0, 0}, {0, 5, 0}, {1, 0, 1}, {1, 1, 0.5}, {1, 3, 0.25}, {3, 1, 0.75},
		{inf, 1, 1}, {1, inf, 0}, {-1, 1, nan}, {1, -1, nan}, {nan, 1, nan}, {inf, inf, nan},
	}
	for _, tc := range tests {
		got := AzarStaleness(tc.rate, tc.crawl)
		// Exact: one division of small integers.
		if got != tc.want && !(math.IsNaN(got) && math.IsNaN(tc.want)) {
			t.Errorf("AzarStaleness(%v, %v) = %v, want %v", tc.rate, tc.crawl, got, tc.want)
		}
	}
}

// rk4Horizon integrates X′ = Δ(1−X) − ρX, X(0) = 0 (the two-state chain)
// together with I′ = X by classical Runge–Kutta and returns I(T)/T:
// independent of the closed form.
func rk4Horizon(rate, crawl, horizon float64, steps int) float64 {
	f := func(x float64) float64 { return rate*(1-x) - crawl*x }
	h := horizon / float64(steps)
	x, integral := 0.0, 0.0
	for range steps {
		k1 := f(x)
		k2 := f(x + h/2*k1)
		k3 := f(x + h/2*k2)
		k4 := f(x + h*k3)
		// ∫X over the step by Simpson on the RK4 stages (same order).
		integral += h / 6 * (x + 2*(x+h/2*k1) + 2*(x+h/2*k2) + (x + h*k3))
		x += h / 6 * (k1 + 2*k2 + 2*k3 + k4)
	}
	return integral / horizon
}

func TestAzarHorizonStalenessODE(t *testing.T) {
	tests := []struct{ rate, crawl, horizon float64 }{
		{1, 1, 1}, {1, 0, 1}, {0.3, 2, 5}, {2, 0.3, 5}, {1e-3, 1e-3, 1},
		{5, 10, 0.01}, {0.5, 0.5, 40}, {1, 2, 0.7}, {1, 0, 1e-4},
	}
	for _, tc := range tests {
		got := AzarHorizonStaleness(tc.rate, tc.crawl, tc.horizon)
		want := rk4Horizon(tc.rate, tc.crawl, tc.horizon, 20000)
		// 1e-10 relative: the RK4 global error is O(((ρ+Δ)h)^4) ≤ 1e-12
		// here; the stage-based quadrature of I adds a comparable O(h^4)
		// term; both far below 1e-10.
		if math.Abs(got-want) > 1e-10*want {
			t.Errorf("AzarHorizonStaleness(%v, %v, %v) = %.15g, RK4 %.15g", tc.rate, tc.crawl, tc.horizon, got, want)
		}
	}
}

func TestAzarHorizonStalenessSimulation(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 13))
	tests := []struct{ rate, crawl, horizon float64 }{
		{1, 1, 2}, {0.2, 3, 4}, {3, 0.5, 1}, {1, 0, 3},
	}
	const runs = 100000
	for _, tc := range tests {
		// Stale time fraction per run: walk the merged Poisson stream of
		// changes (rate Δ) and crawls (rate ρ).
		var sum, sumSq float64
		for range runs {
			tt, stale, staleTime := 0.0, false, 0.0
			for {
				next := tt + r.ExpFloat64()/(tc.rate+tc.crawl)
				if next > tc.horizon {
					next = tc.horizon
				}
				if stale {
					staleTime += next - tt
				}
				if next == tc.horizon {
					break
				}
				tt = next
				stale = r.Float64() < tc.rate/(tc.rate+tc.crawl)
			}
			f := staleTime / tc.horizon
			sum += f
			sumSq += f * f
		}
		mean := sum / runs
		se := math.Sqrt((sumSq/runs - mean*mean) / runs)
		got := AzarHorizonStaleness(tc.rate, tc.crawl, tc.horizon)
		// 5 standard errors: a false alarm has probability < 1e-6 per case
		// (and the seed is fixed).
		if math.Abs(got-mean) > 5*se {
			t.Errorf("AzarHorizonStaleness(%v, %v, %v) = %.5f, simulated %.5f ± %.5f", tc.rate, tc.crawl, tc.horizon, got, mean, se)
		}
	}
}

func TestAzarHorizonStalenessLimits(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	tests := []struct {
		name                 string
		rate, crawl, horizon float64
		want, tol            float64
	}{
		{"never changes", 0, 1, 5, 0, 0},
		{"zero horizon", 1, 1, 0, 0, 0},
		{"infinite horizon", 1, 3, inf, 0.25, 0},
		// (ρ+Δ)T = 1e4: e^{−x} negligible, 1/x = 1e-4 is not.
		{"long horizon", 1, 3, 2500, 0.25 * (1 - 1e-4), 1e-16},
		// x = (ρ+Δ)T ≪ 1: Δ/(ρ+Δ)·(x/2 − x²/6) ≈ ΔT/2 (changes arrive
		// uniformly, crawls do not matter yet); series error x³/24 ≈ 4e-32.
		{"short horizon", 2, 1, 1e-10, 2.0 / 3 * (1.5e-10 - 1.5e-10*1.5e-10*2/3), 1e-25},
		{"negative", -1, 1, 1, nan, 0},
		{"NaN horizon", 1, 1, nan, nan, 0},
	}
	for _, tc := range tests {
		got := AzarHorizonStaleness(tc.rate, tc.crawl, tc.horizon)
		if math.IsNaN(tc.want) {
			if !math.IsNaN(got) {
				t.Errorf("%s: got %v, want NaN", tc.name, got)
			}
			continue
		}
		if math.Abs(got-tc.want) > tc.tol {
			t.Errorf("%s: got %.17g, want %.17g", tc.name, got, tc.want)
		}
	}
	// The two branches of azarRiseAverage meet at x = 1 to rounding.
	below, at := azarRiseAverage(math.Nextafter(1, 0)), azarRiseAverage(1)
	if math.Abs(below-at) > 1e-15 {
		t.Errorf("azarRiseAverage jumps at 1: %.17g vs %.17g", below, at)
	}
}

func BenchmarkAzar1M(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 1))
	const n = 1 << 20
	rates, weights := make([]float64, n), make([]float64, n)
	sum := 0.0
	for i := range n {
		rates[i] = logUniform(r, 0.01, 1) // seed 000's λ range, per hour
		weights[i] = logUniform(r, 1e-2, 1e2)
		sum += rates[i]
	}
	b.ResetTimer()
	for b.Loop() {
		if _, err := Azar(rates, weights, sum/2); err != nil {
			b.Fatal(err)
		}
	}
}
