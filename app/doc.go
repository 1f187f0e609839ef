// Package app is freshplan's web user interface: go-app v9 components that
// call core/plan and show the result. It holds no algorithm.
//
// The page (home.go) reads an input with Decode (input.go: whatever the
// CLI's plan reads, by plan.Load), a browser File a slice at a time
// (blob.go), yielding to the browser as it goes. Planning runs in a web
// worker (engine_wasm.go, worker_wasm.go, web/worker.js): the same
// program (the module the page compiled, handed to the worker by
// worker_start_wasm.go: one compiled copy of the code in the tab), started
// without a document, plans the jobs the page posts
// (wire.go) and sends each stage back as soon as it is ready (compute.go:
// every policy, a budget sweep, the budget for a target freshness). The
// charts are inline SVG drawn from declarative specs (chart.go, views.go,
// scale.go) and the tables page, sort and filter on their own (table.go).
// The backtest panel (backtest_panel.go) is a component of its own, given
// the data, the parameters and the plan's figures, with its own planner;
// the first crawl is another page (firstcrawl.go).
package app
