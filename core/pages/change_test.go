package pages

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
)

func TestModelColumns(t *testing.T) {
	in := "url,host,changes_per_day,model,shape,scale,times,probs\n" +
		"https://a.example/1,a.example,2,,,,,\n" +
		"https://a.example/2,a.example,2,Pareto,1.5,,,\n" +
		"https://a.example/3,a.example,0.5,weibull,0.7,3600,,\n" +
		"https://b.example/4,b.example,1,quasi,,,3600; 43200;80000,0.5;1;0.25\n" +
		"https://b.example/5,b.example,1,poisson,,,,\n"
	pg, err := Read(strings.NewReader(in), "m.csv")
	if err != nil {
		t.Fatal(err)
	}
	want := []*Change{nil, {Model: "pareto", Shape: 1.5}, {Model: "weibull", Shape: 0.7, Scale: 3600},
		{Model: "quasi", Times: []float64{3600, 43200, 80000}, Probs: []float64{0.5, 1, 0.25}}, nil}
	for i, p := range pg {
		if !reflect.DeepEqual(p.Change, want[i]) {
			t.Errorf("page %d: %+v, want %+v", i+1, p.Change, want[i])
		}
	}
	var b bytes.Buffer
	if err := Write(&b, pg); err != nil {
		t.Fatal(err)
	}
	back, err := Read(&b, "back.csv")
	if err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	if !reflect.DeepEqual(back, pg) {
		t.Errorf("write then read:\n%+v\nnot\n%+v", back, pg)
	}
}

func TestModelColumnErrors(t *testing.T) {
	head := "url,changes_per_day,model,shape,scale,times,probs\n"
	for _, c := range []struct{ row, want string }{
		{"https://a/1,1,gamma,,,,", `m.csv:2:3 (model): "gamma" is not a model; want one of poisson, pareto, weibull, quasi`},
		{"https://a/1,1,pareto,,,,", "m.csv:2:4 (shape): empty; the pareto model wants a tail exponent α above 1"},
		{"https://a/1,1,pareto,0.9,,,", `m.csv:2:4 (shape): "0.9" is not a tail exponent α above 1`},
		{"https://a/1,1,weibull,60,,,", `m.csv:2:4 (shape): "60" is not a shape k from 0.05 to 50`},
		{"https://a/1,1,weibull,2,-5,,", `m.csv:2:5 (scale): "-5" is not a positive scale in seconds, or empty`},
		{"https://a/1,1,quasi,,,5;3,1;1", `m.csv:2:6 (times): value 2, "3", is not right: want seconds from the horizon's start, increasing`},
		{"https://a/1,1,quasi,,,5;6,1;1.5", `m.csv:2:7 (probs): value 2, "1.5", is not right: want probabilities from 0 to 1`},
		{"https://a/1,1,quasi,,,5;6,1", "m.csv:2:7 (probs): 1 probabilities for 2 times; give one per time"},
		{"https://a/1,1,quasi,,,,1", "m.csv:2:6 (times): empty; the quasi model wants seconds"},
		{"https://a/1,1,,2,,,", `m.csv:2:4 (shape): "2" is given but the model is poisson; set model to pareto or weibull`},
	} {
		_, err := Read(strings.NewReader(head+c.row+"\n"), "m.csv")
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s:\n got %v\nwant %s…", c.row, err, c.want)
		}
	}
	// A column the header lacks has no field to point at.
	_, err := Read(strings.NewReader("url,changes_per_day,model\nhttps://a/1,1,pareto\n"), "m.csv")
	if want := "m.csv:2 (shape): empty; the pareto model wants"; err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("pareto without a shape column:\n got %v\nwant %s…", err, want)
	}
}

func TestExposureColumns(t *testing.T) {
	in := "url,changes_per_day,wrong,returned\n" +
		"https://a.example/1,1,0.5,1:0.2;14:0.05\n" +
		"https://a.example/2,1,,\n"
	pg, err := Read(strings.NewReader(in), "e.csv")
	if err != nil {
		t.Fatal(err)
	}
	want := &Exposure{Wrong: 0.5, Returned: []Returned{{1, 0.2}, {14, 0.05}}}
	if !reflect.DeepEqual(pg[0].Exposure, want) || pg[1].Exposure != nil {
		t.Errorf("exposures %+v, %+v", pg[0].Exposure, pg[1].Exposure)
	}
	var b bytes.Buffer
	if err := Write(&b, pg); err != nil {
		t.Fatal(err)
	}
	if back, err := Read(&b, "back.csv"); err != nil || !reflect.DeepEqual(back, pg) {
		t.Errorf("write then read: %v\n%+v", err, back)
	}
	for _, c := range []struct{ row, want string }{
		{"https://a/1,1,2,1:0.5", `e.csv:2:3 (wrong): "2" is not a probability`},
		{"https://a/1,1,0.5,", "e.csv:2:4 (returned): empty"},
		{"https://a/1,1,0.5,0:0.5", `e.csv:2:4 (returned): entry 1, "0:0.5", is not POSITION:PROBABILITY`},
		{"https://a/1,1,0.5,1:0.7;2:0.6", "e.csv:2:4 (returned): the probabilities add up to 1.3"},
	} {
		_, err := Read(strings.NewReader("url,changes_per_day,wrong,returned\n"+c.row+"\n"), "e.csv")
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s:\n got %v\nwant %s…", c.row, err, c.want)
		}
	}
}
