package allocate

// gallop returns the least k in [lo, hi] with done(k), where done is
// false then true and done(hi) holds: galloping from the guess k in
// steps that double, then bisecting the bracket found — a few steps when
// the guess is close (Greedy's counts move little between thresholds).
func gallop(k, lo, hi int, done func(int) bool) int {
	var a, b int // the answer is in [a, b] and done(b) holds
	if done(k) {
		a, b = lo, k
		for step := 1; k-step >= lo; step *= 2 {
			if !done(k - step) {
				a = k - step + 1
				break
			}
			b = k - step
		}
	} else {
		a, b = k+1, hi
		for step := 1; k+step < hi; step *= 2 {
			if done(k + step) {
				b = k + step
				break
			}
			a = k + step + 1
		}
	}
	for a < b {
		mid := int(uint(a+b) >> 1)
		if done(mid) {
			b = mid
		} else {
			a = mid + 1
		}
	}
	return a
}
