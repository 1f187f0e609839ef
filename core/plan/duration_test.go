package plan

import (
	"testing"
	"time"
)

func TestShortDuration(t *testing.T) {
	for d, want := range map[time.Duration]string{
		24 * time.Hour: "24h", 168 * time.Hour: "168h", 90 * time.Minute: "1h30m", 100000 * time.Second: "27h46m40s",
		15 * time.Second: "15s", 500 * time.Millisecond: "500ms", 0: "0s", time.Hour + time.Second: "1h0m1s", 10 * time.Minute: "10m",
	} {
		got := ShortDuration(d)
		if got != want {
			t.Errorf("ShortDuration(%v) = %q, want %q", d, got, want)
		}
		if back, err := time.ParseDuration(got); err != nil || back != d {
			t.Errorf("ShortDuration(%v) = %q reads back as %v, %v", d, got, back, err)
		}
	}
}
