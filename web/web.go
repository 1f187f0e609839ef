// Package web holds freshplan's static assets; the sample pages table is
// embedded so the CLI and the app can plan it with no file given.
package web

import _ "embed"

//go:generate sh -c "go run ../cmd/gensample > sample-pages.csv"

// SamplePages is the sample pages table (synth.Sample).
//
//go:embed sample-pages.csv
var SamplePages []byte

// SampleName is the name the sample goes by in messages.
const SampleName = "sample-pages.csv"
