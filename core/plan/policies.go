package plan

import (
	"fmt"
	"slices"
	"strings"
)

// Policy names a revisit policy of SPEC §5, or a bound or reference
// figure a Plan carries beside them (wp, nonpolite, infcrawlers,
// azar_random, learn): a Result's name and a key of Plan.Results. Its
// spelling is the word the front ends and the JSON summary show.
type Policy string

// The policies of SPEC §5, in display order (Policies).
const (
	PSP          Policy = "psp"          // seed 000: GREEDY with caps, MERGE, most-delayed-free crawlers
	MP2          Policy = "mp2"          // seed 000 §4: psp's allocation, equally spaced times
	MWolf        Policy = "mwolf"        // seed 000 §4 / seed 003: allocation without caps, Wolf's times
	MWolfExact   Policy = "mwolf-exact"  // seed 003 §3: mwolf's times by the transportation problem
	Uniform      Policy = "uniform"      // seed 003 §5: visits ∝ weight
	Proportional Policy = "proportional" // seed 003 §5: visits ∝ weight × change rate
	Cho          Policy = "cho"          // seed 001 §5.5: Lagrange-optimal frequencies
	Azar         Policy = "azar"         // seed 002: optimal randomized rates, EDF carousel
)

// The bounds of SPEC §5 (Bounds), and the other figures a Plan carries.
const (
	WP          Policy = "wp"          // seed 000 Thm. 1: the optimum of problem S
	NonPolite   Policy = "nonpolite"   // seed 000 §4: the optimum without politeness caps
	InfCrawlers Policy = "infcrawlers" // seed 000 §4: MERGE's times followed exactly
	// AzarRandom is Azar's randomized policy itself (seed 002 eqs. 9–11),
	// beside azar's carousel: a result only, never a Params.Policy.
	AzarRandom Policy = "azar_random"
	// Learn is the policy that learns as it crawls (core/learn): planned
	// only when asked for (RunLearn), it is no part of Run's comparison.
	Learn Policy = "learn"
	// None as Params.Policy keeps no schedule.
	None Policy = "none"
)

// Policies returns the revisit policies of SPEC §5, in display order.
func Policies() []Policy {
	return []Policy{PSP, MP2, MWolf, MWolfExact, Uniform, Proportional, Cho, Azar}
}

// Bounds returns the reference values of SPEC §5: wp (the optimum of
// problem S, a lower bound for every polite schedule, seed 000 Thm. 1),
// nonpolite (the same without politeness) and infcrawlers (MERGE's times
// followed exactly).
func Bounds() []Policy { return []Policy{WP, NonPolite, InfCrawlers} }

// Polite returns the policies whose schedules respect politeness and
// crawler rates and are checked by the validator.
func Polite() []Policy { return []Policy{PSP, MP2, MWolf} }

// IsPolicy reports whether p is one of Policies.
func (p Policy) IsPolicy() bool { return slices.Contains(Policies(), p) }

// IsBound reports whether p is one of Bounds.
func (p Policy) IsBound() bool { return slices.Contains(Bounds(), p) }

// ParsePolicy returns the policy of Policies named s.
func ParsePolicy(s string) (Policy, error) {
	if p := Policy(s); p.IsPolicy() {
		return p, nil
	}
	return "", fmt.Errorf("unknown policy %q: want one of %s", s, PolicyList())
}

// PolicyList returns Policies' names separated by commas, for messages.
func PolicyList() string { return strings.Join(Names(Policies()), ", ") }

// Names returns the policies' spellings, the words a front end shows.
func Names(ps []Policy) []string {
	names := make([]string, len(ps))
	for k, p := range ps {
		names[k] = string(p)
	}
	return names
}

// Describe says in a line how each policy and bound is computed.
var Describe = map[Policy]string{
	PSP:          "seed 000: GREEDY with per-host caps, MERGE times, most-delayed-free crawlers (simulated schedule)",
	MP2:          "seed 000 §4: psp's allocation, equally spaced times per page, same crawlers (simulated schedule)",
	MWolf:        "seed 000 §4 / seed 003: allocation without caps, Wolf's ideal times, psp's crawlers (simulated schedule)",
	MWolfExact:   "seed 003 §3: mwolf's ideal times assigned to crawler slots by the exact transportation problem (simulated schedule; politeness not kept, violations counted)",
	Uniform:      "seed 003 §5: visits ∝ weight, equally spaced (analytical, not polite)",
	Proportional: "seed 003 §5: visits ∝ weight × change rate, equally spaced (analytical, not polite)",
	Cho:          "seed 001 §5.5.4, §5.6: Lagrange-optimal fixed-order frequencies (analytical, not polite)",
	Azar:         "seed 002: optimal randomized rates, EDF carousel (simulated carousel, not polite)",
	AzarRandom:   "seed 002 eqs. 9–11: the randomized policy itself (analytical, Poisson crawls)",
	Learn:        "core/learn: each slot to the page of highest freshness index (seed 001 §5.6's Lagrangian), polite, learning from every fetch (analytical over the cycle planned)",
	WP:           "seed 000 Thm. 1: optimum of problem S, lower bound for polite schedules (analytical)",
	NonPolite:    "seed 000 §4: optimum without politeness caps (analytical)",
	InfCrawlers:  "seed 000 §4: MERGE times followed exactly, as with unlimited crawlers (analytical)",
}
