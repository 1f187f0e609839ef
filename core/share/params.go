package share

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Params are the planning parameters a link carries: the web app's form
// (SPEC §7) as plain values. Decode checks each value's range; deeper
// checks (a politeness longer than the horizon, a budget of zero with no
// crawlers) are the planner's.
type Params struct {
	// Horizon is the planning horizon T in seconds, more than 0 (key h).
	Horizon float64
	// Politeness is the least time between two requests to one host, in
	// seconds, 0 or more (key p).
	Politeness float64
	// Budget is the visits per horizon, 0 or more; 0 means Crawlers ×
	// Rate × Horizon (key b).
	Budget int
	// Crawlers is the number of crawlers, 0 or more (key c).
	Crawlers int
	// Rate is the pages per second each crawler fetches, 0 or more (key r).
	Rate float64
	// Objective is what the plan minimises: "staleness", "age" or
	// "harmonic" (key o).
	Objective string
	// Model is SPEC §5's staleness model: "steady" or "horizon" (key m).
	Model string
	// Policy is the policy whose pages, hosts and schedule are shown, such
	// as "psp": 1 to 32 of a–z, 0–9, "_" and "-" (key a). Whether the
	// planner knows it is the planner's to say.
	Policy string
	// Target is the freshness the budget search aims at, strictly between
	// 0 and 1 (key t).
	Target float64
	// HalfLife is the half-life in days of the recency weighting of
	// observed intervals (seed 001 §6.7), 0 or more; 0 turns it off (key l).
	HalfLife float64
	// Sample says the plan is of the built-in sample: the link then holds
	// neither data nor fingerprint (key s).
	Sample bool
	// SkipBad says the plan left out its input's bad rows
	// (observe.Options.SkipBad), so whoever opens the link reads the
	// file the same way: key k=1, in a VersionSkip link; never with Sample.
	SkipBad bool
}

// param is one key of a link's parameters: how it is written, read and
// named in messages.
type param struct {
	key    string                     // in the link
	name   string                     // in messages
	want   string                     // a valid value, in messages
	format func(*Params) string       // the value as the link holds it
	parse  func(*Params, string) bool // sets the field; false if not valid
}

// params are the keys of Params but Sample and SkipBad, in the order
// Encode writes them.
var params = []param{
	number("h", "horizon", "a number of seconds greater than 0", func(p *Params) *float64 { return &p.Horizon }, func(x float64) bool { return x > 0 }),
	number("p", "politeness", "a number of seconds, 0 or more", func(p *Params) *float64 { return &p.Politeness }, nonNegative),
	count("b", "budget", "a whole number of visits, 0 or more", func(p *Params) *int { return &p.Budget }),
	count("c", "number of crawlers", "a whole number, 0 or more", func(p *Params) *int { return &p.Crawlers }),
	number("r", "rate", "a number of pages per second, 0 or more", func(p *Params) *float64 { return &p.Rate }, nonNegative),
	word("o", "objective", "staleness, age or harmonic", func(p *Params) *string { return &p.Objective }, oneOf("staleness", "age", "harmonic")),
	word("m", "model", "steady or horizon", func(p *Params) *string { return &p.Model }, oneOf("steady", "horizon")),
	word("a", "policy", "a name of 1 to 32 lower-case letters, digits, _ or -", func(p *Params) *string { return &p.Policy }, isPolicy),
	number("t", "freshness target", "a number between 0 and 1", func(p *Params) *float64 { return &p.Target }, func(x float64) bool { return x > 0 && x < 1 }),
	number("l", "half-life", "a number of days, 0 or more (0 for none)", func(p *Params) *float64 { return &p.HalfLife }, nonNegative),
}

// check returns an error naming the first parameter of p a link cannot
// hold, so that every link Encode writes, Decode reads.
func (p Params) check() error {
	for _, k := range params {
		v := k.format(&p)
		var q Params
		if !k.parse(&q, v) {
			return fmt.Errorf("share: cannot make a link: the %s is %s; expected %s", k.name, quote(v), k.want)
		}
	}
	return nil
}

// number is a float parameter: finite, and ok.
func number(key, name, want string, field func(*Params) *float64, ok func(float64) bool) param {
	return param{key: key, name: name, want: want,
		format: func(p *Params) string { return formatFloat(*field(p)) },
		parse: func(p *Params, v string) bool {
			if !decimal(v) {
				return false
			}
			x, err := strconv.ParseFloat(v, 64)
			if err != nil || math.IsNaN(x) || math.IsInf(x, 0) || !ok(x) {
				return false
			}
			*field(p) = x
			return true
		}}
}

// count is an int parameter: 1 to 18 decimal digits, so never negative
// and never over an int64.
func count(key, name, want string, field func(*Params) *int) param {
	return param{key: key, name: name, want: want,
		format: func(p *Params) string { return strconv.Itoa(*field(p)) },
		parse: func(p *Params, v string) bool {
			if !digits(v, 18) {
				return false
			}
			n, err := strconv.Atoi(v)
			if err != nil {
				return false
			}
			*field(p) = n
			return true
		}}
}

// word is a string parameter that ok accepts.
func word(key, name, want string, field func(*Params) *string, ok func(string) bool) param {
	return param{key: key, name: name, want: want,
		format: func(p *Params) string { return *field(p) },
		parse: func(p *Params, v string) bool {
			if !ok(v) {
				return false
			}
			*field(p) = v
			return true
		}}
}

// formatFloat writes x in the fewest digits that read back to x, without
// the "+" of a positive exponent (which a URL would have to escape).
func formatFloat(x float64) string {
	return strings.Replace(strconv.FormatFloat(x, 'g', -1, 64), "e+", "e", 1)
}

func nonNegative(x float64) bool { return x >= 0 }

// oneOf returns a test that its argument is one of words.
func oneOf(words ...string) func(string) bool {
	return func(v string) bool {
		for _, w := range words {
			if v == w {
				return true
			}
		}
		return false
	}
}

// isPolicy reports whether v is 1 to 32 of a–z, 0–9, "_" and "-".
func isPolicy(v string) bool {
	if len(v) == 0 || len(v) > 32 {
		return false
	}
	for i := 0; i < len(v); i++ {
		c := v[i]
		if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

// digits reports whether v is 1 to most decimal digits, without a sign.
// decimal reports whether v is a number as formatFloat writes one:
// [-]digits[.digits][e[-+]digits]. strconv.ParseFloat also reads Go's
// literals — 0x1p-2, 8_6400, Inf — which no link of freshplan's holds, so
// a link with one was edited (issue 22).
func decimal(v string) bool {
	i := 0
	run := func() bool { // one or more digits
		j := i
		for i < len(v) && v[i] >= '0' && v[i] <= '9' {
			i++
		}
		return i > j
	}
	if i < len(v) && v[i] == '-' {
		i++
	}
	if !run() {
		return false
	}
	if i < len(v) && v[i] == '.' {
		i++
		if !run() {
			return false
		}
	}
	if i < len(v) && (v[i] == 'e' || v[i] == 'E') {
		i++
		if i < len(v) && (v[i] == '-' || v[i] == '+') {
			i++
		}
		if !run() {
			return false
		}
	}
	return i == len(v)
}

func digits(v string, most int) bool {
	if len(v) == 0 || len(v) > most {
		return false
	}
	for i := 0; i < len(v); i++ {
		if v[i] < '0' || v[i] > '9' {
			return false
		}
	}
	return true
}
