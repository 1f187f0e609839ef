package export

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

// TestRow: a row's fields read back through encoding/csv as they were
// given, quoted only when CSV needs it, and its numbers read back
// exactly, −0 as 0 and +Inf as "inf".
func TestRow(t *testing.T) {
	fields := []string{"plain", "a,b", `say "hi"`, "two\nlines", "cr\rhere", "", `"`, "é,ü"}
	var out bytes.Buffer
	bw := bufio.NewWriter(&out)
	var ln row
	for k, f := range fields {
		if k > 0 {
			ln.comma()
		}
		ln.field(f)
	}
	ln.end(bw)
	bw.Flush()
	got, err := csv.NewReader(&out).ReadAll()
	if err != nil || len(got) != 1 || len(got[0]) != len(fields) {
		t.Fatalf("read back %q, %v", got, err)
	}
	for k, f := range fields {
		if got[0][k] != f {
			t.Errorf("field %d: %q read back as %q", k, f, got[0][k])
		}
	}
	if s := csvField("plain"); s != "plain" {
		t.Errorf("csvField(plain) = %q: quoted without need", s)
	}
	for v, want := range map[float64]string{math.Copysign(0, -1): "0", math.Inf(1): "inf", 0.1: "0.1", 1e21: "1e+21", -2.5: "-2.5"} {
		if s := num(v); s != want {
			t.Errorf("num(%v) = %q, want %q", v, s, want)
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 10000 {
		v := math.Float64frombits(r.Uint64())
		if math.IsNaN(v) || math.IsInf(v, 0) {
			continue
		}
		back, err := strconv.ParseFloat(num(v), 64)
		if err != nil || back != v {
			t.Fatalf("num(%v) = %q reads back as %v, %v", v, num(v), back, err)
		}
	}
}
