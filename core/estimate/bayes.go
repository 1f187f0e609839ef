package estimate

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Class is a named change-frequency category for Categorize, e.g. the
// weekly and monthly pages of seed 001 §6.6 example 6.7.
type Class struct {
	Name  string
	Rate  float64 // changes per day of a page in this class
	Prior float64 // prior probability; Categorize normalises the priors
}

// Categorize returns, for each class, the posterior probability that a
// page visited after the intervals ts (days), changed[i] telling whether
// the visit closing ts[i] found a change, belongs to it (seed 001 §6.6).
// Each visit updates the probabilities by Bayes' theorem, eq. 6.7, with
// the Poisson likelihoods P{change in t | λ} = 1 − e^{−λt} and
// P{no change} = e^{−λt}; applying eq. 6.7 visit after visit, as the seed
// does, equals one update with the product of the likelihoods, which is
// computed here in logarithms so that long histories do not underflow.
// In the seed's example (weekly vs monthly, equal priors) a change after 5
// days gives the weekly class 0.77, a second one 0.92.
//
// Priors that are negative or not finite count as 0; if none is positive
// all classes get equal priors. Intervals that are not positive and finite
// carry no information and are skipped, as are extra entries of the
// longer slice. A class whose rate cannot produce the history (rate 0 and
// a change seen) gets 0; if no class can, every posterior is 0. The
// result has one entry per class, in order, and never NaN.
func Categorize(classes []Class, ts []float64, changed []bool) []float64 {
	post := make([]float64, len(classes))
	if len(classes) == 0 {
		return post
	}
	priorSum := 0.0
	for _, c := range classes {
		if c.Prior > 0 && !math.IsInf(c.Prior, 1) {
			priorSum += c.Prior
		}
	}
	best := math.Inf(-1)
	for k, c := range classes {
		prior := 1.0 / float64(len(classes))
		if priorSum > 0 {
			prior = 0
			if c.Prior > 0 && !math.IsInf(c.Prior, 1) {
				prior = c.Prior / priorSum
			}
		}
		post[k] = math.Log(prior) + logLikelihood(c.Rate, ts, changed)
		if math.IsNaN(post[k]) {
			post[k] = math.Inf(-1)
		}
		best = max(best, post[k])
	}
	if math.IsInf(best, -1) {
		clear(post)
		return post
	}
	sum := 0.0
	for k := range post { // seed 001 §6.6 eq. 6.7: normalise by P{E}
		post[k] = math.Exp(post[k] - best)
		sum += post[k]
	}
	for k := range post {
		post[k] /= sum
	}
	return post
}

// logLikelihood returns log P{history | λ} under the Poisson model: the sum
// of log(1 − e^{−λt}) over changed intervals and −λt over the others
// (seed 001 §6.4.1 Lemma 6.1). A rate that is negative or NaN gives −Inf.
func logLikelihood(rate float64, ts []float64, changed []bool) float64 {
	if !(rate >= 0) {
		return math.Inf(-1)
	}
	ll := 0.0
	for i := range min(len(ts), len(changed)) {
		t := ts[i]
		if !(t > 0) || math.IsInf(t, 1) {
			continue
		}
		if changed[i] {
			ll += math.Log(-math.Expm1(-rate * t))
		} else if rate > 0 {
			ll -= rate * t
		}
	}
	return ll
}

// ParseClasses reads classes from a spec such as
// "hourly=24,daily=1,weekly=0.143" or "weekly=1/7,monthly=1/30": comma
// separated name=rate pairs, rates in changes per day written as a
// decimal or a fraction a/b, blanks around items ignored. The classes get
// equal priors. Names must be distinct and non-empty, rates positive and
// finite; errors name the item at fault.
func ParseClasses(spec string) ([]Class, error) {
	if strings.TrimSpace(spec) == "" {
		return nil, errors.New("estimate: no classes given; write name=rate pairs, e.g. daily=1,weekly=1/7")
	}
	items := strings.Split(spec, ",")
	classes := make([]Class, 0, len(items))
	seen := make(map[string]bool, len(items))
	for i, item := range items {
		item = strings.TrimSpace(item)
		name, value, ok := strings.Cut(item, "=")
		name, value = strings.TrimSpace(name), strings.TrimSpace(value)
		switch {
		case item == "":
			return nil, fmt.Errorf("estimate: class %d is empty; remove the extra comma", i+1)
		case !ok:
			return nil, fmt.Errorf("estimate: class %d %q has no '='; write name=rate, e.g. weekly=1/7", i+1, item)
		case name == "":
			return nil, fmt.Errorf("estimate: class %d %q has no name before '='", i+1, item)
		case seen[name]:
			return nil, fmt.Errorf("estimate: class %d %q repeats the name %q", i+1, item, name)
		}
		rate, err := parseRate(value)
		if err != nil {
			return nil, fmt.Errorf("estimate: class %d %q: %v", i+1, item, err)
		}
		seen[name] = true
		classes = append(classes, Class{Name: name, Rate: rate})
	}
	for i := range classes {
		classes[i].Prior = 1 / float64(len(classes))
	}
	return classes, nil
}

// parseRate reads a positive finite rate written as a decimal or a/b.
func parseRate(s string) (float64, error) {
	num, den, frac := strings.Cut(s, "/")
	v, err := strconv.ParseFloat(strings.TrimSpace(num), 64)
	if err == nil && frac {
		var d float64
		d, err = strconv.ParseFloat(strings.TrimSpace(den), 64)
		if err == nil && d == 0 {
			return 0, fmt.Errorf("rate %q divides by zero", s)
		}
		v /= d
	}
	switch {
	case err != nil || s == "":
		return 0, fmt.Errorf("rate %q is not a number of changes per day (e.g. 1, 0.143 or 1/7)", s)
	case math.IsNaN(v) || math.IsInf(v, 0):
		return 0, fmt.Errorf("rate %q is not finite", s)
	case v <= 0:
		return 0, fmt.Errorf("rate %q must be positive", s)
	}
	return v, nil
}
