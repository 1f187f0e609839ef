//go:build !wasm

package app

// newEngine returns the in-process engine: natively there is no worker.
func newEngine(async func(func())) engine { return &inProcess{async: async} }

// newFCEngine returns the First crawl view's in-page holder.
func newFCEngine() fcEngine { return newFCInPage() }
