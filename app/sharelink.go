package app

import (
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/freshplan/freshplan/core/share"
	"github.com/freshplan/freshplan/web"
)

// openedLink is the link the page was opened with, as far as it is not
// yet planned.
type openedLink struct {
	openErr string // it could not be read
	// awaiting is the file a fingerprint link names: the next file read
	// is checked against it before it is planned.
	awaiting *share.Fingerprint
	// skipBad says the link's plan left out its file's bad rows: the
	// awaited file is read the same way.
	skipBad bool
}

// shareParams are the link's parameters of a request (SPEC §7).
func shareParams(q Request, sample bool) share.Params {
	return share.Params{Horizon: q.Horizon, Politeness: q.Politeness, Budget: q.Budget, Crawlers: q.Crawlers, Rate: q.Rate,
		Objective: q.Objective, Model: q.Model, Policy: q.Policy, Target: q.Target, Sample: sample}
}

// formOf returns the form that makes the request a link's parameters
// describe.
func formOf(p share.Params) form {
	num := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
	f := form{Horizon: durationInput(p.Horizon), Mode: "budget", Budget: strconv.Itoa(p.Budget),
		Crawlers: "1", Rate: "1", Politeness: num(p.Politeness), Objective: p.Objective, Model: p.Model,
		Policy: p.Policy, Target: num(100 * p.Target), Simulate: "0"}
	if p.Budget == 0 {
		f.Mode, f.Crawlers, f.Rate = "crawlers", strconv.Itoa(p.Crawlers), num(p.Rate)
	}
	return f
}

// durationInput writes seconds as the horizon field takes them: 7d, 24h,
// 1h30m0s (a day as 24h, as the form starts).
func durationInput(sec float64) string {
	d := time.Duration(math.Round(sec * 1e9))
	switch {
	case d%(24*time.Hour) == 0 && d > 24*time.Hour:
		return strconv.FormatInt(int64(d/(24*time.Hour)), 10) + "d"
	case d%time.Hour == 0:
		return strconv.FormatInt(int64(d/time.Hour), 10) + "h"
	}
	return d.String()
}

// shareState returns the state a link to the plan of d holds: the
// sample, the file itself when the page kept it (Encode embeds it if the
// link stays short, else writes its fingerprint), else its fingerprint.
func shareState(d *dataset, q Request) share.State {
	p := shareParams(q, d.sample)
	// A plan of a file read with its bad rows skipped: whoever opens the
	// link reads it so too, and sees the same plan.
	p.SkipBad = !d.sample && d.skipped != nil && d.skipped.Rows > 0
	switch {
	case d.sample:
		return share.State{Params: p}
	case d.raw != nil:
		return share.NewState(p, d.name, d.raw)
	}
	return share.State{Params: p, File: share.Fingerprint{Name: d.name, Size: d.size, SHA256: d.digest()}}
}

// checkAwaited refuses a file that is not the one the link names; it
// reports whether d may be planned.
func (h *home) checkAwaited(d *dataset) bool {
	fp := h.opened.awaiting
	if fp == nil || d.sample {
		h.opened.awaiting = nil
		return true
	}
	if err := fp.Verify(share.Fingerprint{Name: d.name, Size: d.size, SHA256: d.digest()}); err != nil {
		h.inputErr = &InputError{File: d.name, Msg: err.Error()}
		return false
	}
	h.opened.awaiting = nil
	h.inputNote = d.name + " matches the link's fingerprint."
	return true
}

// openLink applies a link's fragment: its parameters, then its data —
// the sample, the embedded file, or a prompt to drop the file it names.
// It reports whether the fragment held a plan (else the page starts as
// usual).
func (h *home) openLink(fragment string) bool {
	fragment = strings.TrimPrefix(fragment, "#")
	if fragment == "" {
		return false
	}
	st, err := share.Decode(fragment)
	if err != nil {
		h.opened.openErr = err.Error()
		return false
	}
	h.opened.openErr = ""
	h.form = formOf(st.Params)
	for _, f := range []string{fHorizon, fMode, fBudget, fCrawlers, fRate, fPoliteness, fObjective, fModel, fPolicy, fTarget} {
		h.touched[f] = true // the link's values stay when data comes
	}
	_, h.errs = h.form.request()
	h.opened.awaiting, h.opened.skipBad = nil, st.Params.SkipBad
	switch {
	case st.Params.Sample:
		h.readBytes(web.SampleName, web.SamplePages, true)
	case st.Data != nil:
		h.readBytesSkipping(st.File.Name, st.Data, false, st.Params.SkipBad)
	default:
		fp := st.File
		h.opened.awaiting = &fp
		h.data, h.res = nil, results{}
	}
	return true
}
