package inputerr

import (
	"errors"
	"io"
	"strings"
	"testing"
)

func TestMessages(t *testing.T) {
	for _, c := range []struct {
		e    Error
		want string
	}{
		{Error{File: "a.csv", Line: 3, Column: 2, Field: "rate", Msg: "bad"}, "a.csv:3:2 (rate): bad"},
		{Error{File: "a.csv", Line: 3, Msg: "bad"}, "a.csv:3: bad"},
		{Error{File: "a.csv", Msg: "empty"}, "a.csv: empty"},
		{Error{Line: 4, Column: 1, Field: "url", Msg: "bad"}, "line 4, field 1 (url): bad"},
		{Error{Line: 4, Msg: "bad"}, "line 4: bad"},
		{Error{Msg: "bad"}, "bad"},
	} {
		if got := c.e.Error(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.e, got, c.want)
		}
	}
	e := &Error{File: "a", Err: io.ErrUnexpectedEOF}
	if !errors.Is(e, io.ErrUnexpectedEOF) {
		t.Error("Unwrap does not give the read error")
	}
}

func TestQuoteAndBadText(t *testing.T) {
	if got := Quote("a\tb"); got != `"a\tb"` {
		t.Errorf("Quote: %s", got)
	}
	long := strings.Repeat("é", 100)
	if got := Quote(long); got != `"`+strings.Repeat("é", quoteMax)+`"…` {
		t.Errorf("Quote cut: %s", got)
	}
	for s, bad := range map[string]bool{"https://a/é": false, "a\tb": true, "a\x7fb": true, "\xff": true} {
		if got := BadText(s) != ""; got != bad {
			t.Errorf("BadText(%q) = %q", s, BadText(s))
		}
	}
}
