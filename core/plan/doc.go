// Package plan is freshplan's one call from a pages table and parameters
// to a Plan: every policy of SPEC §5 computed on the same input — psp
// (seed 000), mp2, mwolf, uniform, proportional, cho (seed 001 §5.5),
// azar (seed 002) — beside the bounds wp, nonpolite and infcrawlers, with
// the polite schedules checked by the validator; and budget sweeps.
package plan
