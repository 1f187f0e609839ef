#!/usr/bin/env bash
# Runs the e2e harness's in-tab benchmark (e2e TestBenchFile) on this
# checkout and on an earlier revision, alternately, ROUNDS times each: this
# VM's timings swing by up to a half from hour to hour, so a change is
# judged beside its predecessor in the same hour (BENCHMARKS.md's "first
# build" figures). Each run ends by timing Stop on a fresh job, which only
# a big input gives time for.
#
#   scripts/tab-beside.sh REV FILE BUDGET [ROUNDS]
set -euo pipefail
[ $# -ge 3 ] || { echo "usage: $0 REV FILE BUDGET [ROUNDS]" >&2; exit 2; }
rev=$1 file=$(realpath "$2") budget=$3 rounds=${4:-2}
here=$(cd "$(dirname "$0")/.." && pwd)
base=$(mktemp -d /tmp/freshplan-beside-XXXX)
trap 'git -C "$here" worktree remove --force "$base" >/dev/null 2>&1 || true' EXIT
git -C "$here" worktree add -q --detach "$base" "$rev"
for _ in $(seq "$rounds"); do
  for dir in "$base" "$here"; do
    name=$([ "$dir" = "$here" ] && echo "this checkout" || echo "$rev")
    out=$(mktemp)
    # A run that fails is said, with its last lines: left out silently, it
    # would make the comparison one-sided.
    if (cd "$dir" && E2E_BENCH=1 E2E_BENCH_FILE="$file" E2E_BENCH_BUDGET="$budget" E2E_BENCH_STOP=1 \
      go test -count=1 -timeout 20m -run TestBenchFile -v ./e2e >"$out" 2>&1); then
      grep -E 'bench_test.go:[0-9]+: (memory|/)' "$out" | sed "s|^ *bench_test.go:[0-9]*: |$name: |"
    else
      echo "$name: run failed; its last lines:"
      tail -n 15 "$out" | sed "s|^|$name:   |"
    fi
    rm -f "$out"
  done
done
