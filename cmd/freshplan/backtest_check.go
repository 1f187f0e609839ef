//go:build !wasm

package main

import (
	"errors"

	"github.com/freshplan/freshplan/core/backtest"
)

// flagError names a backtest parameter out of range after its flag
// (backtest.ParamError, "horizon 1ns: …" → "--horizon 1ns: …"); other
// errors are returned as they are.
func flagError(err error) error {
	var pe *backtest.ParamError
	if errors.As(err, &pe) {
		return errors.New("--" + pe.Error())
	}
	return err
}
