#!/bin/sh
# fuzz_mbcf.sh - build and run the MBCF libFuzzer targets (frame parser, engine
# receive path) for a bounded time each; prints one TAP line per target.
# FUZZ_SECONDS overrides the time per target (default 20).
cd "$(dirname "$0")/../.." || exit 1
secs=${FUZZ_SECONDS:-20}
echo "1..2"
n=0
for t in wire engine; do
    n=$((n + 1))
    bin=build/host/fuzz_mbcf_$t
    log=build/host/fuzz_mbcf_$t.log
    if ! make --no-print-directory -s "$bin" >/dev/null 2>&1; then
        echo "not ok $n - fuzz_mbcf_$t: build failed (clang with -fsanitize=fuzzer needed)"
        continue
    fi
    mkdir -p build/host/fuzz_mbcf_$t.corpus
    if "$bin" -max_total_time="$secs" -rss_limit_mb=1024 -print_final_stats=1 \
            -artifact_prefix=build/host/fuzz_mbcf_$t- build/host/fuzz_mbcf_$t.corpus >"$log" 2>&1; then
        runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$')
        echo "ok $n - fuzz_mbcf_$t: ${runs:-?} inputs in ${secs}s, no crash"
    else
        echo "not ok $n - fuzz_mbcf_$t: crash, see $log"
        tail -n 20 "$log" | sed 's/^/# /'
    fi
done
