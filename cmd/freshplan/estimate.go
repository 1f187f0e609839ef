//go:build !wasm

package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/freshplan/freshplan/core/estimate"
	"github.com/freshplan/freshplan/core/export"
	"github.com/freshplan/freshplan/core/plan"
)

// runEstimate is `freshplan estimate [--format csv|json] [--classes …] FILE`:
// the change rate of every URL of an observation log (SPEC §6) or of a
// change history.
func runEstimate(args []string, stdout, stderr io.Writer) error {
	f := newReadFlags("estimate", stderr)
	format := f.fs.String("format", "csv", "csv (a pages table) or json (with each estimator's reason)")
	spec := f.fs.String("classes", "", "classes to categorise pages into, NAME=CHANGES_PER_DAY,… (seed 001 §6.6), e.g. hourly=24,daily=1,weekly=0.143")
	// estimate reports seed 001's estimators as they are unless asked.
	f.prior = false
	f.fs.Lookup("prior").DefValue = "false"
	if err := f.parse(args); err != nil {
		return err
	}
	if f.fs.NArg() == 0 {
		return usagef("estimate needs an observation log or a change history: freshplan estimate [--format csv|json] [--classes …] FILE")
	}
	if *format != "csv" && *format != "json" {
		return fmt.Errorf("--format: unknown format %q; want csv or json", *format)
	}
	var classes []estimate.Class
	if *spec != "" {
		var err error
		if classes, err = estimate.ParseClasses(*spec); err != nil {
			return fmt.Errorf("--classes: %w", err)
		}
	}
	if file, err := os.Open(f.fs.Arg(0)); err == nil {
		if size, ok := inputSize(file); ok && memory.limit == 0 { // under ulimit -v, guardMemory's limit stands
			boundMemory(size) // for the whole command: nothing but the estimates follows
		}
		file.Close()
	}
	f.refusePages = true
	in, err := f.load(stderr, classes)
	if errors.Is(err, plan.ErrPagesTable) {
		return fmt.Errorf("%s is a pages table (it has changes_per_day): its rates are already known; estimate reads observation logs and change histories", f.inputName())
	}
	if err != nil {
		return err
	}
	if in.Estimates == nil {
		return fmt.Errorf("%s is a pages table (it has changes_per_day): its rates are already known; estimate reads observation logs and change histories", in.Name)
	}
	if *format == "json" {
		return export.EstimatesJSON(stdout, in, classes)
	}
	return export.EstimatesCSV(stdout, in, classes)
}
