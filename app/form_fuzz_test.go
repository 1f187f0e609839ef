package app

import "testing"

// FuzzForm: whatever is typed into the parameter fields, the form either
// makes a valid request or says which field is wrong — never a panic, and
// never a request the planner would take with a bad value.
func FuzzForm(f *testing.F) {
	f.Add("24h", "20000", "15", "90", "0", "budget", "1", "1")
	f.Add("1d12h", "2e4", "1m30s", "99.5%", "10", "crawlers", "10", "2.5")
	f.Add("9999999w", "1e300", "-1", "NaN", "1e9", "crawlers", "1e18", "1e308")
	f.Add("", "20k", "15s", "", "", "budget", "", "")
	f.Fuzz(func(t *testing.T, horizon, budget, politeness, target, simulate, mode, crawlers, rate string) {
		fm := defaultForm()
		fm.Horizon, fm.Budget, fm.Politeness, fm.Target, fm.Simulate = horizon, budget, politeness, target, simulate
		fm.Mode, fm.Crawlers, fm.Rate = mode, crawlers, rate
		q, errs := fm.request()
		if errs != nil {
			for field, msg := range errs {
				if msg == "" {
					t.Fatalf("field %s wrong without a message", field)
				}
			}
			return
		}
		if _, err := q.params(); err != nil {
			t.Fatalf("a valid form makes bad parameters: %v", err)
		}
		if !(q.Horizon > 0) || q.Politeness < 0 || q.Politeness > q.Horizon || !(q.Target > 0 && q.Target < 1) ||
			q.Simulate < 0 || q.Simulate > maxSimulate || (q.Budget <= 0 && q.Crawlers <= 0) {
			t.Fatalf("a valid form makes %+v", q)
		}
	})
}
