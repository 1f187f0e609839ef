//go:build !wasm

package app

// newEngine returns the in-process engine: natively there is no worker.
func newEngine(async func(func())) engine { return &inProcess{async: async} }
