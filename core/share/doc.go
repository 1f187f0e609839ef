// Package share is the codec of the web app's "Copy link" (SPEC §7): it
// writes a plan's state — the parameters of the form and the user's file,
// or the file's fingerprint when the file is too big — into the URL
// fragment, which the browser never sends to a server, and reads it back.
//
// A link is the version tag, then &-separated key=value pairs, in this
// order when Encode writes them:
//
//	v1&h=86400&p=15&b=20000&c=0&r=0&o=staleness&m=steady&a=psp&t=0.9&l=0&…
//
// h horizon (seconds), p politeness (seconds), b budget (visits per
// horizon), c crawlers, r rate (pages per second per crawler), o objective,
// m model, a policy, t freshness target, l half-life (days); see Params.
// Numbers are written by strconv.FormatFloat(x, 'g', -1, 64) without the
// "+" of an exponent, so every float reads back to the same bits. The
// parameters end with exactly one of three data sections:
//
//	&s=1                                   the built-in sample: no data
//	&e=NAME&z=SIZE&x=SHA256&d=DATA         the file itself
//	&f=NAME&z=SIZE&x=SHA256                its fingerprint only
//
// A link whose plan left out its input's bad rows (Params.SkipBad) is tagged
// v2 and has k=1 after the parameters; it is otherwise a v1 link, and every
// other link is written as v1, which a freshplan knowing v1 alone opens.
//
// NAME is the file's name, %-escaped (a space is %20, never "+"); SIZE its
// length in bytes; SHA256 the 64 hexadecimal digits of its SHA-256; DATA
// its raw DEFLATE stream (compress/flate, best compression) in unpadded
// base64url. The file is embedded when the whole link stays within
// MaxLink (8,000) characters, the page's address and "#" included (the
// app gives Encode Budget(address)), so that it fits a chat message or a
// ticket, and the file is at most MaxInflated bytes; otherwise the link
// holds the fingerprint and whoever opens it is asked to drop the same
// file, which Fingerprint.Check compares by size and hash (a renamed copy is
// accepted). An embedded file carries its fingerprint too: Decode checks
// the unpacked bytes against it, so a truncated or garbled link is
// reported as such and never yields a silently different plan.
//
// Decode reads hostile input (SPEC §9): it accepts the keys in any order,
// refuses unknown and repeated keys, a version other than v1 and v2 (k in
// a v1 link is unknown; a v2 link without it is incomplete), values out
// of range, fragments over MaxFragment bytes and data over MaxEmbedded
// (links made before MaxLink embedded up to that, and still open);
// it refuses a declared size over MaxInflated before unpacking anything,
// never unpacks more than the declared size plus one byte, and never
// allocates more than the compressed stream could hold. Every error is one
// sentence for the user; nothing panics. Any change to the format takes a
// new version tag.
package share
