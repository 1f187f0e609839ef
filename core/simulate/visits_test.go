package simulate

import (
	"reflect"
	"testing"

	"github.com/freshplan/freshplan/core/schedule"
)

// TestFromVisits groups a schedule's visits by page, each page's times
// sorted, pages without visits empty.
func TestFromVisits(t *testing.T) {
	vs := []schedule.Visit{{Time: 5, Page: 2}, {Time: 1, Page: 0}, {Time: 3, Page: 2}, {Time: 4, Page: 0}, {Time: 2, Page: 2}}
	v, err := FromVisits(4, vs)
	if err != nil {
		t.Fatal(err)
	}
	want := &Visits{Start: []int{0, 2, 2, 5, 5}, Times: []float64{1, 4, 2, 3, 5}}
	if !reflect.DeepEqual(v, want) {
		t.Errorf("FromVisits: %+v, want %+v", v, want)
	}
	if v.Pages() != 4 || len(v.Page(1)) != 0 || !reflect.DeepEqual(v.Page(2), []float64{2, 3, 5}) {
		t.Errorf("Pages/Page: %d, %v, %v", v.Pages(), v.Page(1), v.Page(2))
	}
	if err := v.Validate(5); err != nil {
		t.Error(err)
	}
	p := &schedule.Programme{Start: []int{0, 2, 3}, Pages: []int32{2, 0, 2}, Times: []float64{3, 1, 2}}
	got, err := FromProgramme(3, p)
	if err != nil {
		t.Fatal(err)
	}
	want = &Visits{Start: []int{0, 1, 1, 3}, Times: []float64{1, 2, 3}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("FromProgramme: %+v, want %+v", got, want)
	}
	if ft := FromTimes([][]float64{{1}, nil, {3, 2, 5}, nil}); !reflect.DeepEqual(ft, &Visits{Start: []int{0, 1, 1, 4, 4}, Times: []float64{1, 2, 3, 5}}) {
		t.Errorf("FromTimes: %+v", ft)
	}
}
