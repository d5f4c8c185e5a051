#!/bin/bash
# mbcf_pattern.sh - MBCF remote writes on real QEMU nodes: every node writes PRNG
# patterns of many sizes (4 B .. 64 KiB, multi-frame) into every node, three
# rounds over the same memory; each node checks checksums of what it got
# (the last round must win: in-order application). Boots: 2 nodes clean,
# 4 nodes clean, 2 nodes with --loss 5 --dup 2 (percent).
cd "$(dirname "$0")/../.." || exit 1
run() {   # run <name> <nodes> <cluster options...> -- <program args>
    local name=$1 n=$2; shift 2
    local opts=() dir; dir=$(mktemp -d "${TMPDIR:-/tmp}"/mbcf_pattern.XXXXXX)
    while [ "$1" != "--" ]; do opts+=("$1"); shift; done; shift
    scripts/qemu/cluster -n "$n" --timeout 400 --quiet --log-dir "$dir" "${opts[@]}" mbcftest "$@" >/dev/null 2>&1
    local rc=$?
    for r in $(seq 0 $((n - 1))); do
        grep -h '^\(not \)\?ok - ' "$dir/node$r.log" 2>/dev/null | sed "s/^\(\(not \)\?ok\) - /\1 - $name: /"
    done
    local pass; pass=$(grep -l "PASSED" "$dir"/node*.log 2>/dev/null | wc -l)
    if [ "$rc" -eq 0 ] && [ "$pass" -eq "$n" ]; then echo "ok - $name: all $n nodes passed"
    else echo "not ok - $name: cluster exit $rc, $pass of $n nodes passed (logs in $dir)"; fi
    grep -h "mbcf stats" "$dir"/node*.log | sed 's/^/# /'
}
run "pattern 2 nodes" 2 -- pattern 3
run "pattern 4 nodes" 4 -- pattern 3
run "pattern 2 nodes, 5% loss 2% dup" 2 --loss 5 --dup 2 -- pattern 3
