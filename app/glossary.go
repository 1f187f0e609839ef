package app

import (
	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"
)

// glossaryEntry is a term the page uses and what it means, in a sentence
// for someone who has not read the papers.
type glossaryEntry struct{ Term, ID, Text string }

// glossary is every term of the page, in the order a reader meets them.
var glossary = []glossaryEntry{
	{"freshness", "freshness", "The share of time a page's copy is the same as the live page, averaged over the pages (weighted by each page's weight). Staleness is 1 − freshness."},
	{"staleness", "staleness", "The share of time a page's copy is out of date: the live page has changed since the last visit."},
	{"budget", "budget", "How many visits (fetches) the crawlers make per horizon, across all pages: R = crawlers × pages per second × horizon."},
	{"horizon", "horizon", "The length of time the plan covers before it repeats (T): 24 h, 7 d."},
	{"politeness", "politeness", "The least time between two requests to one host (P): a host gets at most ⌊T/P⌋ visits per horizon, its cap."},
	{"psp", "psp", "The polite schedule of de Souza et al. (seed 000): it gives each page its number of visits with GREEDY, keeping every host under its cap, times them with MERGE and hands them to the crawlers. The policy this page recommends for a pages table."},
	{"uniform", "uniform", "The baseline: every page the same number of visits (more for a heavier weight), equally spaced; ignores how often pages change and ignores politeness. A page with a known change pattern (quasi-deterministic) is placed just after its possible changes, by the same greedy as psp's."},
	{"learn", "learn", "The learning policy: it plans like psp but re-estimates each page's change rate from every fetch, so pages that change in bursts or mass edits (real pages) are followed as they change. It needs a history or a fetch log."},
	{"wp bound", "wp", "Weak politeness: the best freshness any schedule that respects the hosts' caps could reach (the optimum of problem S). No polite policy beats it; psp's distance to it is what psp leaves on the table."},
	{"nonpolite", "nonpolite", "The best freshness with no politeness at all: the gap from the wp bound to it is what politeness costs."},
	{"pt", "pt", "Percentage points: the difference between two percentages (85.7% and 81.5% are 4.2 pt apart)."},
	{"GREEDY", "greedy", "Seed 000's first phase: it hands out the budget a visit at a time, each to the page where it gains the most freshness, never beyond a host's cap."},
	{"MERGE", "merge", "Seed 000's second phase: it spreads each host's visits evenly over the horizon, at least P apart, so that every crawler can follow them."},
	{"problem S", "problem-s", "Seed 000's optimisation problem: choose how many times to visit each page, within the budget and the hosts' caps, to make the copies as fresh as possible. Its optimum is the wp bound."},
	{"mp2", "mp2", "A baseline of seed 000: psp's visit counts, each page's visits equally spaced. Visits that collide with the host's politeness cannot be made in the horizon and are dropped, which is why it can fall far behind psp."},
	{"mwolf", "mwolf", "A baseline of seed 000 after Wolf et al. (seed 003): visit counts without the hosts' caps, each page's visits at Wolf's ideal times; visits a host cannot take are dropped."},
	{"proportional", "proportional", "Visits in proportion to how often each page changes (seed 003 §5). It spends most of the budget on pages that change too often to keep fresh, and leaves slow pages without a visit."},
	{"cho", "cho", "Cho's optimum (seed 001 §5.5): the visit rates that maximise freshness if every estimated change rate is exactly right and changes are random (Poisson). It gives no visit to pages that change very often. Real pages break its assumption, so it can be best in the plan and worst in the backtest."},
	{"azar", "azar", "Azar et al.'s optimal rates (seed 002), turned into a fixed order by the EDF carousel. Like cho it drops the pages it deems not worth a visit."},
	{"EDF carousel", "edf", "Earliest deadline first: a page's visits are due at its rate's intervals, and each slot goes to the page whose visit is most overdue (seed 002, Algorithm 3)."},
	{"backtest", "backtest-term", "Plans from the past of a change history and replays each policy against what really changed afterwards: the test of a policy on your own pages."},
	{"seed", "seed", "The papers freshplan implements are numbered seeds: 000 de Souza et al. (the polite schedule), 001 Cho (freshness, estimation), 002 Azar et al., 003 Wolf et al., 004 Castillo."},
}

// glossaryText returns the explanation of a term by its id.
func glossaryText(id string) string {
	for _, g := range glossary {
		if g.ID == id {
			return g.Text
		}
	}
	return ""
}

// term shows a word of the glossary: its explanation on hover (title)
// and, for the keyboard and screen readers, on focus (the glossary entry
// is its accessible description). A word the glossary lacks (mwolf-exact)
// is plain text, not a term pointing at no entry.
func term(id, word string) goapp.UI {
	text := glossaryText(id)
	if text == "" {
		return goapp.Text(word)
	}
	return goapp.Span().Class("term").TabIndex(0).Title(text).
		Aria("describedby", "gl-"+id).Text(word)
}

func (h *home) renderGlossary() goapp.UI {
	items := make([]goapp.UI, 0, 2*len(glossary))
	for _, g := range glossary {
		items = append(items, goapp.Dt().ID("gl-term-"+g.ID).Text(g.Term), goapp.Dd().ID("gl-"+g.ID).Text(g.Text))
	}
	return goapp.Section().ID("glossary").Class("panel").Aria("labelledby", "glossary-h").Body(
		goapp.H2().ID("glossary-h").Text("Glossary"),
		goapp.Dl().Class("glossary").Body(items...),
	)
}
