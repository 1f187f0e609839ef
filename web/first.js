// Run before the page is drawn: a page opened on a share link (#…) hides
// the sample the server pre-rendered until the app has read the link
// (web/app.css, app/first_screen.go).
if (location.hash.length > 1) document.documentElement.classList.add("opening-link");

// The app's WebAssembly, compiled once: the module the page instantiates
// is kept (freshplanModule) and handed to each planning worker it starts
// (app/worker_start_wasm.go), which instantiates it without fetching or
// compiling it again; the browser shares the compiled code between them.
(() => {
  const keep = (instantiate) => async (...args) => {
    const r = await instantiate(...args);
    if (r && r.module instanceof WebAssembly.Module) self.freshplanModule = r.module;
    return r;
  };
  if (WebAssembly.instantiateStreaming) WebAssembly.instantiateStreaming = keep(WebAssembly.instantiateStreaming.bind(WebAssembly));
  WebAssembly.instantiate = keep(WebAssembly.instantiate.bind(WebAssembly));
})();
