package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestLearnExport: for a dropped change history, "What to do" offers the
// learning policy's seed lists, and each is the file 'freshplan plan
// --policy learn --export KIND' writes for the same history and budget;
// the command it shows is that command.
func TestLearnExport(t *testing.T) {
	t.Parallel()
	history, err := os.ReadFile("../examples/changes.csv")
	if err != nil {
		t.Fatal(err)
	}
	path, err := filepath.Abs("../examples/changes.csv")
	if err != nil {
		t.Fatal(err)
	}
	tb := newTab(t)
	tb.open()
	seq := tb.seq()
	tb.drop("changes.csv", string(history), "")
	tb.waitPlanned(seq, 60*time.Second)
	budget := eval[string](tb, `document.getElementById("budget").value`)
	if got := tb.text("#advice-learn code"); !strings.HasPrefix(got, "freshplan plan --policy learn --budget "+budget+" --horizon 168h") {
		t.Errorf("the command shown is %q", got)
	}
	dir := t.TempDir()
	for _, kind := range []string{"nutch", "stormcrawler"} {
		e := exportFile{"advice-learn-" + kind, "freshplan-learn-" + kind + "-seeds.txt", []string{"--export", kind}}
		tb.sameAsCLI(e, dir, path, "--policy", "learn", "--budget", budget, "--horizon", "168h")
	}
	tb.shotOf("#advice", "learn-export")
}
