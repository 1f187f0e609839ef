"use strict";
// freshplan's planner: the app's own WebAssembly, run in a web worker so
// the page stays responsive while it plans. The Go program sees it has no
// document and serves the jobs the page posts (app.ServeWorker).
importScripts("/wasm_exec.js");

// The page's first message is "boot", with the module it compiled (or
// none): the worker instantiates it, sharing its compiled code, and
// fetches app.wasm only when there is none. Messages that come before the
// program started wait here.
const queued = [];
let started = false;
self.onmessage = (e) => {
  if (!started) {
    started = true;
    const boot = e.data && e.data.kind === "boot";
    run(boot ? e.data.module : undefined);
    if (boot) return;
  }
  queued.push(e);
};
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

function run(module) {
  const shared = module instanceof WebAssembly.Module;
  self.postMessage({ kind: "booted", shared });
  const go = new Go();
  const instance = shared
    ? WebAssembly.instantiate(module, go.importObject)
    : WebAssembly.instantiateStreaming(fetch("/web/app.wasm"), go.importObject).then((r) => r.instance);
  instance
    .then((inst) => go.run(inst))
    .then(() => self.postMessage({ kind: "fatal", text: "the planner stopped" }))
    .catch((err) => self.postMessage({ kind: "fatal", text: String(err) }));
}
