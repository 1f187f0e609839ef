package inputerr

import (
	"bytes"
	"encoding/hex"
	"errors"
	"strconv"
	"unicode/utf8"
)

// ErrNotText is behind an *Error of a file that is not text (Binary), so
// that a caller that knows the file's size may say it (NotText).
var ErrNotText = errors.New("not a text file")

// Inputs names every input freshplan reads, for a message saying what a
// file should have been: the start of a file that is none of them says
// nothing more useful.
const Inputs = "a pages table (url,host,changes_per_day), a change history (url,host,time), " +
	"an observation CSV or fetch log (url,time,changed or digest), a CDX or CDXJ index, " +
	"Wayback CDX JSON or a Heritrix crawl.log, any of them gzipped or not"

// textSample is how much of a file's start Binary looks at.
const textSample = 4096

// Binary reports whether head, the first bytes of a file, are not text: a
// NUL byte in its first line (after a UTF-8 byte order mark and blank
// lines), or control characters no text file has — those below space but
// tab, line feed, vertical tab, form feed, carriage return, escape and
// DOS's end-of-file mark, and DEL — in one byte of 32 of its first 4 KiB,
// or in one of 256 that are not UTF-8 either (a small binary file). A
// Latin-1 or Windows-1251 file is text (and told to be saved as UTF-8
// where it matters); UTF-16, whose every other byte is NUL in ASCII, should be
// told apart first (UTF16).
func Binary(head []byte) bool {
	p := bytes.TrimLeft(bytes.TrimPrefix(head, []byte("\ufeff")), " \t\r\n")
	first := p
	if i := bytes.IndexByte(p, '\n'); i >= 0 {
		first = p[:i]
	}
	if bytes.IndexByte(first, 0) >= 0 {
		return true
	}
	s := head[:min(len(head), textSample)]
	controls := 0
	for _, c := range s {
		if (c < 0x20 && !oddText(c)) || c == 0x7f {
			controls++
		}
	}
	if controls == 0 {
		return false
	}
	if controls*32 >= len(s) {
		return true
	}
	// A rune cut at the end of the sample is no sign of anything.
	return controls*256 >= len(s) && !utf8.Valid(trimCut(s))
}

// oddText reports whether the control character c may be in a text file:
// tab, line feed, vertical tab, form feed, carriage return, escape (of
// terminal colours) and Ctrl-Z (DOS's end of file).
func oddText(c byte) bool {
	return c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r' || c == 0x1b || c == 0x1a
}

// trimCut returns s without a UTF-8 sequence cut short at its end.
func trimCut(s []byte) []byte {
	for k := 1; k < utf8.UTFMax && k <= len(s); k++ {
		c := s[len(s)-k]
		if c < 0x80 {
			return s // ASCII: nothing is cut
		}
		if utf8.RuneStart(c) {
			if !utf8.FullRune(s[len(s)-k:]) {
				return s[:len(s)-k]
			}
			return s
		}
	}
	return s
}

// NotText returns the message for a file that is not text (Binary): its
// size in bytes when known (size < 0 when not) and its first bytes, from
// head, in hexadecimal — never the bytes themselves — then what freshplan
// reads.
func NotText(size int64, head []byte) string {
	const show = 8
	h := hex.EncodeToString(head[:min(len(head), show)])
	var spaced []byte
	for i := 0; i < len(h); i += 2 {
		if i > 0 {
			spaced = append(spaced, ' ')
		}
		spaced = append(spaced, h[i:i+2]...)
	}
	if len(head) > show {
		spaced = append(spaced, " …"...)
	}
	of := ""
	if size >= 0 {
		of = bytesCount(size) + ", "
	}
	return "this is not a text file (" + of + "starting " + string(spaced) + "); want " + Inputs
}

// MsgEmpty is the message for a file with nothing in it, or blanks alone.
const MsgEmpty = "the file is empty; want " + Inputs

// bytesCount returns "1 byte" or "N bytes", N with thousands separated by
// commas.
func bytesCount(n int64) string {
	if n == 1 {
		return "1 byte"
	}
	s := strconv.FormatInt(n, 10)
	var b []byte
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			b = append(b, ',')
		}
		b = append(b, s[i])
	}
	return string(b) + " bytes"
}
