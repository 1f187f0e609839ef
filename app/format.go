package app

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// fmtInt writes n with thin-space-free comma groups: 1234567 → "1,234,567".
func fmtInt(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	if neg {
		s = s[1:]
	}
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// fmtNum writes x with about three significant digits, grouping the
// integer part: 0.001234 → "0.00123", 12.345 → "12.3", 12345.6 → "12,346".
func fmtNum(x float64) string {
	switch {
	case math.IsNaN(x):
		return "–"
	case math.IsInf(x, 1):
		return "∞"
	case math.IsInf(x, -1):
		return "−∞"
	case x == 0:
		return "0"
	}
	a := math.Abs(x)
	switch {
	case a >= 1000:
		return fmtInt(int64(math.Round(x)))
	case a >= 100:
		return strconv.FormatFloat(x, 'f', 0, 64)
	case a >= 10:
		return trimZeros(strconv.FormatFloat(x, 'f', 1, 64))
	case a >= 1:
		return trimZeros(strconv.FormatFloat(x, 'f', 2, 64))
	case a >= 1e-4:
		d := 2 - int(math.Floor(math.Log10(a)))
		return trimZeros(strconv.FormatFloat(x, 'f', d, 64))
	}
	return strconv.FormatFloat(x, 'g', 3, 64)
}

func trimZeros(s string) string {
	if !strings.Contains(s, ".") {
		return s
	}
	s = strings.TrimRight(s, "0")
	return strings.TrimSuffix(s, ".")
}

// fmtPct writes a fraction as a percentage with the given decimals.
func fmtPct(f float64, decimals int) string {
	if math.IsNaN(f) {
		return "–"
	}
	return strconv.FormatFloat(100*f, 'f', decimals, 64) + "%"
}

// fmtPoints writes a difference of fractions in percentage points, signed.
func fmtPoints(d float64) string {
	s := strconv.FormatFloat(100*d, 'f', 2, 64)
	if d >= 0 && !strings.HasPrefix(s, "-") {
		s = "+" + s
	}
	return strings.Replace(s, "-", "−", 1) + " pt"
}

// fmtPointsAbs writes a difference of fractions in percentage points,
// unsigned (a distance).
func fmtPointsAbs(d float64) string {
	return strconv.FormatFloat(100*math.Abs(d), 'f', 2, 64) + " pt"
}

// fmtBytes writes a byte count in B, kB, MB or GB (powers of 1000).
func fmtBytes(n int64) string {
	f := float64(n)
	switch {
	case f >= 1e9:
		return trimZeros(strconv.FormatFloat(f/1e9, 'f', 2, 64)) + " GB"
	case f >= 1e6:
		return trimZeros(strconv.FormatFloat(f/1e6, 'f', 1, 64)) + " MB"
	case f >= 1e3:
		return trimZeros(strconv.FormatFloat(f/1e3, 'f', 0, 64)) + " kB"
	}
	return strconv.FormatInt(n, 10) + " B"
}

// fmtSeconds writes a duration in seconds the way a person reads it:
// "45 s", "12 min", "3.5 h", "2.1 d"; never for infinite intervals.
func fmtSeconds(s float64) string {
	switch {
	case math.IsNaN(s):
		return "–"
	case math.IsInf(s, 1):
		return "never"
	case s < 1:
		return trimZeros(strconv.FormatFloat(s*1000, 'f', 0, 64)) + " ms"
	case s < 90:
		return trimZeros(strconv.FormatFloat(s, 'f', 1, 64)) + " s"
	case s < 90*60:
		return trimZeros(strconv.FormatFloat(s/60, 'f', 1, 64)) + " min"
	case s < 48*3600:
		return trimZeros(strconv.FormatFloat(s/3600, 'f', 1, 64)) + " h"
	}
	return trimZeros(strconv.FormatFloat(s/86400, 'f', 1, 64)) + " d"
}

// fmtTick writes an axis tick value compactly: 0.01, 0.5, 20, 1k, 2.5M.
func fmtTick(x float64) string {
	a := math.Abs(x)
	switch {
	case x == 0:
		return "0"
	case a >= 1e9:
		return trimZeros(strconv.FormatFloat(x/1e9, 'f', 1, 64)) + "G"
	case a >= 1e6:
		return trimZeros(strconv.FormatFloat(x/1e6, 'f', 1, 64)) + "M"
	case a >= 1e4:
		return trimZeros(strconv.FormatFloat(x/1e3, 'f', 1, 64)) + "k"
	case a >= 1:
		return trimZeros(strconv.FormatFloat(x, 'f', 2, 64))
	}
	return trimZeros(strconv.FormatFloat(x, 'g', 2, 64))
}

// plural writes "1 page" or "3 pages".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmtInt(int64(n)) + " " + many
}

// niceRound rounds x to two significant digits (for default budgets).
func niceRound(x float64) int {
	if !(x >= 1) {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(x))-1)
	return int(math.Round(x/p) * p)
}

// sprintf is fmt.Sprintf, named for brevity in views.
var sprintf = fmt.Sprintf
