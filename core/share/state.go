package share

import (
	"fmt"
	"strings"
)

const (
	// Version is the tag a link starts with.
	Version = "v1"
	// VersionSkip is the tag of a link whose plan left out its input's
	// bad rows (Params.SkipBad): v1's keys and k=1. Encode writes it only
	// then, so that every other link still opens in a freshplan that
	// knows v1 alone.
	VersionSkip = "v2"
	// MaxLink is the most characters of a link, the page's address and
	// "#" included, that Encode puts a file in when given Budget(address):
	// a link that fits a chat message or a ticket. A file whose link would
	// be longer is linked by its fingerprint.
	MaxLink = 8000
	// MaxEmbedded is the most bytes of compressed data a link holds
	// (512 KiB, 683 KiB of base64), and Decode reads: links were made
	// up to it before MaxLink, and they still open.
	MaxEmbedded = 512 << 10
	// MaxInflated is the most bytes Decode unpacks from a link (64 MiB),
	// and the biggest file Encode embeds.
	MaxInflated = 64 << 20
	// MaxFragment is the longest fragment Decode reads (1 MiB), above
	// anything Encode writes.
	MaxFragment = 1 << 20
)

// State is what a link holds (SPEC §7): the parameters and, unless
// Params.Sample, the user's file. Data non-nil means the file itself, and
// File is then its fingerprint (FingerprintOf(File.Name, Data)); Data nil
// means File alone names the file, which the user must drop.
type State struct {
	Params Params
	Data   []byte
	File   Fingerprint
}

// NewState returns the state of a plan of data, the file called name,
// under p: Data is data and File its fingerprint.
func NewState(p Params, name string, data []byte) State {
	return State{Params: p, Data: data, File: FingerprintOf(name, data)}
}

// Describe returns one sentence saying what the link of fragment holds,
// for the app to show beside "Copy link": the parameters and the sample,
// the data (its size, and what it takes in the link), or a fingerprint the
// recipient must match by dropping the same file. It reads the link as
// Decode does but does not unpack the data, so it is cheap; it returns
// Decode's error for a link Decode refuses before unpacking.
func Describe(fragment string) (string, error) {
	l, err := parse(fragment)
	if err != nil {
		return "", err
	}
	skip := ""
	if l.params.SkipBad {
		skip = " Its bad rows are skipped, as they were here."
	}
	switch l.mode {
	case modeSample:
		return "The link holds the parameters and plans the built-in sample.", nil
	case modeEmbedded:
		return fmt.Sprintf("The link holds the parameters and the data of %s (%s, %s in the link).%s",
			l.file.Name, byteSize(l.file.Size), byteSize(int64(len(l.data))), skip), nil
	}
	return fmt.Sprintf("The link holds the parameters and a fingerprint of %s (%s), which is too big for a link of %s characters: whoever opens it must drop the same file.%s",
		l.file.Name, byteSize(l.file.Size), strings.TrimSuffix(byteCount(MaxLink), " bytes"), skip), nil
}
