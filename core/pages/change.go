package pages

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/freshplan/freshplan/core/internal/inputerr"
)

// Change is how a page's content changes when it is not Poisson, from the
// pages table's optional model columns (seed 003 §2.3, §4):
//
//	model   poisson (the default), pareto, weibull or quasi
//	shape   pareto: α > 1; weibull: k in [0.05, 50]
//	scale   pareto β or weibull c, in seconds; empty: the one that makes
//	        the mean time between changes 1/changes_per_day
//	times   quasi: the potential change times, seconds from the horizon's
//	        start, increasing, separated by ';'
//	probs   quasi: the probability of each, in [0, 1], separated by ';'
type Change struct {
	Model string // "pareto", "weibull" or "quasi"
	Shape float64
	Scale float64 // seconds; 0 means from the rate
	Times []float64
	Probs []float64
}

// Models are the values of the model column.
var Models = []string{"poisson", "pareto", "weibull", "quasi"}

// parseChange reads a row's model columns; a Poisson page gives nil.
func parseChange(r row) (*Change, *Error) {
	m, j, _ := r.get(colModel)
	m = strings.ToLower(m)
	if m == "" || m == "poisson" {
		for _, c := range []column{colShape, colTimes, colProbs} {
			if s, k, _ := r.get(c); s != "" {
				model := "quasi"
				if c == colShape {
					model = "pareto or weibull"
				}
				return nil, &Error{Column: k + 1, Field: c.String(), Msg: fmt.Sprintf("%s is given but the model is poisson; set model to %s",
					inputerr.Quote(s), model)}
			}
		}
		return nil, nil
	}
	c := &Change{Model: m}
	num := func(c column, what string, ok func(float64) bool, required bool) (float64, *Error) {
		s, k, _ := r.get(c)
		if s == "" {
			if required {
				return 0, &Error{Column: k + 1, Field: c.String(), Msg: "empty; the " + m + " model wants " + what}
			}
			return 0, nil
		}
		v, err := strconv.ParseFloat(s, 64)
		if err != nil || !ok(v) {
			return 0, &Error{Column: k + 1, Field: c.String(), Msg: fmt.Sprintf("%s is not %s", inputerr.Quote(s), what)}
		}
		return v, nil
	}
	positive := func(v float64) bool { return v > 0 && !math.IsInf(v, 1) }
	var e *Error
	switch m {
	case "pareto":
		if c.Shape, e = num(colShape, "a tail exponent α above 1 (at or below 1 the mean time between changes is infinite)",
			func(v float64) bool { return v > 1 && v <= 1e6 }, true); e != nil {
			return nil, e
		}
		if c.Scale, e = num(colScale, "a positive scale β in seconds, or empty", positive, false); e != nil {
			return nil, e
		}
	case "weibull":
		if c.Shape, e = num(colShape, "a shape k from 0.05 to 50", func(v float64) bool { return v >= 0.05 && v <= 50 }, true); e != nil {
			return nil, e
		}
		if c.Scale, e = num(colScale, "a positive scale in seconds, or empty", positive, false); e != nil {
			return nil, e
		}
	case "quasi":
		if c.Times, e = list(r, colTimes, "seconds from the horizon's start, increasing, separated by ';'",
			func(v, prev float64) bool { return v >= 0 && v > prev && !math.IsInf(v, 1) }); e != nil {
			return nil, e
		}
		if c.Probs, e = list(r, colProbs, "probabilities from 0 to 1, separated by ';'",
			func(v, _ float64) bool { return v >= 0 && v <= 1 }); e != nil {
			return nil, e
		}
		if len(c.Times) != len(c.Probs) {
			_, k, _ := r.get(colProbs)
			return nil, &Error{Column: k + 1, Field: "probs", Msg: fmt.Sprintf("%d probabilities for %d times; give one per time", len(c.Probs), len(c.Times))}
		}
	default:
		return nil, &Error{Column: j + 1, Field: "model", Msg: fmt.Sprintf("%s is not a model; want one of %s", inputerr.Quote(m), strings.Join(Models, ", "))}
	}
	return c, nil
}

// list reads a ';'-separated list of numbers, each checked against the
// one before it.
func list(r row, c column, what string, ok func(v, prev float64) bool) ([]float64, *Error) {
	name := c.String()
	s, k, _ := r.get(c)
	if s == "" {
		return nil, &Error{Column: k + 1, Field: name, Msg: "empty; the quasi model wants " + what}
	}
	parts := strings.Split(s, ";")
	if len(parts) > 10000 {
		return nil, &Error{Column: k + 1, Field: name, Msg: fmt.Sprintf("%d values; at most 10000", len(parts))}
	}
	out := make([]float64, len(parts))
	prev := math.Inf(-1)
	for i, p := range parts {
		v, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil || math.IsNaN(v) || !ok(v, prev) {
			return nil, &Error{Column: k + 1, Field: name, Msg: fmt.Sprintf("value %d, %s, is not right: want %s", i+1, inputerr.Quote(strings.TrimSpace(p)), what)}
		}
		out[i], prev = v+0, v
	}
	return out, nil
}

// format writes the model columns of a page: model,shape,scale,times,probs.
func (c *Change) format() string {
	if c == nil {
		return "poisson,,,,"
	}
	f := func(v float64) string {
		if v == 0 {
			return ""
		}
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	join := func(a []float64) string {
		s := make([]string, len(a))
		for i, v := range a {
			s[i] = strconv.FormatFloat(v, 'g', -1, 64)
		}
		return strings.Join(s, ";")
	}
	return c.Model + "," + f(c.Shape) + "," + f(c.Scale) + "," + join(c.Times) + "," + join(c.Probs)
}

// Exposure is how a page is seen through a search engine, from the pages
// table's optional columns, for seed 003 §2.2's embarrassment weights:
//
//	wrong     d_i: the probability that a stale copy answers a query wrongly
//	returned  where queries return the page: overall positions (1 is the
//	          first result of the first result page) with the probability
//	          of each, as "1:0.2;14:0.05"
type Exposure struct {
	Wrong    float64
	Returned []Returned
}

// Returned is one position at which queries return a page.
type Returned struct {
	Position int     // overall position, from 1
	Prob     float64 // probability that a query returns the page there
}

// parseExposure reads a row's exposure columns; none gives nil.
func parseExposure(fields row) (*Exposure, *Error) {
	w, wj, _ := fields.get(colWrong)
	r, rj, _ := fields.get(colReturned)
	if w == "" && r == "" {
		return nil, nil
	}
	e := &Exposure{}
	v, err := strconv.ParseFloat(w, 64)
	if err != nil || !(v >= 0 && v <= 1) {
		return nil, &Error{Column: wj + 1, Field: "wrong", Msg: fmt.Sprintf("%s is not a probability from 0 to 1 that a stale copy answers wrongly", inputerr.Quote(w))}
	}
	e.Wrong = v
	if r == "" {
		return nil, &Error{Column: rj + 1, Field: "returned", Msg: "empty; want the positions queries return the page at, as 1:0.2;14:0.05"}
	}
	var sum float64
	for i, part := range strings.Split(r, ";") {
		pos, prob, ok := strings.Cut(strings.TrimSpace(part), ":")
		n, err1 := strconv.Atoi(strings.TrimSpace(pos))
		q, err2 := strconv.ParseFloat(strings.TrimSpace(prob), 64)
		if !ok || err1 != nil || err2 != nil || n < 1 || n > 10000 || !(q >= 0 && q <= 1) {
			return nil, &Error{Column: rj + 1, Field: "returned", Msg: fmt.Sprintf("entry %d, %s, is not POSITION:PROBABILITY with a position from 1 and a probability from 0 to 1", i+1, inputerr.Quote(part))}
		}
		sum += q
		e.Returned = append(e.Returned, Returned{Position: n, Prob: q})
	}
	if sum > 1+1e-9 {
		return nil, &Error{Column: rj + 1, Field: "returned", Msg: fmt.Sprintf("the probabilities add up to %.4g; a query returns a page at one position at most, so they add up to 1 at most", sum)}
	}
	return e, nil
}

// format writes the exposure columns of a page: wrong,returned.
func (e *Exposure) format() string {
	if e == nil {
		return ","
	}
	parts := make([]string, len(e.Returned))
	for i, r := range e.Returned {
		parts[i] = strconv.Itoa(r.Position) + ":" + strconv.FormatFloat(r.Prob, 'g', -1, 64)
	}
	return strconv.FormatFloat(e.Wrong, 'g', -1, 64) + "," + strings.Join(parts, ";")
}
