#!/usr/bin/env bash
# Hostile input, run as a user would (issue 22): builds the CLI and the
# large cases on the fly (nothing is committed), runs each under
# `ulimit -v` (1 GiB unless the case says otherwise) and checks its exit
# code, a line of its stderr, its time (at most 20 s) and its peak RSS.
#
#   scripts/hostile.sh            (or: make hostile)
#   HOSTILE_KEEP=1 scripts/hostile.sh   keeps the work directory
set -uo pipefail
cd "$(dirname "$0")/.."

command -v /usr/bin/time >/dev/null || { echo "hostile: needs GNU time at /usr/bin/time" >&2; exit 2; }
W=$(mktemp -d "${TMPDIR:-/tmp}/freshplan-hostile.XXXXXX")
[ -n "${HOSTILE_KEEP:-}" ] || trap 'rm -rf "$W"' EXIT
FP=$W/freshplan
CGO_ENABLED=0 go build -o "$FP" ./cmd/freshplan || exit 2

MAX_SECONDS=20
pass=0 fail=0

# check NAME KIB WANT_EXIT WANT_STDERR MAX_RSS_MB -- ARGS...: runs the CLI
# under ulimit -v KIB.
check() {
	local name=$1 kib=$2 code=$3 want=$4 rss=$5
	shift 6
	local got secs kb
	(ulimit -v "$kib"; exec /usr/bin/time -f "%e %M" -o "$W/time" "$FP" "$@") >"$W/out" 2>"$W/err"
	got=$?
	read -r secs kb < <(tail -n 1 "$W/time") # GNU time puts "Command exited with …" first
	grep -v '^Command exited with non-zero status' "$W/err" >"$W/err2"
	local why=""
	[ "$got" = "$code" ] || why+=" exit $got, want $code;"
	[ -z "$want" ] || grep -qF -- "$want" "$W/err2" || why+=" stderr lacks: $want;"
	awk -v s="$secs" -v m="$MAX_SECONDS" 'BEGIN{exit !(s <= m)}' || why+=" took ${secs}s > ${MAX_SECONDS}s;"
	[ "$((kb / 1024))" -le "$rss" ] || why+=" peak RSS $((kb / 1024)) MB > $rss MB;"
	if [ -z "$why" ]; then
		pass=$((pass + 1))
		printf 'ok    %-44s exit %s  %6.2fs  %5d MB\n' "$name" "$got" "$secs" "$((kb / 1024))"
	else
		fail=$((fail + 1))
		printf 'FAIL  %-44s%s\n' "$name" "$why"
		sed 's/^/      | /' "$W/err2" | head -5
	fi
}
GiB=1048576 # KiB

echo "building the cases in $W"
SAMPLE=web/sample-pages.csv
# 1. a gzip trailer drives no allocation
gzip -c "$SAMPLE" | head -c 15000 >"$W/cut.gz"
python3 - "$W" <<'EOF'
import gzip, sys
rows = ["url,host,changes_per_day,weight,crawl_delay"] + [f"https://h{i%7}.example/p{i},h{i%7}.example,1,1,0" for i in range(600)]
d = gzip.compress(("\n".join(rows) + "\n").encode())
open(sys.argv[1] + "/liar.gz", "wb").write(d[:-4] + b"\xff\xff\xff\xff")  # ISIZE: 4 GiB - 1
EOF
# honest tables: 200 MB (3.3M pages) and 32 MB (500k pages)
table() { awk -v n="$1" 'BEGIN{print "url,host,changes_per_day,weight,crawl_delay"; for(i=0;i<n;i++){h=i%5000; printf "https://host%d.example.com/some/path/page%d,host%d.example.com,%g,1,0\n", h, i, h, (i%97)/10}}' | gzip -1; }
table 3300000 >"$W/honest.gz"
table 500000 >"$W/honest-500k.gz"
# 2. duplicates: 20M copies of one row; 10 GiB of one row in ~67 MB (members of 64 MiB)
(echo url,time,digest; yes https://example.com/a,2024-01-01T00:00:00Z,d1 | head -n 20000000) | gzip -1 >"$W/dup.gz"
# 20M rows of two fetches of one page in turn: each repeats an earlier row, never the last
(echo url,time,digest; yes 'https://example.com/a,2024-01-01T00:00:00Z,d1
https://example.com/a,2024-01-02T00:00:00Z,d2' | head -n 20000000) | gzip -1 >"$W/cycle.gz"
ROW=https://example.com/a,2024-01-01T00:00:00Z,d1
N=$((64 * 1048576 / ${#ROW}))
(echo url,time,digest; yes "$ROW" | head -n "$N") | gzip -1 >"$W/bomb.gz"
yes "$ROW" | head -n "$N" | gzip -1 >"$W/member.gz"
for _ in $(seq 159); do cat "$W/member.gz"; done >>"$W/bomb.gz"
# 3. a change history for the backtest
python3 - "$W" <<'EOF'
import random, sys
random.seed(1)
with open(sys.argv[1] + "/hist.csv", "w") as f:
    f.write("url,host,time\n")
    for p in range(50):
        for d in range(1, 28):
            if d == 1 or random.random() < 0.5:
                f.write(f"https://h{p%5}.example/p{p},h{p%5}.example,2024-01-{d:02d}T{random.randint(0,23):02d}:00:00Z\n")
EOF
# 4. a quote left open at line 12 of a 1,001-line log
python3 - "$W" <<'EOF'
import sys
with open(sys.argv[1] + "/quote.csv", "w") as f:
    f.write("url,time,digest\n")
    for k in range(2, 1002):
        if k == 12:
            f.write('"https://a.example/open,1704067200,d\n')
        else:
            f.write(f"https://a.example/{k%50},{1704067200+k*3600},d{k%3}\n")
EOF
# 5. silent acceptance
printf 'url,host,changes_per_day\nhttps://a/x,a,1,extra,fields\n' >"$W/extra.csv"
printf 'url,changes_per_day,crawl_delay\nhttps://a/x,1,1e308\n' >"$W/delay.csv"
printf 'url,time,changed\rhttps://a/x,2024-01-01T00:00:00Z,0\rhttps://a/x,2024-01-05T00:00:00Z,1\r' >"$W/cr.csv"
printf 'url,changes_per_day,weight\nhttps://a/x,1,1e-320\nhttps://a/y,1,1\n' >"$W/tiny.csv"
printf 'url,changes_per_day,weight\nhttps://a/x,1e308,1\n' >"$W/rate.csv"
printf 'url,changes_per_day,weight\nhttps://a/x,1,1e308\n' >"$W/weight.csv"
ls -l "$W" | awk 'NR>1{printf "  %-12s %12d bytes\n", $9, $5}'

echo "running (ulimit -v 1 GiB unless said)"
check "1 cut gzip" $GiB 1 "the gzip file is damaged or cut short (unexpected EOF)" 100 -- plan --budget 1000 "$W/cut.gz"
check "1 trailer claiming 4 GiB" $GiB 1 "the gzip file is damaged or cut short (gzip: invalid checksum)" 100 -- plan --budget 1000 "$W/liar.gz"
check "1 honest 200 MB table, 1 GiB" $GiB 1 "of memory this run may use; give a smaller table, or more memory (the address-space limit (ulimit -v 1048576 KiB)" 1024 -- plan --budget 100000 --json /dev/null "$W/honest.gz"
check "1 honest 200 MB table, 2.5 GiB" $((5 * GiB / 2)) 1 "planning 3300000 pages at 100000 visits per horizon needs about 1639 MB, and the address-space limit (ulimit -v 2621440 KiB)" 2560 -- plan --budget 100000 --json /dev/null "$W/honest.gz"
check "1 honest 200 MB table, 3 GiB" $((3 * GiB)) 0 "" 3072 -- plan --budget 100000 --json /dev/null "$W/honest.gz"
check "1 estimate of the 200 MB table" $GiB 1 "is a pages table (it has changes_per_day): its rates are already known" 100 -- estimate "$W/honest.gz"
check "1 honest 32 MB table, 3 GiB" $((3 * GiB)) 0 "" 3072 -- plan --budget 100000 --json /dev/null "$W/honest-500k.gz"
check "2 20M copies of a row" $GiB 0 "19999999 rows repeating a fetch (same URL, time and signal) dropped" 100 -- estimate "$W/dup.gz"
check "2 20M rows, two fetches in turn" $GiB 0 "19999998 rows repeating a fetch (same URL, time and signal) dropped" 200 -- estimate "$W/cycle.gz"
check "2 10 GiB of a row in 67 MB" $GiB 1 "the gzip file's content runs past 4 GiB, the limit on what one is decompressed to (a file this large, or a decompression bomb); --max-decompressed raises it" 100 -- estimate "$W/bomb.gz"
for h in 1ns 1ms 10m; do
	check "3 backtest --horizon $h" $GiB 1 "--horizon" 100 -- backtest --split 2024-01-10 --budget 10 --horizon $h --politeness 0s "$W/hist.csv"
done
check "3 backtest --horizon 1ns: the limit" $GiB 1 "holds 3.162e+16 horizons; want at most 10000" 100 -- backtest --split 2024-01-10 --budget 10 --horizon 1ns --politeness 0s "$W/hist.csv"
check "3 backtest --split 9999-12-31" $GiB 1 "--split 9999-12-31: the history's last change is at 2024-01-27T23:00:00Z: the test period has nothing to replay" 100 -- backtest --split 9999-12-31 "$W/hist.csv"
check "3 backtest --crawl-interval 1ns" $GiB 1 "want at most 100000 (a longer --crawl-interval or a later --train-start)" 100 -- backtest --split 2024-01-10 --crawl-interval 1ns "$W/hist.csv"
check "3 backtest, sound" $GiB 0 "" 300 -- backtest --split 2024-01-10 --horizon 168h "$W/hist.csv"
check "4 --skip-bad, quote left open" $GiB 0 "skipped 1 bad row; the first: $W/quote.csv:12:1 (url): a quoted field opened here is not closed before the end of the file" 100 -- estimate --skip-bad "$W/quote.csv"
if [ "$(wc -l <"$W/out")" != 51 ]; then fail=$((fail + 1)); echo "FAIL  4 --skip-bad kept $(($(wc -l <"$W/out") - 1)) URLs, want 50"; fi
check "5 row of more fields than the header" $GiB 1 "extra.csv:2:4: the row has 5 fields and the header 3" 100 -- plan --budget 10 "$W/extra.csv"
check "5 --half-life -1h" $GiB 1 "--half-life -1h0m0s: want 0 (every interval weighs alike) or a positive duration" 100 -- plan --budget 10 --half-life -1h "$W/extra.csv"
check "5 crawl_delay 1e308" $GiB 0 "(no horizon is that long: the longest is 2562047h47m16.854775807s)" 100 -- plan --budget 10 --json /dev/null "$W/delay.csv"
check "5 CR-only line ends" $GiB 1 "cr.csv:1: the lines end with a carriage return alone" 100 -- estimate "$W/cr.csv"
check "5 weight 1e-320" $GiB 0 "" 100 -- plan --budget 10 --policy cho --json /dev/null "$W/tiny.csv"
check "5 rate 1e308" $GiB 1 'rate.csv:2:2 (changes_per_day): "1e308" is more than 1e+08' 100 -- plan --budget 10 "$W/rate.csv"
check "5 weight 1e308" $GiB 1 'weight.csv:2:3 (weight): "1e308" is more than 1e+15' 100 -- plan --budget 10 "$W/weight.csv"
check "6 --budget 2^28" $GiB 1 "--budget 268435456: want at most 67108864 visits per horizon" 100 -- plan --budget 268435456
# Streamed, a plan holds no visit (issue 21): both fit where they were once refused.
check "6 --budget 2^26 under 1 GiB" $GiB 0 "" 300 -- plan --budget 67108864 --json /dev/null
check "6 sweep up to 2e7 under 1 GiB" $GiB 0 "" 300 -- sweep --budgets 1000,20000000
check "6 --budget 2^26 held whole, 1 GiB" $GiB 1 "planning 3000 pages at 67108864 visits per horizon needs about" 100 -- plan --budget 67108864 --simulate 1 --json /dev/null
check "6 age objective: nulls explained" $GiB 0 'of the figures are unbounded (+Inf; null in the JSON, explained under "unbounded")' 200 -- plan --budget 1000 --objective age --json /dev/null

echo "hostile: $pass passed, $fail failed"
[ "$fail" = 0 ]
