"use strict";
// freshplan's planner: the app's own WebAssembly, run in a web worker so
// the page stays responsive while it plans. The Go program sees it has no
// document and serves the jobs the page posts (app.ServeWorker).
importScripts("/wasm_exec.js");

const queued = [];
self.onmessage = (e) => queued.push(e);
self.freshplanTakeQueue = () => queued.splice(0);

// What the program writes to the console (a panic, say) goes to the page,
// whose console the person and the tests see.
for (const level of ["error", "warn"]) {
  const orig = console[level].bind(console);
  console[level] = (...args) => {
    orig(...args);
    self.postMessage({ kind: "log", level, text: args.map(String).join(" ") });
  };
}

const go = new Go();
WebAssembly.instantiateStreaming(fetch("/web/app.wasm"), go.importObject)
  .then((r) => go.run(r.instance))
  .then(() => self.postMessage({ kind: "fatal", text: "the planner stopped" }))
  .catch((err) => self.postMessage({ kind: "fatal", text: String(err) }));
