package observe

// Fetch is one observation of a URL: when it was fetched, whether the
// content had changed since the previous fetch of the same URL, and the
// Last-Modified date the server reported, if any.
type Fetch struct {
	At           float64 // Unix seconds
	Changed      bool    // a change was detected since the previous fetch; false for the first fetch (the baseline)
	LastModified float64 // Unix seconds; NaN when the server gave none
}

// History is everything observed of one URL, fetches sorted by time.
type History struct {
	URL        string
	Host       string
	Fetches    []Fetch
	Weight     float64 // importance, default 1
	CrawlDelay float64 // seconds the host asks for between requests, 0 when not given
}
