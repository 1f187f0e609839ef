// Package observe reads logs of past fetches — freshplan's observation CSV,
// web-archive CDX, CDXJ, the Wayback CDX server's JSON and Heritrix's
// crawl.log — into per-URL
// histories (SPEC §3): streaming, with progress and cancellation, and with
// errors that name the file, line and column.
//
// Read detects the format from the first 64 KiB (see Detect), reads the
// file once, 64 KiB at a time, keeping only the parsed observations, and
// returns a Log: one History per URL in order of first appearance, its
// fetches sorted by time. A problem with the file as a whole (format,
// header, legend, a JSON syntax error) always stops it; a bad row stops it
// too unless Options.SkipBad, when bad rows are counted and the first 20
// kept with their line numbers and messages. Lines (CSV records, JSON
// rows) are limited to 1 MiB and 1000 fields. A UTF-8 byte order mark,
// CRLF line ends and blank lines are fine; a NUL byte, or a URL that is
// not UTF-8 or holds a control character, is a bad row.
//
// # The observation CSV (SPEC §3.1)
//
// A header is required; names are case-insensitive, spaces and dashes
// count as underscores, unknown columns are ignored. Columns (aliases in
// brackets):
//   - url (uri, original, address), required;
//   - host (hostname, server, site), optional: else the URL's host,
//     lower-cased, without "www." only with Options.StripWWW; a URL's host
//     is the one of its first row;
//   - time (timestamp, fetch_time, fetched_at, fetched, crawl_time,
//     crawled_at, date, datetime), required, see ParseTime: RFC 3339 with
//     a zone, a date alone (YYYY-MM-DD, its first second in UTC), a Unix
//     number — seconds below 1e11, milliseconds from 1e11 on
//     (MillisFrom), microseconds from 1e14, nanoseconds from 1e17 — or 14
//     digits YYYYMMDDhhmmss (17 with milliseconds); a file whose every
//     time is before 1991 is said to be (Notes: no page was fetched then,
//     so the times are most likely in another unit);
//   - the change signal, the first present of: changed (change,
//     has_changed, is_changed) — 0/1, true/false, yes/no (also t/f, y/n,
//     1.0/0.0), or empty: at a URL's first fetch, the baseline, as a
//     crawler with nothing to compare writes it; past it a fetch whose
//     flag is empty says nothing of its interval and is dropped and
//     counted (Log.Unflagged), the next fetch's flag read over both
//     intervals; digest
//     (content_digest, payload_digest, checksum, content_hash, sha1,
//     sha256, md5); hash; etag. A digest column makes a fetch a change
//     when its digest differs from the previous fetch's of that URL in
//     time order (a digest or hash without its algorithm's label:
//     "sha1:ABC" is "ABC"); an empty digest is a bad row;
//   - last_modified (lastmodified, lastmod, last_mod), optional: RFC 3339,
//     an HTTP-date or a Unix number (ParseLastModified); empty for none;
//   - weight (importance, pageviews, page_views), optional, default 1, and
//     crawl_delay (crawldelay, politeness), optional seconds: finite and
//     non-negative, the last value given for a URL wins;
//   - status (status_code, statuscode, http_status, http_code,
//     response_code), optional: a row with 200 or none (empty, "-") is
//     content; 304 Not Modified is a fetch that saw no change, whatever
//     its signal columns hold; any other code — 3xx, 4xx, 5xx, a
//     crawler's negative code for a failed fetch — is not content,
//     skipped and counted in Log.NonOK (an error page's digest is not the
//     page's).
//
// A header naming changes_per_day is a pages table, and one of url, host
// and time with no change signal a complete change history: both are
// refused with a message saying so.
//
// # Web-archive indexes (SPEC §3.2)
//
// Classic CDX: space-separated fields as its legend line says (" CDX N b a
// m s k r M S V g": N urlkey, b timestamp, a original URL, m MIME type, s
// status, k digest, c old-style checksum when there is no k; the other
// letters are ignored); a legend line anywhere sets the fields of the
// lines after it. Without one, lines of 7 to 11 fields are read as
// "urlkey timestamp original mimetype statuscode digest …", the order the
// 11-field CDX and the 7-field Wayback text output (and the 9- and
// 10-field variants) share. Lines starting with '#' are skipped. CDXJ:
// "urlkey timestamp {json}" with keys url, mime, status, digest (or the
// Wayback names original, mimetype, statuscode); lines starting with '!'
// are skipped. Wayback CDX JSON: an array of arrays of strings, the first
// row naming the fields; an empty row and the resume key after it are
// skipped. Timestamps are 14 digits YYYYMMDDhhmmss, UTC.
//
// Heritrix's crawl.log (every URI the crawler tried, a line each; its
// fields space-separated and padded: logging time, status, size, URI,
// discovery path, referrer, MIME type, thread, fetch start+duration,
// digest, source, annotations, perhaps a JSON object) is read as an
// index's captures: its URI, status, MIME type and digest, at the fetch's
// start (YYYYMMDDhhmmssSSS, to the millisecond) or, for a fetch that never
// started, the time of logging; Heritrix's negative codes (a fetch that
// failed) and 1 (a DNS lookup, of a dns: URI) are not content.
//
// Captures are interpreted as follows:
//   - status 304 Not Modified: a fetch that saw no change (counted in
//     Log.NotModified), whatever its digest (the empty body's);
//   - status 200, or no status field at all: content, compared by digest
//     ("sha1:ABC" and "ABC" are one digest: tools differ in the label);
//   - a revisit record — mime warc/revisit, or status "-" — is a fetch
//     whose digest is that of the content revisited: unchanged when it
//     equals the previous fetch's digest, a change when it differs, and
//     unchanged when it has no digest; counted in Log.Revisits;
//   - any other status (3xx redirects, 4xx, 5xx, a crawler's negative
//     codes) and non-HTTP records
//     (dns:, filedesc:, warcinfo:, …) are not content: skipped and counted
//     in Log.NonOK; a URL with only such captures has no history;
//   - a capture without a digest that is not a revisit is a bad row;
//   - captures are grouped by urlkey, so the variants an archive
//     canonicalises alike are one URL, reported with the original URL of
//     its first capture in the file (rebuilt from the urlkey when there
//     is no original URL) in its canonical spelling (below); without a
//     urlkey field, by that spelling of the original URL.
//
// # One page, one URL
//
// A URL is read in its canonical spelling (package canonurl): the scheme
// and host lower-cased, the default port, an empty port and the fragment
// dropped, an empty path made "/", percent-encodings' hex upper-cased and
// unreserved characters decoded — RFC 3986's equivalences that hold on
// every http(s) server — so a log that writes one page several ways
// (HTTP://Example.com:80/a#top, http://example.com/a) has one history of
// every fetch of it. The observation CSV and change histories count the
// rows so read in Log.Respelled (Notes says how many, with an example);
// path case, query order, a trailing slash and "www." are left alone.
//
// # Histories
//
// A URL's rows are sorted by time (stably: rows at one time keep their
// file order). The first fetch is the baseline, never a change, whatever
// its row says. Rows of one URL at the same time (the same second for
// archive timestamps) make one fetch: a row repeating the signal of
// another there is a duplicate, dropped and counted (Log.Duplicates);
// rows with different signals are merged and counted (Log.Merged) — the
// fetch is a change when any of them shows one (a changed flag of 1, or a
// digest different from the previous fetch's), the digest the next fetch
// is compared with is the last of them in file order, and LastModified is
// the latest given. Digests are compared by a 64-bit hash. URLs with a
// single fetch are kept and counted (Log.Single); times in the future are
// kept too (estimation deals with them).
package observe
