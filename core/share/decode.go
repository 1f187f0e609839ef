package share

import (
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
)

// Decode returns the state a link's fragment holds (SPEC §7), with or
// without its leading "#". It reads hostile input: it never panics, never
// unpacks more than MaxInflated bytes, and refuses anything but a v1
// link with each key once (in any order) and every value in range, with
// one sentence for the user, such as "the link is incomplete: its data ends
// early — copy the whole link" or "this link was made by a newer freshplan
// (v2); reload the page to update freshplan, then open the link again".
//
// An embedded file comes back as Data (non-nil, even when empty) with its
// fingerprint in File, checked against the unpacked bytes; a fingerprint
// alone comes back in File with Data nil, for the app to ask for the file
// (Fingerprint.Prompt) and check it (Fingerprint.Check).
func Decode(fragment string) (State, error) {
	l, err := parse(fragment)
	if err != nil {
		return State{}, err
	}
	s := State{Params: l.params}
	switch l.mode {
	case modeFile:
		s.File = l.file
	case modeEmbedded:
		if len(l.data)%4 == 1 { // no whole byte in the last group: cut short
			return State{}, errDataEnds
		}
		packed, err := base64.RawURLEncoding.DecodeString(l.data)
		if err != nil { // parse checked the alphabet
			return State{}, errDataEnds
		}
		data, err := inflate(packed, l.file.Size)
		if err != nil {
			return State{}, err
		}
		if FingerprintOf(l.file.Name, data) != l.file {
			return State{}, errors.New("the link is damaged: its data does not match the fingerprint it carries — copy the whole link again")
		}
		s.Data, s.File = data, l.file
	}
	return s, nil
}

// mode is what a link holds besides its parameters.
type mode int

const (
	modeSample   mode = iota + 1 // s: nothing, the built-in sample
	modeEmbedded                 // e, z, x, d: the file itself
	modeFile                     // f, z, x: the file's fingerprint
)

// link is a fragment read and checked, its data still packed.
type link struct {
	params Params
	mode   mode
	file   Fingerprint
	data   string // the base64url of the DEFLATE stream, in modeEmbedded
}

// dataKeys are the keys of a link's data section, after the parameters'.
var dataKeys = [...]struct{ key, name string }{
	{"s", "sample flag"}, {"e", "file name"}, {"f", "file name"},
	{"z", "file size"}, {"x", "SHA-256 fingerprint"}, {"d", "data"},
	{"k", "skip-bad-rows flag"},
}

// The indexes of the data keys among all keys.
const (
	iS = iota + numParams
	iE
	iF
	iZ
	iX
	iD
	iK
	numKeys
)

// numParams is len(params); a test checks it.
const numParams = 10

// errDataEnds is the error of a link cut short in its data.
var errDataEnds = errors.New("the link is incomplete: its data ends early — copy the whole link")

// key returns the index of k among the parameters' and data keys, or -1.
func key(k string) int {
	for i, p := range params {
		if p.key == k {
			return i
		}
	}
	for i, d := range dataKeys {
		if d.key == k {
			return numParams + i
		}
	}
	return -1
}

// keyName returns how messages name the key of index i: "horizon (h)".
func keyName(i int) string {
	if i < numParams {
		return params[i].name + " (" + params[i].key + ")"
	}
	d := dataKeys[i-numParams]
	return d.name + " (" + d.key + ")"
}

// parse reads everything of a fragment but its packed data, checking each
// value; the data's alphabet and length are checked, not its contents.
func parse(fragment string) (link, error) {
	fragment = strings.TrimPrefix(strings.TrimSpace(fragment), "#")
	if len(fragment) > MaxFragment {
		return link{}, fmt.Errorf("the link is too long (%s); a freshplan link is at most %s", byteCount(int64(len(fragment))), byteSize(MaxFragment))
	}
	if fragment == "" {
		return link{}, errors.New("the link holds no plan: there is nothing after its # — copy the whole link")
	}
	version, rest, more := strings.Cut(fragment, "&")
	if err := checkVersion(version); err != nil {
		return link{}, err
	}
	v2 := version == VersionSkip
	var raw [numKeys]string
	var seen [numKeys]bool
	for more { // at most numKeys turns: a key seen twice stops the loop
		var item string
		item, rest, more = strings.Cut(rest, "&")
		k, v, ok := strings.Cut(item, "=")
		if !ok {
			if !more {
				return link{}, errors.New("the link is incomplete: it ends early — copy the whole link")
			}
			return link{}, fmt.Errorf("the link is damaged: %s is not of the form key=value — copy the whole link again", quote(item))
		}
		i := key(k)
		switch {
		case i < 0 || i == iK && !v2:
			return link{}, fmt.Errorf("the link has an unknown key %s: it was edited or damaged — copy the whole link again", quote(k))
		case seen[i]:
			return link{}, fmt.Errorf("the link is damaged: it has its %s twice", keyName(i))
		}
		var err error
		if raw[i], err = url.PathUnescape(v); err != nil {
			return link{}, fmt.Errorf("the link is damaged: its %s has a broken %%-escape", keyName(i))
		}
		seen[i] = true
	}
	var l link
	for i, p := range params {
		if !seen[i] {
			return link{}, missing(i)
		}
		if !p.parse(&l.params, raw[i]) {
			return link{}, fmt.Errorf("the link's %s is %s; expected %s", keyName(i), quote(raw[i]), p.want)
		}
	}
	if v2 {
		// A v2 link is a v1 link whose plan skipped the input's bad rows.
		switch {
		case !seen[iK]:
			return link{}, missing(iK)
		case raw[iK] != "1":
			return link{}, fmt.Errorf("the link's %s is %s; expected 1", keyName(iK), quote(raw[iK]))
		case seen[iS]:
			return link{}, fmt.Errorf("the link is damaged: a plan of the sample has no %s", keyName(iK))
		}
		l.params.SkipBad = true
	}
	return l, l.parseData(raw, seen)
}

// parseData reads the data section of a link whose values are raw and
// whose keys present are seen.
func (l *link) parseData(raw [numKeys]string, seen [numKeys]bool) error {
	switch {
	case seen[iS] && !seen[iE] && !seen[iF]:
		l.mode, l.params.Sample = modeSample, true
		if raw[iS] != "1" {
			return fmt.Errorf("the link's %s is %s; expected 1", keyName(iS), quote(raw[iS]))
		}
		for _, i := range []int{iZ, iX, iD} {
			if seen[i] {
				return fmt.Errorf("the link is damaged: a plan of the sample has no %s", keyName(i))
			}
		}
		return nil
	case seen[iE] && !seen[iS] && !seen[iF]:
		l.mode, l.file.Name = modeEmbedded, raw[iE]
	case seen[iF] && !seen[iS] && !seen[iE]:
		l.mode, l.file.Name = modeFile, raw[iF]
		if seen[iD] {
			return fmt.Errorf("the link is damaged: a link holding a fingerprint (f) has no %s", keyName(iD))
		}
	case !seen[iS] && !seen[iE] && !seen[iF]:
		return errors.New("the link is incomplete: it does not say which data to plan — copy the whole link")
	default:
		return errors.New("the link is damaged: it holds more than one of the sample (s), a file (e) and a fingerprint (f)")
	}
	nameKey := iE
	if l.mode == modeFile {
		nameKey = iF
	}
	if !validName(l.file.Name) {
		return fmt.Errorf("the link's %s is %s; expected 1 to 255 bytes of text without control characters", keyName(nameKey), quote(l.file.Name))
	}
	if !seen[iZ] {
		return missing(iZ)
	}
	z := raw[iZ]
	size, err := strconv.ParseInt(z, 10, 64)
	if !digits(z, 19) || err != nil {
		return fmt.Errorf("the link's %s is %s; expected a whole number of bytes", keyName(iZ), quote(z))
	}
	l.file.Size = size
	if l.mode == modeEmbedded && size > MaxInflated {
		return tooBig(size)
	}
	if !seen[iX] {
		return missing(iX)
	}
	if err := l.parseHash(raw[iX]); err != nil {
		return err
	}
	if l.mode == modeFile {
		return nil
	}
	if !seen[iD] {
		return missing(iD)
	}
	l.data = raw[iD]
	if len(l.data) > base64.RawURLEncoding.EncodedLen(MaxEmbedded) {
		return fmt.Errorf("the link's data is longer than the %s of packed data a link holds", byteSize(MaxEmbedded))
	}
	for i := 0; i < len(l.data); i++ {
		if c := l.data[i]; !('A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			return fmt.Errorf("the link is damaged: its data (d) has %s at position %d, which base64url does not use — copy the whole link again", quote(l.data[i:i+1]), i+1)
		}
	}
	return nil
}

// parseHash reads x, the SHA-256 in hexadecimal, into l.file.
func (l *link) parseHash(x string) error {
	b, err := hex.DecodeString(x)
	switch {
	case err == nil && len(b) == len(l.file.SHA256):
		copy(l.file.SHA256[:], b)
		return nil
	case len(x) < 2*len(l.file.SHA256) && (err == nil || errors.Is(err, hex.ErrLength)):
		return fmt.Errorf("the link is incomplete: its %s ends early — copy the whole link", keyName(iX))
	}
	return fmt.Errorf("the link's %s is %s; expected 64 hexadecimal digits", keyName(iX), quote(x))
}

// tooBig is the error of a link whose data declares size bytes, over
// MaxInflated.
func tooBig(size int64) error {
	return fmt.Errorf("the link's data would unpack to %s, more than the %s freshplan unpacks from a link", byteCount(size), byteSize(MaxInflated))
}

// missing is the error of a link without the key of index i.
func missing(i int) error {
	return fmt.Errorf("the link is incomplete: it has no %s — copy the whole link", keyName(i))
}

// checkVersion returns nil for Version and VersionSkip and an error
// saying what else v is.
func checkVersion(v string) error {
	if v == Version || v == VersionSkip {
		return nil
	}
	if len(v) > 1 && len(v) <= 10 && v[0] == 'v' && v[1] != '0' && digits(v[1:], 9) {
		return fmt.Errorf("this link was made by a newer freshplan (%s); reload the page to update freshplan, then open the link again", v)
	}
	return fmt.Errorf("this is not a freshplan link: it should start with #%s, not %s", Version, quote(v))
}
