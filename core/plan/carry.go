package plan

import "github.com/freshplan/freshplan/core/staleness"

// Objective and Model are core/staleness's, carried by Params: a front end
// names them through plan, the one package it plans with.
type (
	Objective = staleness.Objective
	Model     = staleness.Model
)

// ParseObjective returns the objective named s: "staleness", "age" or
// "harmonic".
func ParseObjective(s string) (Objective, error) { return staleness.ParseObjective(s) }

// ParseModel returns the model named s: "steady" or "horizon".
func ParseModel(s string) (Model, error) { return staleness.ParseModel(s) }
