package simulate

// splitmix64 is the output function of Steele, Lea and Flood's SplitMix64
// ("Fast splittable pseudorandom number generators", OOPSLA 2014): a
// bijection of uint64 that scatters nearby inputs across the whole range.
func splitmix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// streamSeed returns the two PCG seed words of the stream of one run and
// one chunk of pages: distinct (seed, run, chunk) give unrelated 128-bit
// states, so streams overlap with negligible probability.
func streamSeed(seed uint64, run, chunk int) (uint64, uint64) {
	a := splitmix64(seed ^ splitmix64(uint64(run)))
	b := splitmix64(a ^ splitmix64(uint64(chunk)^0x5851f42d4c957f2d))
	return a, b
}
