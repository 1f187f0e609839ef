package inputerr

// UTF16 reports whether a file's first bytes are UTF-16 text: a UTF-16
// byte order mark, or — as Windows tools write it without one — ASCII
// text with a NUL byte beside every character. Readers refuse it with a
// hint to save the file as UTF-8 rather than call it binary.
func UTF16(head []byte) bool {
	if len(head) >= 2 && (head[0] == 0xff && head[1] == 0xfe || head[0] == 0xfe && head[1] == 0xff) {
		return true
	}
	// Without a mark: the first characters (a header, or a URL) are ASCII,
	// so one byte of each pair is 0 and the other is not — little-endian
	// (NUL second) or big-endian (NUL first).
	n := min(len(head), 64) &^ 1
	if n < 8 {
		return false
	}
	for _, nul := range []int{0, 1} {
		ok := true
		for i := 0; i < n && ok; i += 2 {
			ok = head[i+nul] == 0 && head[i+1-nul] != 0 && head[i+1-nul] < 0x80
		}
		if ok {
			return true
		}
	}
	return false
}
