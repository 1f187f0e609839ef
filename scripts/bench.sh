#!/usr/bin/env bash
# Benchmarks behind BENCHMARKS.md: the engine's Go benchmarks at seed 000's
# paper scale, the CLI planning the full 1M-page instance (time and peak
# memory), and the full-scale reproduction of seed 000 Figure 3.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${BENCH_OUT:-/tmp/freshplan-bench}
mkdir -p "$out"
echo "# $(date -u +%Y-%m-%dT%H:%MZ) on $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(go version)"

echo "## Go benchmarks (one run each)"
go test -run '^$' -bench 'Greedy|Cho1M|Azar1M' -benchtime 1x -benchmem ./core/allocate/ | grep -E '^Benchmark'
go test -run '^$' -bench 'Carousel1M' -benchtime 1x -benchmem ./core/schedule/ | grep -E '^Benchmark'
go test -run '^$' -bench 'PaperScale' -benchtime 3x -benchmem ./core/plan/ | grep -E '^Benchmark'

echo "## CLI at paper scale (1M pages, 2000 hosts, θ = 1)"
go build -o "$out/freshplan" ./cmd/freshplan
go run ./cmd/gensample -pages 1000000 -servers 2000 -theta 1 > "$out/paper.csv"
ls -l "$out/paper.csv" | awk '{print "input:", $5, "bytes"}'
/usr/bin/time -f 'wall %e s, peak RSS %M KiB' "$out/freshplan" plan --crawlers 10 --rate 10 --model horizon \
  --json "$out/paper.json" --schedule "$out/schedule.csv" "$out/paper.csv" | tail -3
echo "## the same, psp and the bounds only (--compare none)"
/usr/bin/time -f 'wall %e s, peak RSS %M KiB' "$out/freshplan" plan --crawlers 10 --rate 10 --model horizon --compare none \
  --json "$out/paper-psp.json" --schedule "$out/schedule.csv" "$out/paper.csv" | tail -3

echo "## seed 000 Figure 3, full scale"
go run ./scripts/fig3
