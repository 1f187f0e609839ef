// Package plan is freshplan's one call from an input and parameters to a
// Plan: every policy of SPEC §5 computed on the same input — psp (seed
// 000), mp2, mwolf, uniform, proportional, cho (seed 001 §5.5), azar
// (seed 002) — beside the bounds wp, nonpolite and infcrawlers, with the
// polite schedules checked by the validator; and budget sweeps.
//
// A plan goes through these stages, in this order:
//
//  1. observe (core/observe): Load reads an observation log, an archive
//     index or a change history into each URL's history; a pages table
//     (core/pages) skips this and the next stage.
//  2. estimate (core/estimate): each page's change rate from its history,
//     shrunk towards its host's prior (Rated, EstimateOf).
//  3. allocate (core/allocate): how many visits each page gets within the
//     budget — GREEDY with per-host politeness caps (psp, mp2, wp) and
//     without (mwolf, nonpolite), and the rate policies' shares.
//  4. schedule (core/schedule): when each visit happens and which crawler
//     makes it — MERGE's times, the most-delayed-free assignment, Azar's
//     carousel — made host by host as it is consumed (schedule.Lazy),
//     and replayed and validated visit by visit.
//  5. simulate (core/simulate): with Params.Simulate, each schedule
//     replayed against sampled changes.
//  6. plan: Run puts them together into a Plan — each policy's and
//     bound's staleness, per-page and per-host figures, and the schedule
//     of Params.Policy (held in Plan.Schedule, or passed to Params.Stream
//     as it is made). Params.Compare says which other policies to plan;
//     Params.Allocated, Params.Early and Params.Scored give the plan as
//     its policies are scored: psp's allocation's figure (the bound wp)
//     and uniform's before any schedule, then psp's schedule, then the
//     bound nonpolite, the other bounds and the rest; Params.Progress says
//     how far each stage has got.
//
// Run's memory is proportional to the pages and hosts, not the visits,
// for tables of Poisson pages — but for the kept schedule, unless
// streamed, and Azar's carousel's calendar (52 MB at paper scale); tables
// with change models, and Params.Simulate, hold each programme whole.
package plan
