package app

// objective is the form's objective: how a policy's value reads.
type objective string

// fresh reports whether values are staleness, shown as freshness.
func (o objective) fresh() bool { return o != "age" && o != "harmonic" }

// label names the value as the page shows it.
func (o objective) label() string {
	switch o {
	case "age":
		return "mean age"
	case "harmonic":
		return "harmonic penalty"
	}
	return "freshness"
}

// text shows a value: freshness in percent, age as a duration, the
// harmonic penalty as a number (expected 1 + ½ + … per missed change).
func (o objective) text(v float64, decimals int) string {
	switch o {
	case "age":
		return fmtSeconds(v)
	case "harmonic":
		return fmtNum(v)
	}
	return fmtPct(1-v, decimals)
}

// diff shows the difference of two values (b − a ≥ 0 when a is better).
func (o objective) diff(d float64) string {
	switch o {
	case "age":
		return fmtSeconds(d)
	case "harmonic":
		return fmtNum(d)
	}
	return fmtPointsAbs(d)
}
