package plan

import "slices"

// Policies are the revisit policies of SPEC §5, in display order.
var Policies = []string{"psp", "mp2", "mwolf", "mwolf-exact", "uniform", "proportional", "cho", "azar"}

// Bounds are the reference values of SPEC §5: wp (the optimum of problem S,
// a lower bound for every polite schedule, seed 000 Thm. 1), nonpolite (the
// same without politeness) and infcrawlers (MERGE's times followed exactly).
var Bounds = []string{"wp", "nonpolite", "infcrawlers"}

// Polite lists the policies whose schedules respect politeness and crawler
// rates and are checked by the validator.
var Polite = []string{"psp", "mp2", "mwolf"}

func isPolicy(name string) bool { return slices.Contains(Policies, name) }

// Describe says in a line how each policy and bound is computed.
var Describe = map[string]string{
	"psp":          "seed 000: GREEDY with per-host caps, MERGE times, most-delayed-free crawlers (simulated schedule)",
	"mp2":          "seed 000 §4: psp's allocation, equally spaced times per page, same crawlers (simulated schedule)",
	"mwolf":        "seed 000 §4 / seed 003: allocation without caps, Wolf's ideal times, psp's crawlers (simulated schedule)",
	"mwolf-exact":  "seed 003 §3: mwolf's ideal times assigned to crawler slots by the exact transportation problem (simulated schedule; politeness not kept, violations counted)",
	"uniform":      "seed 003 §5: visits ∝ weight, equally spaced (analytical, not polite)",
	"proportional": "seed 003 §5: visits ∝ weight × change rate, equally spaced (analytical, not polite)",
	"cho":          "seed 001 §5.5.4, §5.6: Lagrange-optimal fixed-order frequencies (analytical, not polite)",
	"azar":         "seed 002: optimal randomized rates, EDF carousel (simulated carousel, not polite)",
	"azar_random":  "seed 002 eqs. 9–11: the randomized policy itself (analytical, Poisson crawls)",
	"learn":        "core/learn: each slot to the page of highest freshness index (seed 001 §5.6's Lagrangian), polite, learning from every fetch (analytical over the cycle planned)",
	"wp":           "seed 000 Thm. 1: optimum of problem S, lower bound for polite schedules (analytical)",
	"nonpolite":    "seed 000 §4: optimum without politeness caps (analytical)",
	"infcrawlers":  "seed 000 §4: MERGE times followed exactly, as with unlimited crawlers (analytical)",
}
