package observe

import (
	"testing"
)

func TestParseTime(t *testing.T) {
	tests := []struct {
		in   string
		want float64
		err  string
	}{
		{in: "2024-01-02T15:04:05Z", want: 1704207845},
		{in: "2024-01-02t15:04:05z", want: 1704207845},
		{in: "2024-01-02 15:04:05Z", want: 1704207845},
		{in: "2024-01-02T16:04:05+01:00", want: 1704207845},
		{in: "2024-01-02T10:34:05-04:30", want: 1704207845},
		{in: "2024-01-02T15:04:05.25Z", want: 1704207845.25},
		{in: "2024-01-02T15:04:05.123456789123Z", want: 1704207845.123456789},
		{in: "  2024-01-02T15:04:05Z\t", want: 1704207845},
		{in: "2024-02-29T00:00:00Z", want: 1709164800},
		{in: "1704207845", want: 1704207845},
		{in: "1704207845.5", want: 1704207845.5},
		{in: "1704207845500", want: 1704207845.5},         // milliseconds
		{in: "99999999999", want: 99999999999},            // just below MillisFrom: seconds (the year 5138)
		{in: "100000000000", want: 100000000},             // MillisFrom: milliseconds (1973)
		{in: "99999999999999", want: 99999999999.999},     // just below MicrosFrom: milliseconds (the year 5138)
		{in: "1704207845123456", want: 1704207845.123456}, // microseconds
		{in: "100000000000000", want: 100000000},          // MicrosFrom: microseconds (1973)
		{in: "1704207845000000000", want: 1704207845},     // nanoseconds
		{in: "100000000000000000", want: 100000000},       // NanosFrom: nanoseconds (1973)
		{in: "1.7042078455e12", want: 1704207845.5},       // as a spreadsheet may write it
		{in: "0", want: 0},
		{in: "-0", want: 0},
		{in: "-86400", want: -86400},
		{in: "20240102150405", want: 1704207845},      // a web-archive timestamp
		{in: "20241302150405", want: 20241302150.405}, // not a valid date: milliseconds
		{in: "yesterday", err: `"yesterday" is not a time; want RFC 3339 (2024-01-02T15:04:05Z), a date (2024-01-02), Unix seconds or Unix milliseconds`},
		{in: "", err: `empty; want RFC 3339 (2024-01-02T15:04:05Z), a date (2024-01-02), Unix seconds or Unix milliseconds`},
		{in: "NaN", err: `"NaN" is not a time; want RFC 3339 (2024-01-02T15:04:05Z), a date (2024-01-02), Unix seconds or Unix milliseconds`},
		{in: "Inf", err: `"Inf" is not a time; want RFC 3339 (2024-01-02T15:04:05Z), a date (2024-01-02), Unix seconds or Unix milliseconds`},
		{in: "0x10", err: `"0x10" is not a time; want RFC 3339 (2024-01-02T15:04:05Z), a date (2024-01-02), Unix seconds or Unix milliseconds`},
		{in: "1e300", err: `"1e300" is out of range; want a time between the years 1 and 9999`},
		{in: "2024-01-02T15:04:05", err: `"2024-01-02T15:04:05" has no time zone; want one, e.g. 2024-01-02T15:04:05Z for UTC or 2024-01-02T16:04:05+01:00`},
		{in: "2024-02-30T00:00:00Z", err: `"2024-02-30T00:00:00Z" is not a time; want RFC 3339 (2024-01-02T15:04:05Z), a date (2024-01-02), Unix seconds or Unix milliseconds`},
		{in: "2024-01-02T24:00:00Z", err: `"2024-01-02T24:00:00Z" is not a time; want RFC 3339 (2024-01-02T15:04:05Z), a date (2024-01-02), Unix seconds or Unix milliseconds`},
		{in: "2024-01-02", want: 1704153600},                   // a date alone: its first second in UTC
		{in: "2024-01-02T16:04:05.5+0100", want: 1704207845.5}, // an offset without its colon (strftime's %z)
		{in: "2024-01-02 10:34:05-0430", want: 1704207845},
		{in: "2024-01-02T15:04Z", want: 1704207840}, // W3C Datetime without seconds
		{in: "2024-01-02T16:04+01:00", want: 1704207840},
		{in: "20240102150405123", want: 1704207845.123}, // Heritrix: YYYYMMDDhhmmssSSS
		{in: "2024-01-02T15:04:05+01", err: `"2024-01-02T15:04:05+01" is not a time; want RFC 3339 (2024-01-02T15:04:05Z), a date (2024-01-02), Unix seconds or Unix milliseconds`},
		{in: "2024-02-30", err: `"2024-02-30" is not a time; want RFC 3339 (2024-01-02T15:04:05Z), a date (2024-01-02), Unix seconds or Unix milliseconds`},
		{in: "2024-1-02", err: `"2024-1-02" is not a time; want RFC 3339 (2024-01-02T15:04:05Z), a date (2024-01-02), Unix seconds or Unix milliseconds`},
		{in: "Tue, 02 Jan 2024 15:04:05 GMT", err: `"Tue, 02 Jan 2024 15:04:05 GMT" is not a time; want RFC 3339 (2024-01-02T15:04:05Z), a date (2024-01-02), Unix seconds or Unix milliseconds`},
	}
	for _, tc := range tests {
		got, err := ParseTime(tc.in)
		switch {
		case tc.err != "" && (err == nil || err.Error() != tc.err):
			t.Errorf("ParseTime(%q) = %v, %v; want the error %s", tc.in, got, err, tc.err)
		case tc.err == "" && (err != nil || got != tc.want):
			t.Errorf("ParseTime(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
}

func TestParseLastModified(t *testing.T) {
	tests := []struct {
		in   string
		want float64
		err  string
	}{
		{in: "Tue, 02 Jan 2024 15:04:05 GMT", want: 1704207845},
		{in: "Tuesday, 02-Jan-24 15:04:05 GMT", want: 1704207845},
		{in: "Tue Jan  2 15:04:05 2024", want: 1704207845},
		{in: "2024-01-02T15:04:05Z", want: 1704207845},
		{in: "2024-01-02", want: 1704153600}, // a sitemap's lastmod
		{in: "1704207845", want: 1704207845},
		{in: "Tue, 02 Jan 2024 15:04:05 CET", err: `"Tue, 02 Jan 2024 15:04:05 CET" is not a date; want RFC 3339 (2024-01-02T15:04:05Z), an HTTP-date (Tue, 02 Jan 2024 15:04:05 GMT), a date (2024-01-02) or Unix seconds`},
		{in: "last week", err: `"last week" is not a date; want RFC 3339 (2024-01-02T15:04:05Z), an HTTP-date (Tue, 02 Jan 2024 15:04:05 GMT), a date (2024-01-02) or Unix seconds`},
		{in: "", err: `empty; want RFC 3339 (2024-01-02T15:04:05Z), an HTTP-date (Tue, 02 Jan 2024 15:04:05 GMT), a date (2024-01-02) or Unix seconds`},
	}
	for _, tc := range tests {
		got, err := ParseLastModified(tc.in)
		switch {
		case tc.err != "" && (err == nil || err.Error() != tc.err):
			t.Errorf("ParseLastModified(%q) = %v, %v; want the error %s", tc.in, got, err, tc.err)
		case tc.err == "" && (err != nil || got != tc.want):
			t.Errorf("ParseLastModified(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
}

func TestParseTimestamp(t *testing.T) {
	tests := []struct {
		in   string
		want float64
		ok   bool
	}{
		{"20240102150405", 1704207845, true},
		{"19960101000000", 820454400, true},
		{"99991231235959", 253402300799, true},
		{"00000101000000", 0, false},
		{"20240230000000", 0, false},
		{"20240102240000", 0, false},
		{"2024010215040", 0, false},
		{"202401021504050", 0, false},
		{"2024-1-2150405", 0, false},
	}
	for _, tc := range tests {
		got, err := ParseTimestamp(tc.in)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("ParseTimestamp(%q) = %v, %v; want %v, ok %v", tc.in, got, err, tc.want, tc.ok)
		}
	}
}
