# freshplan — see README.md.
GO       ?= go
VERSION  := $(shell git rev-parse --short HEAD 2>/dev/null || echo dev)$(shell git diff --quiet HEAD -- 2>/dev/null || echo -dirty)
ADDR     ?= 127.0.0.1:8000
STATICCHECK := $(GO) run honnef.co/go/tools/cmd/staticcheck@v0.8.2

.PHONY: build wasm cli run test lint bench fig3 hostile clean beam-test beam

## build: the web app (web/app.wasm, gzipped beside it, and brotli when node is there to make it) and the CLI (bin/freshplan)
build: wasm cli

wasm:
	@echo "==> building the web app: Go to WebAssembly, web/app.wasm (the slow step; the first build also compiles the dependencies)"
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags="-s -w" -o web/app.wasm ./cmd/freshplan
	@echo "==> compressing it: web/app.wasm.gz (gzip -9)"
	gzip -9 -k -f web/app.wasm
	@rm -f web/app.wasm.br
	@if command -v node >/dev/null 2>&1; then \
	  echo "==> compressing it: web/app.wasm.br (brotli, by node's zlib)"; \
	  node -e 'const z=require("zlib"),fs=require("fs");fs.writeFileSync("web/app.wasm.br",z.brotliCompressSync(fs.readFileSync("web/app.wasm"),{params:{[z.constants.BROTLI_PARAM_QUALITY]:11,[z.constants.BROTLI_PARAM_MODE]:z.constants.BROTLI_MODE_GENERIC,[z.constants.BROTLI_PARAM_SIZE_HINT]:fs.statSync("web/app.wasm").size}}))' \
	  ; else echo "==> no node: web/app.wasm.br (brotli) skipped, the gzip is served"; fi
	@ls -l web/app.wasm web/app.wasm.gz $$(ls web/app.wasm.br 2>/dev/null) | awk '{print $$5, $$9}'

cli:
	@echo "==> building the CLI: bin/freshplan"
	CGO_ENABLED=0 $(GO) build -trimpath -ldflags="-X main.version=$(VERSION)" -o bin/freshplan ./cmd/freshplan

## run: build, then serve the app (it opens with the sample planned) at http://$(ADDR)/
run: build
	@echo "==> serving the app at http://$(ADDR)/ (it opens with the sample planned; Ctrl-C stops)"
	./bin/freshplan serve --addr $(ADDR)

## test: formatting, vet, staticcheck, and every test (the Beam pipeline's too: beam-test)
test: lint
	$(GO) test -count=1 -timeout 30m ./...
	$(MAKE) beam-test

## beam-test: the Beam pipeline (cmd/freshplan-beam, a module of its own, which the root's ./... does not
## enter) vetted, checked and tested on Prism in-process against core; its first build takes minutes
beam-test:
	cd cmd/freshplan-beam && $(GO) vet ./... && $(STATICCHECK) ./... && $(GO) test -count=1 -timeout 30m ./...

## beam: bin/freshplan-beam, the planning pipeline on Apache Beam (docs/beam.md)
beam:
	cd cmd/freshplan-beam && CGO_ENABLED=0 $(GO) build -trimpath -o ../../bin/freshplan-beam .

lint:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	  if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) vet ./app/... ./cmd/... ./core/...
	$(STATICCHECK) ./...

## bench: Go benchmarks and the paper-scale reproduction (figures for BENCHMARKS.md)
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./core/...
	bash scripts/bench.sh

## hostile: the hostile-input suite (issue 22): large cases built on the fly, each run under ulimit -v
hostile:
	bash scripts/hostile.sh

clean:
	rm -rf bin web/app.wasm web/app.wasm.gz
