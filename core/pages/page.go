package pages

import (
	"errors"
	"fmt"
	"net/url"
	"strings"
)

// Page is one row of the pages table.
type Page struct {
	URL        string
	Host       string    // server the politeness delay applies to
	Rate       float64   // estimated changes per day
	Weight     float64   // importance, default 1
	CrawlDelay float64   // seconds between requests to Host asked for by this row, 0 for the default
	Change     *Change   // how the page changes when not Poisson (the model columns); nil for Poisson
	Exposure   *Exposure // how a search engine shows it (wrong, returned columns); nil when not given
}

// HostOf returns the lower-cased host of a URL, or an error naming what is
// wrong with it.
func HostOf(raw string) (string, error) {
	u, err := url.Parse(raw)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err // without url.Error's repetition of the URL
		}
		return "", fmt.Errorf("%q is not a URL: %w", raw, err)
	}
	if u.Hostname() == "" {
		return "", fmt.Errorf("%q has no host (want e.g. https://example.com/page)", raw)
	}
	return strings.ToLower(u.Hostname()), nil
}
