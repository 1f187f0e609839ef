package export

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"

	"github.com/freshplan/freshplan/core/estimate"
	"github.com/freshplan/freshplan/core/plan"
)

// EstimateColumns are the columns of `freshplan estimate` (SPEC §6); the
// table is also a valid pages table (changes_per_day).
var EstimateColumns = []string{"url", "host", "visits", "changes", "changes_per_day", "low_per_day", "high_per_day", "estimator", "naive_per_day"}

// hasWeights reports whether any page's weight differs from 1, which is
// when the weight column is written.
func hasWeights(in *plan.Input) bool {
	for _, p := range in.Pages {
		if p.Weight != 1 {
			return true
		}
	}
	return false
}

// EstimatesCSV writes the estimates of an observation log as a pages
// table: EstimateColumns, then weight when some page's is not 1, then one
// p_NAME column per class (the posterior of seed 001 §6.6). An open upper
// bound is written inf.
func EstimatesCSV(w io.Writer, in *plan.Input, classes []estimate.Class) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	weights := hasWeights(in)
	header := append([]string{}, EstimateColumns...)
	if weights {
		header = append(header, "weight")
	}
	for _, c := range classes {
		header = append(header, "p_"+c.Name)
	}
	for k, h := range header {
		if k > 0 {
			bw.WriteByte(',')
		}
		bw.WriteString(csvField(h))
	}
	bw.WriteByte('\n')
	var ln row
	for i, p := range in.Pages {
		e := rated(in, i)
		ln.field(p.URL).comma().field(p.Host).comma().int(int64(e.Visits)).comma().int(int64(e.Changes)).comma().
			num(e.Rate).comma().num(e.Low).comma().num(e.High).comma().raw(e.Estimator).comma().num(e.Naive)
		if weights {
			ln.comma().num(p.Weight)
		}
		if in.Classes != nil {
			for _, post := range in.Classes[i] {
				ln.comma().num(post)
			}
		}
		ln.end(bw)
	}
	return bw.Flush()
}

// rated returns page i's estimate, with the rate and interval after the
// prior when the input was smoothed (its estimator then reads "+prior").
func rated(in *plan.Input, i int) estimate.Estimate {
	e := in.Estimates[i]
	if in.Smoothed != nil {
		s := in.Smoothed[i]
		e.Rate, e.Low, e.High = s.Rate, s.Low, s.High
		e.Estimator += "+prior"
	}
	return e
}

// estimateRecord is one URL in EstimatesJSON.
type estimateRecord struct {
	URL                   string           `json:"url"`
	Host                  string           `json:"host"`
	Visits                int              `json:"visits"`
	Changes               int              `json:"changes"`
	ChangesPerDay         Value            `json:"changes_per_day"`
	LowPerDay             Value            `json:"low_per_day"`
	HighPerDay            Value            `json:"high_per_day"`
	Estimator             string           `json:"estimator"`
	NaivePerDay           Value            `json:"naive_per_day"`
	Weight                float64          `json:"weight"`
	Reason                string           `json:"reason"`
	SuggestedIntervalDays float64          `json:"suggested_interval_days,omitempty"`
	LastModifiedIgnored   int              `json:"last_modified_ignored,omitempty"`
	Classes               map[string]Value `json:"classes,omitempty"`
}

// EstimatesJSON writes the estimates as a JSON array, with each URL's
// reason for its estimator and, for too wide an interval, the revisit
// interval that would estimate it best (high_per_day null when open).
func EstimatesJSON(w io.Writer, in *plan.Input, classes []estimate.Class) error {
	out := make([]estimateRecord, len(in.Pages))
	for i, p := range in.Pages {
		e := rated(in, i)
		r := estimateRecord{URL: p.URL, Host: p.Host, Visits: e.Visits, Changes: e.Changes,
			ChangesPerDay: Value(e.Rate), LowPerDay: Value(e.Low), HighPerDay: Value(e.High),
			Estimator: e.Estimator, NaivePerDay: Value(e.Naive), Weight: p.Weight, Reason: e.Reason,
			SuggestedIntervalDays: e.SuggestedIntervalDays, LastModifiedIgnored: e.Ignored}
		if in.Classes != nil {
			r.Classes = map[string]Value{}
			for k, c := range classes {
				r.Classes[c.Name] = Value(in.Classes[i][k])
			}
		}
		out[i] = r
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(out); err != nil {
		return fmt.Errorf("writing estimates: %w", err)
	}
	return nil
}
