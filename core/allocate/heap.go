package allocate

// candidate is one page's next visit and the reduction it would bring.
type candidate struct {
	gain float64
	page int32
}

// gainHeap is a max-heap of candidates: largest gain first, then lowest
// page index, so that ties resolve the same way every run.
type gainHeap []candidate

func (h gainHeap) before(a, b int) bool {
	if h[a].gain != h[b].gain {
		return h[a].gain > h[b].gain
	}
	return h[a].page < h[b].page
}

func (h *gainHeap) push(c candidate) {
	*h = append(*h, c)
	s := *h
	for j := len(s) - 1; j > 0; {
		parent := (j - 1) / 2
		if !s.before(j, parent) {
			break
		}
		s[j], s[parent] = s[parent], s[j]
		j = parent
	}
}

// init orders an unordered slice into a heap in O(n).
func (h gainHeap) init() {
	for j := len(h)/2 - 1; j >= 0; j-- {
		h.down(j)
	}
}

func (h *gainHeap) pop() candidate {
	s := *h
	top := s[0]
	last := len(s) - 1
	s[0] = s[last]
	s = s[:last]
	s.down(0)
	*h = s
	return top
}

func (s gainHeap) down(j int) {
	for {
		l, r, best := 2*j+1, 2*j+2, j
		if l < len(s) && s.before(l, best) {
			best = l
		}
		if r < len(s) && s.before(r, best) {
			best = r
		}
		if best == j {
			break
		}
		s[j], s[best] = s[best], s[j]
		j = best
	}
}

// HeapGreedy solves problem S with the GREEDY procedure of seed 000 §2.1
// as the paper implements it: a binary heap holding every page's next
// gain, one visit per step, O(R log n). Visits with no gain are not made.
// It is the reference the faster Greedy is tested against.
func HeapGreedy(p Problem) ([]int, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	n := len(p.Rates)
	x := make([]int, n)
	budget := p.Budget
	var used []int
	if p.Caps != nil {
		used = make([]int, len(p.Caps))
	}
	h := make(gainHeap, 0, n)
	for i := range n {
		x[i] = p.MinVisits
		budget -= p.MinVisits
		if used != nil {
			used[p.Hosts[i]] += p.MinVisits
		}
		if x[i] < p.maxVisits(i) {
			if g := p.gain(i, x[i]); g > 0 {
				h.push(candidate{g, int32(i)})
			}
		}
	}
	for budget > 0 && len(h) > 0 {
		c := h.pop()
		i := int(c.page)
		if used != nil {
			s := p.Hosts[i]
			if used[s] >= p.Caps[s] {
				continue // constraint (2): the host is full, drop the page
			}
			used[s]++
		}
		x[i]++
		budget--
		if x[i] < p.maxVisits(i) {
			if g := p.gain(i, x[i]); g > 0 {
				h.push(candidate{g, int32(i)})
			}
		}
	}
	return x, nil
}
