package inputerr

import (
	"fmt"
	"strconv"
	"unicode/utf8"
)

// quoteMax is the most of a value a message quotes, in characters.
const quoteMax = 80

// Quote quotes s for a message, cut to a readable length: control
// characters and bytes that are not UTF-8 are escaped (\x04, \xe6), never
// written as they are nor replaced by U+FFFD.
func Quote[T ~string | ~[]byte](s T) string {
	t := string(s)
	n := 0
	for i := 0; i < len(t); n++ {
		if n == quoteMax {
			return strconv.Quote(t[:i]) + "…"
		}
		_, size := utf8.DecodeRuneInString(t[i:]) // a byte that is not UTF-8 counts as one
		i += size
	}
	return strconv.Quote(t)
}

// BadText returns what is wrong with s as a URL or host name ("" when
// nothing is): invalid UTF-8, or a control character such as a tab or
// line break that would corrupt the seed lists written for crawlers.
func BadText[T ~string | ~[]byte](s T) string {
	t := string(s)
	if !utf8.ValidString(t) {
		return "is not UTF-8 text; save the file as UTF-8"
	}
	for _, c := range t {
		if c < 0x20 || c == 0x7f {
			return fmt.Sprintf("contains the control character %U; want no tabs, line breaks or other control characters", c)
		}
	}
	return ""
}
