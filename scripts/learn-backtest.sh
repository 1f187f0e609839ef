#!/usr/bin/env bash
# The learning policy against uniform and the tuned adaptive schedulers
# (issue 19; BENCHMARKS.md "Plans that beat what crawlers run"): for each
# change history, each split and each host alone, the backtest at 1/4 to 4
# visits per page per week; per budget, learn's staleness over the best of
# uniform, Nutch and StormCrawler / over uniform's, then their geometric
# mean over the budgets and learn's worst ratio to uniform.
#
#   scripts/learn-backtest.sh [HISTORY.csv ...]   (default: ../shared/data/real-changes*.csv)
set -euo pipefail
cd "$(dirname "$0")/.."
go build -o bin/freshplan ./cmd/freshplan
files=("$@")
[ ${#files[@]} -gt 0 ] || files=(../shared/data/real-changes.csv ../shared/data/real-changes-2.csv)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

summary() { # FILE SPLIT LABEL
  bin/freshplan backtest --split "$2" --budgets 0.25,0.5,1,2,4 --replan=false --hindsight=false "$1" 2>/dev/null |
    awk -F, -v label="$3 $2" '
      NR > 1 { k = $2; s[k "," $3] = $4; if (!(k in seen)) { seen[k] = 1; order[++n] = k } }
      END {
        line = label; worst = 0; lg = 0
        for (i = 1; i <= n; i++) {
          k = order[i]; u = s[k ",uniform"]; best = u
          if (s[k ",nutch-adaptive"] < best) best = s[k ",nutch-adaptive"]
          if (s[k ",stormcrawler-adaptive"] < best) best = s[k ",stormcrawler-adaptive"]
          r = best > 0 ? s[k ",learn"] / best : 1; ru = u > 0 ? s[k ",learn"] / u : 1
          line = line sprintf("  %.2g: %.2f/%.2f", k, r, ru)
          if (ru > worst) worst = ru
          lg += log(r > 0 ? r : 1)
        }
        printf "%s  geomean %.2f  worst vs uniform %.2f\n", line, exp(lg / n), worst
      }'
}

for f in "${files[@]}"; do
  for split in 2023-01-01 2024-01-01 2025-01-01; do
    summary "$f" "$split" "$(basename "$f" .csv) all"
    for h in $(awk -F, 'NR > 1 { print $2 }' "$f" | sort -u); do
      (head -1 "$f"; awk -F, -v h="$h" 'NR > 1 && $2 == h' "$f") > "$tmp/$h.csv"
      summary "$tmp/$h.csv" "$split" "$(basename "$f" .csv) $h"
    done
  done
done
