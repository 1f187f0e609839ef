//go:build !wasm

package app

import goapp "github.com/maxence-charriere/go-app/v9/pkg/app"

// discardValue does nothing natively, where no browser gives buffers
// (see discard_wasm.go).
func discardValue(goapp.Value) {}
