package backtest

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/freshplan/freshplan/core/observe"
	"github.com/freshplan/freshplan/core/plan"
)

// TestRunRefusesHostileParams: Run itself (the app calls it without the
// CLI's checks) refuses, with a *plan.ParamError naming the field, the parameters that once
// made it panic (a horizon of 1ns: 3·10¹⁶ horizons), run out of memory
// or score a test period with no change in it.
func TestRunRefusesHostileParams(t *testing.T) {
	const d = 86400.0
	pages := []observe.Changes{{URL: "https://a.example/x", Host: "a.example", Times: []float64{0, 3 * d, 9 * d, 20 * d}, Weight: 1}}
	cfg := func(horizon time.Duration, split, until float64) Config {
		p := plan.DefaultParams()
		p.Horizon, p.Budget, p.Politeness = horizon, 10, 0
		return Config{Params: p, TrainStart: 0, Split: split, Until: until}
	}
	for _, c := range []struct {
		cfg         Config
		field, want string
	}{
		{cfg(time.Nanosecond, 10*d, 30*d), "Horizon", "backtest: horizon 1ns: the test period (1970-01-11 to 1970-01-31) holds 1.728e+15 horizons; want at most 10000 (a longer horizon or an earlier end of the test period)"},
		{cfg(24*time.Hour, 21*d, 30*d), "Split", "backtest: split 1970-01-22: the history's last change is at 1970-01-21T00:00:00Z: the test period has nothing to replay; want a split before it"},
		{cfg(24*time.Hour, 10*d, 10*d), "Split", "backtest: split 1970-01-11: want the training start (1970-01-01) before the split and the split before the test's end (1970-01-11)"},
	} {
		_, err := Run(context.Background(), pages, c.cfg)
		var pe *plan.ParamError
		if err == nil || err.Error() != c.want || !errors.As(err, &pe) || pe.Field != c.field {
			t.Errorf("got %v\nwant %s (field %s)", err, c.want, c.field)
		}
	}
}
