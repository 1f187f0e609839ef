"use strict";
// Starts the planner's web worker as soon as the page's head is read, so
// that it fetches and compiles app.wasm side by side with the page (two
// cores) instead of after the page has compiled and started it: the app
// adopts this worker for its first job (app/engine_wasm.go). Loaded
// without defer, it runs before go-app's scripts.
if (typeof Worker !== "undefined") {
  try {
    self.freshplanWorker = new Worker("/web/worker.js");
  } catch (e) {
    // The app starts its own.
  }
}
