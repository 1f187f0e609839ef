package plan

import (
	"strings"
	"time"
)

// ShortDuration writes a duration as a person would, and as the CLI's
// flags read it: 24h and 27h46m40s, not 24h0m0s.
func ShortDuration(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}
