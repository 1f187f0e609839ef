package observe

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/freshplan/freshplan/core/internal/inputerr"
)

// Times are Unix seconds between the years 1 and 9999.
const (
	minUnix = -62135596800 // 0001-01-01T00:00:00Z
	maxUnix = 253402300800 // 10000-01-01T00:00:00Z, excluded
)

// MillisFrom is the magnitude from which a Unix number is taken for
// milliseconds rather than seconds: 1e11 seconds is the year 5138, 1e11
// milliseconds is 1973-03-03, so every plausible fetch time reads right
// either way. MicrosFrom and NanosFrom go on the same way — 1e14
// milliseconds is the year 5138 and 1e14 microseconds 1973, 1e17
// microseconds the year 5138 and 1e17 nanoseconds 1973 — for the
// microsecond and nanosecond clocks of data pipelines (Spark and Parquet
// timestamps, Python's time_ns, Go's UnixNano).
const (
	MillisFrom = 1e11
	MicrosFrom = 1e14
	NanosFrom  = 1e17
)

// What each kind of time may look like, for messages.
const (
	wantTime         = "want RFC 3339 (2024-01-02T15:04:05Z), a date (2024-01-02), Unix seconds or Unix milliseconds"
	wantLastModified = "want RFC 3339 (2024-01-02T15:04:05Z), an HTTP-date (Tue, 02 Jan 2024 15:04:05 GMT), a date (2024-01-02) or Unix seconds"
	wantTimestamp    = "want 14 digits YYYYMMDDhhmmss, e.g. 20240102150405"
)

// ParseTime returns the Unix seconds of a fetch time as the observation
// CSV's time column gives it:
//   - RFC 3339, e.g. 2024-01-02T15:04:05Z or 2024-01-02 15:04:05.250+01:00
//     (T or a space between date and time; a zone is required, its colon
//     optional, +0100; the seconds optional, 2024-01-02T15:04Z);
//   - a Unix number, seconds when its magnitude is below MillisFrom (1e11),
//     milliseconds from there on, microseconds from MicrosFrom (1e14) and
//     nanoseconds from NanosFrom (1e17), fractions allowed;
//   - exactly 14 digits that form a valid YYYYMMDDhhmmss, a web-archive
//     timestamp in UTC (as a Unix number it would be a millisecond time
//     after the year 2286), or 17 with milliseconds, YYYYMMDDhhmmssSSS, as
//     Heritrix writes a fetch's start;
//   - a date alone, YYYY-MM-DD, read as its first second in UTC: a
//     sitemap's lastmod and many change histories give no more (W3C
//     Datetime's date form), and the day is what they know.
//
// The time must fall in the years 1 to 9999.
func ParseTime(s string) (float64, error) {
	t, msg := parseTime(s)
	if msg != "" {
		return 0, errors.New(msg)
	}
	return t, nil
}

// ParseLastModified returns the Unix seconds of a Last-Modified date:
// RFC 3339, an HTTP-date (RFC 9110: IMF-fixdate, RFC 850 or asctime), or a
// Unix number read as ParseTime reads one.
func ParseLastModified(s string) (float64, error) {
	t, msg := parseLastModified(s)
	if msg != "" {
		return 0, errors.New(msg)
	}
	return t, nil
}

// ParseTimestamp returns the Unix seconds of a web-archive timestamp,
// exactly 14 digits YYYYMMDDhhmmss in UTC (or 17, with milliseconds).
func ParseTimestamp(s string) (float64, error) {
	t, ok := timestamp(s)
	if !ok {
		return 0, errors.New(inputerr.Quote(s) + " is not a timestamp; " + wantTimestamp)
	}
	return t, nil
}

// parseTime is ParseTime with the error as a message ("" for none).
func parseTime[T ~string | ~[]byte](s T) (float64, string) {
	s = trim(s)
	if len(s) == 14 || len(s) == 17 {
		if t, ok := timestamp(s); ok {
			return t, ""
		}
	}
	if t, ok, msg := number(s); ok || msg != "" {
		return t, msg
	}
	if t, ok := rfc3339(s); ok {
		return inRange(s, t)
	}
	if t, ok := date(s); ok {
		return t, ""
	}
	if noZone(s) {
		return 0, inputerr.Quote(s) + " has no time zone; want one, e.g. 2024-01-02T15:04:05Z for UTC or 2024-01-02T16:04:05+01:00"
	}
	return 0, inputerr.Quote(s) + " is not a time; " + wantTime
}

// parseLastModified is ParseLastModified with the error as a message.
func parseLastModified[T ~string | ~[]byte](s T) (float64, string) {
	s = trim(s)
	if len(s) == 0 {
		return 0, "empty; " + wantLastModified
	}
	if t, ok, msg := number(s); ok || msg != "" {
		return t, msg
	}
	if t, ok := rfc3339(s); ok {
		return inRange(s, t)
	}
	if t, ok := date(s); ok {
		return t, ""
	}
	str := string(s)
	gmt := strings.HasSuffix(str, " GMT") || strings.HasSuffix(str, " UTC")
	for _, layout := range []string{time.RFC1123, time.RFC850, time.ANSIC} {
		if layout != time.ANSIC && !gmt {
			continue // IMF-fixdate and RFC 850 dates are in GMT
		}
		if tm, err := time.ParseInLocation(layout, str, time.UTC); err == nil {
			return inRange(s, float64(tm.Unix()))
		}
	}
	return 0, inputerr.Quote(s) + " is not a date; " + wantLastModified
}

// number reads a Unix time in seconds, milliseconds, microseconds or
// nanoseconds, told apart by magnitude (MillisFrom): ok when s is one,
// a message when s is a number but not a usable time, neither when s is
// not a number at all.
func number[T ~string | ~[]byte](s T) (t float64, ok bool, msg string) {
	if len(s) == 0 {
		return 0, false, "empty; " + wantTime
	}
	digits := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			digits++
		case c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E':
		default:
			return 0, false, ""
		}
	}
	if digits == 0 {
		return 0, false, ""
	}
	var v float64
	if n, ok := integer(s); ok {
		v = float64(n)
	} else {
		var err error
		if v, err = strconv.ParseFloat(string(s), 64); err != nil {
			return 0, false, ""
		}
	}
	switch a := math.Abs(v); {
	case a >= NanosFrom:
		v /= 1e9
	case a >= MicrosFrom:
		v /= 1e6
	case a >= MillisFrom:
		v /= 1e3
	}
	t, msg = inRange(s, v)
	return t, msg == "", msg
}

// integer parses a plain non-negative decimal of at most 18 digits.
func integer[T ~string | ~[]byte](s T) (int64, bool) {
	if len(s) == 0 || len(s) > 18 {
		return 0, false
	}
	var n int64
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	return n, true
}

// inRange checks that t falls in the years 1 to 9999.
func inRange[T ~string | ~[]byte](s T, t float64) (float64, string) {
	if !(t >= minUnix && t < maxUnix) {
		return 0, inputerr.Quote(s) + " is out of range; want a time between the years 1 and 9999"
	}
	return t + 0, "" // -0 becomes 0
}

// timestamp parses exactly 14 digits YYYYMMDDhhmmss as a UTC time, or 17
// with milliseconds, YYYYMMDDhhmmssSSS, as Heritrix writes a fetch's start.
func timestamp[T ~string | ~[]byte](s T) (float64, bool) {
	if len(s) != 14 && len(s) != 17 {
		return 0, false
	}
	t, ok := civil(digitsAt(s, 0, 4), digitsAt(s, 4, 2), digitsAt(s, 6, 2), digitsAt(s, 8, 2), digitsAt(s, 10, 2), digitsAt(s, 12, 2))
	if len(s) == 17 {
		ms := digitsAt(s, 14, 3)
		return t + float64(ms)/1000, ok && ms >= 0
	}
	return t, ok
}

// digitsAt returns the number the n decimal digits at s[i:] write, −1
// when one is not a digit.
func digitsAt[T ~string | ~[]byte](s T, i, n int) int {
	v := 0
	for k := i; k < i+n; k++ {
		c := s[k]
		if c < '0' || c > '9' {
			return -1
		}
		v = v*10 + int(c-'0')
	}
	return v
}

// civil returns the Unix seconds of a UTC date and time, false when a
// part is out of range (a negative part means it was not digits).
func civil(y, mo, d, h, mi, sec int) (float64, bool) {
	if y < 1 || mo < 1 || mo > 12 || d < 1 || h < 0 || h > 23 || mi < 0 || mi > 59 || sec < 0 || sec > 59 {
		return 0, false
	}
	t := time.Date(y, time.Month(mo), d, h, mi, sec, 0, time.UTC)
	if t.Day() != d {
		return 0, false // e.g. February 30th
	}
	return float64(t.Unix()), true
}

// rfc3339 parses an RFC 3339 date-time: a fast path for the common
// YYYY-MM-DDThh:mm:ss[.fff](Z|±hh:mm), with T or a space (either case) and
// z in either case, and time.Parse for anything else (which also takes a
// one-digit hour, or a comma before the fraction).
func rfc3339[T ~string | ~[]byte](s T) (float64, bool) {
	if t, ok := fastRFC3339(s); ok {
		return t, true
	}
	if len(s) < 11 {
		return 0, false
	}
	b := []byte(string(s))
	if b[10] == ' ' || b[10] == 't' {
		b[10] = 'T'
	}
	if c := b[len(b)-1]; c == 'z' {
		b[len(b)-1] = 'Z'
	}
	for _, layout := range rfc3339Layouts {
		if tm, err := time.Parse(layout, string(b)); err == nil {
			return float64(tm.Unix()) + float64(tm.Nanosecond())/1e9, true
		}
	}
	return 0, false
}

// rfc3339Layouts are RFC 3339 and the ISO 8601 forms logs write beside it:
// a zone offset without its colon (+0100, as strftime's %z and Java
// write it), and W3C Datetime's time without seconds (a sitemap's
// lastmod, 2024-01-02T15:04Z).
var rfc3339Layouts = []string{time.RFC3339Nano, "2006-01-02T15:04:05.999999999Z0700", "2006-01-02T15:04Z07:00"}

// date reads a date alone, YYYY-MM-DD, as its first second in UTC.
func date[T ~string | ~[]byte](s T) (float64, bool) {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return 0, false
	}
	return civil(digitsAt(s, 0, 4), digitsAt(s, 5, 2), digitsAt(s, 8, 2), 0, 0, 0)
}

func fastRFC3339[T ~string | ~[]byte](s T) (float64, bool) {
	if len(s) < 20 || s[4] != '-' || s[7] != '-' || s[13] != ':' || s[16] != ':' {
		return 0, false
	}
	if c := s[10]; c != 'T' && c != 't' && c != ' ' {
		return 0, false
	}
	// Two digits at a time, inline: every row of a log pays this.
	two := func(i int) int {
		a, b := s[i], s[i+1]
		if a < '0' || a > '9' || b < '0' || b > '9' {
			return -1
		}
		return int(a-'0')*10 + int(b-'0')
	}
	y := two(0)*100 + two(2)
	if two(0) < 0 || two(2) < 0 {
		return 0, false
	}
	t, ok := civil(y, two(5), two(8), two(11), two(14), two(17))
	if !ok {
		return 0, false
	}
	i, ns := 19, 0
	if s[i] == '.' {
		i++
		start, scale := i, 100000000
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			ns += int(s[i]-'0') * scale // digits after the ninth are dropped, as time.Parse does
			scale /= 10
			i++
		}
		if i == start {
			return 0, false
		}
	}
	switch {
	case i == len(s)-1 && (s[i] == 'Z' || s[i] == 'z'):
	case i == len(s)-6 && (s[i] == '+' || s[i] == '-') && s[i+3] == ':':
		h, m := two(i+1), two(i+4)
		if h < 0 || h > 23 || m < 0 || m > 59 {
			return 0, false
		}
		if s[i] == '+' {
			t -= float64(h*3600 + m*60)
		} else {
			t += float64(h*3600 + m*60)
		}
	default:
		return 0, false
	}
	// Whole seconds first, then the fraction, as for time.Parse's result.
	return t + float64(ns)/1e9, true
}

// noZone reports whether s looks like an RFC 3339 date-time without its
// zone, which the reader will not guess.
func noZone[T ~string | ~[]byte](s T) bool {
	if len(s) < 19 {
		return false
	}
	_, ok := fastRFC3339(string(s) + "Z")
	return ok
}

// trim drops ASCII spaces and tabs at both ends.
func trim[T ~string | ~[]byte](s T) T {
	i, j := 0, len(s)
	for i < j && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	for j > i && (s[j-1] == ' ' || s[j-1] == '\t') {
		j--
	}
	return s[i:j]
}
