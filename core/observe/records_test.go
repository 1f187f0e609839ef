package observe

import (
	"bufio"
	"io"
	"reflect"
	"strings"
	"testing"
)

// records splits CSV text the way the observation reader does, returning
// each record's fields and first line, or the error it ends with.
func records(in string) ([][]string, []int, error) {
	c := &csvRecords{lr: &lineReader{br: bufio.NewReaderSize(strings.NewReader(in), 16)}}
	var out [][]string
	var lines []int
	for {
		rec, err := c.next()
		if err == io.EOF {
			return out, lines, nil
		}
		if err != nil {
			return out, lines, err
		}
		var r []string
		for _, f := range rec {
			r = append(r, string(f))
		}
		out = append(out, r)
		lines = append(lines, c.line)
	}
}

func TestCSVRecords(t *testing.T) {
	tests := []struct {
		name, in string
		want     [][]string
		lines    []int
		err      string
	}{
		{name: "plain", in: "a,b,c\n1,2,3\n", want: [][]string{{"a", "b", "c"}, {"1", "2", "3"}}, lines: []int{1, 2}},
		{name: "CRLF and no final line end", in: "a,b\r\n1,2", want: [][]string{{"a", "b"}, {"1", "2"}}, lines: []int{1, 2}},
		{name: "empty fields", in: ",,\n", want: [][]string{{"", "", ""}}, lines: []int{1}},
		{name: "blank line", in: "\n", want: [][]string{{""}}, lines: []int{1}},
		{name: "quotes", in: `"a,b","say ""hi""",c` + "\n", want: [][]string{{"a,b", `say "hi"`, "c"}}, lines: []int{1}},
		{name: "spaces around quotes", in: ` "a" , "b"` + "\n", want: [][]string{{"a", "b"}}, lines: []int{1}},
		{name: "a quoted field over lines", in: "x,\"1\r\n2\n3\",y\nz\n", want: [][]string{{"x", "1\n2\n3", "y"}, {"z"}}, lines: []int{1, 4}},
		{name: "lines longer than the buffer", in: strings.Repeat("a", 40) + "," + strings.Repeat("b", 40) + "\n",
			want: [][]string{{strings.Repeat("a", 40), strings.Repeat("b", 40)}}, lines: []int{1}},
		{name: "a bare quote", in: "a,b\"c\n", err: `line 1, field 2: a " inside a field that does not start with one; quote the whole field and double the quotes inside it, as in "say ""hi"""`},
		{name: "text after a closing quote", in: "\"a\"b,c\n", err: `line 1, field 1: text after the closing quote of a quoted field; want a comma or the end of the line after it, quotes inside the field doubled ("")`},
		{name: "a quote never closed", in: "a\n\"b,c\nd\n", want: [][]string{{"a"}}, lines: []int{1},
			err: `line 2, field 1: a quoted field opened here is not closed before the end of the file; want a closing "`},
		{name: "too many fields", in: strings.Repeat(",", maxFields) + "\n", err: "line 1: more than 1000 fields on one line; is this really " + msgFiles + "?"},
		{name: "too many quoted fields", in: strings.Repeat(`"",`, maxFields) + "\n", err: "line 1: more than 1000 fields on one line; is this really " + msgFiles + "?"},
	}
	for _, tc := range tests {
		got, lines, err := records(tc.in)
		switch {
		case tc.err == "" && err != nil, tc.err != "" && (err == nil || err.Error() != tc.err):
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.err)
		case !reflect.DeepEqual(got, tc.want) || !reflect.DeepEqual(lines, tc.lines):
			t.Errorf("%s: got %q on lines %v, want %q on %v", tc.name, got, lines, tc.want, tc.lines)
		}
	}
}

// TestLongLines checks that a line over maxLine is consumed and reported
// with its number, and reading goes on after it.
func TestLongLines(t *testing.T) {
	in := "a\n" + strings.Repeat("x", maxLine+1) + "\nb\n" + strings.Repeat("y", maxLine) + "\n"
	l := &lineReader{br: bufio.NewReaderSize(strings.NewReader(in), chunk)}
	var got []string
	for {
		b, err := l.next()
		if err == io.EOF {
			break
		}
		switch {
		case err == errLong:
			got = append(got, "long "+itoa(l.line))
		case err != nil:
			t.Fatal(err)
		default:
			got = append(got, itoa(len(b)))
		}
	}
	want := []string{"1", "long 2", "1", itoa(maxLine)}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}
