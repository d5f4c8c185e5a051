#!/bin/bash
# mbcf_fifo.sh - memory-based FIFO flood on real QEMU nodes: nodes 1..3 each send
# 1500 entries (16..1400 bytes, checksummed, sequence-numbered) into node 0's
# 16 KiB FIFO; node 0 starts consuming late, so the FIFO fills and the senders
# are held back. Checks: nothing lost, duplicated, reordered or corrupted, and
# the FIFO-full backpressure happened. Second boot: the same under 5% loss.
cd "$(dirname "$0")/../.." || exit 1
run() {
    local name=$1 n=$2; shift 2
    local opts=() dir; dir=$(mktemp -d "${TMPDIR:-/tmp}"/mbcf_fifo.XXXXXX)
    while [ "$1" != "--" ]; do opts+=("$1"); shift; done; shift
    scripts/qemu/cluster -n "$n" --timeout 500 --quiet --log-dir "$dir" "${opts[@]}" mbcftest "$@" >/dev/null 2>&1
    local rc=$?
    for r in $(seq 0 $((n - 1))); do
        grep -h '^\(not \)\?ok - ' "$dir/node$r.log" 2>/dev/null | sed "s/^\(\(not \)\?ok\) - /\1 - $name: /"
    done
    local pass; pass=$(grep -l "PASSED" "$dir"/node*.log 2>/dev/null | wc -l)
    if [ "$rc" -eq 0 ] && [ "$pass" -eq "$n" ]; then echo "ok - $name: all $n nodes passed"
    else echo "not ok - $name: cluster exit $rc, $pass of $n nodes passed (logs in $dir)"; fi
    grep -h "mbcf stats" "$dir"/node*.log | sed 's/^/# /'
}
run "FIFO flood 3 senders" 4 -- flood 1500
run "FIFO flood 3 senders, 5% loss" 4 --loss 5 -- flood 800
