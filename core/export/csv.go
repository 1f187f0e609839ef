package export

import (
	"bufio"
	"io"
	"math"
	"strconv"

	"github.com/freshplan/freshplan/core/pages"
	"github.com/freshplan/freshplan/core/plan"
	"github.com/freshplan/freshplan/core/schedule"
)

// num formats a float the shortest way that reads back exactly; +Inf is
// "inf".
func num(v float64) string { return string(appendNum(nil, v)) }

// csvField quotes a field when CSV needs it.
func csvField(s string) string { return string(appendField(nil, s)) }

// Schedule writes the kept schedule: time_seconds,crawler,url,host, one
// row per visit in time order.
func Schedule(w io.Writer, p *plan.Plan) error {
	sw := NewScheduleWriter(w, p.Table)
	for _, v := range p.Schedule {
		sw.Write(v)
	}
	return sw.Flush()
}

// ScheduleWriter writes a schedule as Schedule does, a visit at a time:
// given to plan.Params.Stream, it writes the schedule to its file as the
// plan makes it, and the plan holds none.
type ScheduleWriter struct {
	bw    *bufio.Writer
	pages pages.Table
	row   row
}

// NewScheduleWriter writes the schedule's header to w and returns the
// writer of its rows, visits of the given pages.
func NewScheduleWriter(w io.Writer, pg pages.Table) *ScheduleWriter {
	bw := bufio.NewWriterSize(w, 1<<16)
	bw.WriteString("time_seconds,crawler,url,host\n")
	return &ScheduleWriter{bw: bw, pages: pg}
}

// Write writes one visit's row; the first error is kept for Flush.
func (s *ScheduleWriter) Write(v schedule.Visit) {
	pg := s.pages.Page(int(v.Page))
	// Microseconds: float noise such as 1799.9999999999998 goes, and no
	// gap moves by more than the validator's tolerance.
	r := &s.row
	r.b = strconv.AppendFloat(r.b, math.Round(v.Time*1e6)/1e6, 'f', -1, 64)
	r.comma().int(int64(v.Crawler)).comma().field(pg.URL).comma().field(pg.Host).end(s.bw)
}

// Flush writes what is buffered and returns the first error met.
func (s *ScheduleWriter) Flush() error { return s.bw.Flush() }

// Interval returns the seconds between visits of a page visited x times
// per horizon of T seconds, and false for a page not visited.
func Interval(x, T float64) (float64, bool) {
	if !(x > 0) {
		return 0, false
	}
	return T / x, true
}

// Pages writes one row per page for the plan's policy:
// url,host,changes_per_day,weight,visits,interval_seconds,staleness
// (interval empty for a page the policy does not visit).
func Pages(w io.Writer, p *plan.Plan) error {
	r, err := policyResult(p)
	if err != nil {
		return err
	}
	T := p.Params.Horizon.Seconds()
	bw := bufio.NewWriterSize(w, 1<<16)
	bw.WriteString("url,host,changes_per_day,weight,visits,interval_seconds,staleness\n")
	var ln row
	for i := range p.Table.Len() {
		pg := p.Table.Page(i)
		ln.field(pg.URL).comma().field(pg.Host).comma().num(pg.Rate).comma().num(pg.Weight).comma().num(r.Visits[i]).comma()
		if s, ok := Interval(r.Visits[i], T); ok {
			ln.num(s)
		}
		ln.comma().num(r.Page[i]).end(bw)
	}
	return bw.Flush()
}

// Hosts writes one row per host: host,pages,visits,cap,utilization, where
// visits are those of the kept schedule and utilization is visits/cap.
func Hosts(w io.Writer, p *plan.Plan) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	bw.WriteString("host,pages,visits,cap,utilization\n")
	for _, h := range p.Hosts {
		u := 0.0
		if h.Cap > 0 {
			u = float64(h.Visits) / float64(h.Cap)
		}
		bw.WriteString(csvField(h.Name) + "," + strconv.Itoa(h.Pages) + "," + strconv.Itoa(h.Visits) + "," +
			strconv.Itoa(h.Cap) + "," + num(u) + "\n")
	}
	return bw.Flush()
}
