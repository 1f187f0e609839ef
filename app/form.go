package app

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/freshplan/freshplan/core/plan"
)

// form holds the parameter inputs as typed, so a half-typed value stays
// on screen while its message says what is wrong.
type form struct {
	Horizon    string // a duration: 24h, 7d, 90m
	Mode       string // "budget" or "crawlers"
	Budget     string // visits per horizon: 20000, 2e4, 20k
	Crawlers   string
	Rate       string // pages per second per crawler
	Politeness string // seconds, or a duration
	Objective  string // staleness, age or harmonic
	Model      string // steady or horizon
	Policy     string
	Target     string // freshness in percent
	Simulate   string // runs of the simulator, 0 for none
}

// Form fields, by the ids of their inputs.
const (
	fHorizon    = "horizon"
	fMode       = "mode"
	fBudget     = "budget"
	fCrawlers   = "crawlers"
	fRate       = "rate"
	fPoliteness = "politeness"
	fObjective  = "objective"
	fModel      = "model"
	fPolicy     = "policy"
	fTarget     = "target"
	fSimulate   = "simulate"
)

func defaultForm() form {
	return form{Horizon: "24h", Mode: "budget", Budget: strconv.Itoa(SampleBudget), Crawlers: "1", Rate: "1",
		Politeness: "15", Objective: "staleness", Model: "steady", Policy: "psp", Target: "90", Simulate: "0"}
}

func (f *form) set(field, v string) {
	switch field {
	case fHorizon:
		f.Horizon = v
	case fMode:
		f.Mode = v
	case fBudget:
		f.Budget = v
	case fCrawlers:
		f.Crawlers = v
	case fRate:
		f.Rate = v
	case fPoliteness:
		f.Politeness = v
	case fObjective:
		f.Objective = v
	case fModel:
		f.Model = v
	case fPolicy:
		f.Policy = v
	case fTarget:
		f.Target = v
	case fSimulate:
		f.Simulate = v
	}
}

// maxSimulate is the most simulator runs the form takes: each replays
// every schedule once.
const maxSimulate = 1000

// maxBudget is the most visits per horizon the form takes: what a plan
// schedules at most.
const maxBudget = plan.MaxBudget

// request checks the inputs and returns the request they make, or a
// message per field that is wrong.
func (f form) request() (Request, map[string]string) {
	errs := map[string]string{}
	q := Request{Objective: f.Objective, Model: f.Model, Policy: f.Policy}
	T, err := parseDuration(f.Horizon)
	switch {
	case err != nil:
		errs[fHorizon] = err.Error()
	case T <= 0:
		errs[fHorizon] = "the horizon must be longer than 0"
	case T > 366*24*time.Hour:
		errs[fHorizon] = "at most a year (366d)"
	}
	q.Horizon = T.Seconds()
	if f.Mode == "crawlers" {
		c, err := parseCount(f.Crawlers)
		switch {
		case err != nil:
			errs[fCrawlers] = err.Error()
		case c < 1 || c > 100000:
			errs[fCrawlers] = "a whole number of crawlers from 1 to 100,000"
		}
		r, err := parseNumber(f.Rate)
		switch {
		case err != nil:
			errs[fRate] = err.Error()
		case !(r > 0):
			errs[fRate] = "pages per second must be more than 0"
		}
		q.Crawlers, q.Rate = int(c), r
		if errs[fCrawlers] == "" && errs[fRate] == "" && errs[fHorizon] == "" {
			// C·r·T visits (SPEC §5), checked as the plan checks it.
			p := plan.Params{Horizon: T, Crawlers: q.Crawlers, Rate: q.Rate}
			if _, err := p.Visits(); err != nil {
				errs[fRate] = err.Error()
			}
		}
	} else {
		b, err := parseCount(f.Budget)
		switch {
		case err != nil:
			errs[fBudget] = err.Error()
		case b < 1:
			errs[fBudget] = "at least 1 visit per horizon"
		case b > maxBudget:
			errs[fBudget] = "at most " + fmtInt(maxBudget) + " visits per horizon"
		}
		q.Budget = int(b)
	}
	P, err := parseSeconds(f.Politeness)
	switch {
	case err != nil:
		errs[fPoliteness] = err.Error()
	case P < 0:
		errs[fPoliteness] = "the delay cannot be negative"
	case errs[fHorizon] == "" && P > T.Seconds():
		errs[fPoliteness] = "longer than the horizon: no host could be visited twice"
	}
	q.Politeness = P
	if f.Objective != "staleness" && f.Objective != "age" && f.Objective != "harmonic" {
		errs[fObjective] = "staleness, age or harmonic"
	}
	if f.Model != "steady" && f.Model != "horizon" {
		errs[fModel] = "steady or horizon"
	}
	if !plan.Policy(f.Policy).IsPolicy() {
		errs[fPolicy] = "one of " + plan.PolicyList()
	}
	t, err := parseNumber(strings.TrimSuffix(strings.TrimSpace(f.Target), "%"))
	switch {
	case err != nil:
		errs[fTarget] = err.Error()
	case !(t > 0 && t < 100):
		errs[fTarget] = "a percentage between 0 and 100, such as 90"
	}
	q.Target = t / 100
	if strings.TrimSpace(f.Simulate) != "" {
		n, err := parseCount(f.Simulate)
		switch {
		case err != nil:
			errs[fSimulate] = err.Error()
		case n < 0 || n > maxSimulate:
			errs[fSimulate] = "0 (none) to " + strconv.Itoa(maxSimulate) + " runs"
		}
		q.Simulate = int(n)
	}
	if len(errs) == 0 {
		return q, nil
	}
	return q, errs
}

// parseNumber reads a decimal number, allowing grouping commas,
// underscores and spaces, and the suffixes k and M.
func parseNumber(s string) (float64, error) {
	t := strings.TrimSpace(s)
	if t == "" {
		return 0, errors.New("give a number")
	}
	t = strings.NewReplacer(",", "", "_", "", " ", "", "\u202f", "", "\u00a0", "").Replace(t)
	mult := 1.0
	switch {
	case strings.HasSuffix(t, "k"), strings.HasSuffix(t, "K"):
		mult, t = 1e3, t[:len(t)-1]
	case strings.HasSuffix(t, "M"):
		mult, t = 1e6, t[:len(t)-1]
	}
	v, err := strconv.ParseFloat(t, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, errors.New(strconv.Quote(strings.TrimSpace(s)) + " is not a number")
	}
	return v * mult, nil
}

// parseCount reads a whole number (20000, 2e4, 20k).
func parseCount(s string) (int64, error) {
	v, err := parseNumber(s)
	if err != nil {
		return 0, err
	}
	if v != math.Trunc(v) {
		return 0, errors.New("give a whole number")
	}
	if v > math.MaxInt64/2 {
		return math.MaxInt64 / 2, nil
	}
	return int64(v), nil
}

// parseDuration reads a duration in Go's syntax with days and weeks
// added: 24h, 7d, 1d12h, 90m, 2w.
func parseDuration(s string) (time.Duration, error) {
	t := strings.ToLower(strings.ReplaceAll(strings.TrimSpace(s), " ", ""))
	if t == "" {
		return 0, errors.New("give a duration, such as 24h or 7d")
	}
	if _, err := strconv.ParseFloat(t, 64); err == nil {
		return 0, errors.New("add a unit: 24h, 7d, 90m")
	}
	var total time.Duration
	rest := t
	for _, u := range []struct {
		suffix string
		d      time.Duration
	}{{"w", 7 * 24 * time.Hour}, {"d", 24 * time.Hour}} {
		if k := strings.Index(rest, u.suffix); k >= 0 {
			v, err := strconv.ParseFloat(rest[:k], 64)
			if err != nil || v < 0 || v > 1e4 {
				return 0, errors.New(strconv.Quote(s) + " is not a duration such as 24h or 7d")
			}
			total += time.Duration(v * float64(u.d))
			rest = rest[k+1:]
		}
	}
	if rest != "" {
		d, err := time.ParseDuration(rest)
		if err != nil {
			return 0, errors.New(strconv.Quote(s) + " is not a duration such as 24h or 7d")
		}
		total += d
	}
	return total, nil
}

// parseSeconds reads seconds as a bare number (15) or a duration (1m30s).
func parseSeconds(s string) (float64, error) {
	t := strings.TrimSpace(s)
	if v, err := strconv.ParseFloat(t, 64); err == nil && !math.IsNaN(v) && !math.IsInf(v, 0) {
		return v, nil
	}
	d, err := parseDuration(t)
	if err != nil {
		return 0, errors.New("seconds, such as 15, or a duration, such as 1m")
	}
	return d.Seconds(), nil
}
