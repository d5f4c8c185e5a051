#!/bin/bash
# tofu_ops.sh - the emulated Tofu controller on 4 QEMU nodes (--tofu 2x2x1):
# tests/guest/tofutest on every node (puts, piggyback puts, gets, atomics across
# all pairs with content checks; notices with the right edata, each once;
# every refusal with the target's memory unchanged and counted; local bad
# input and queue overflow). Three boots: TofuD mode, Tofu1 mode, and TofuD
# under --loss 5 --dup 2 (exactly-once over the lossy switch). `make
# stress-tofu` runs this script several times in a row (TOFU_STRESS_RUNS).
# A node that waits 20 s prints the controller's state (tofu-dump lines,
# SYS_tofu_dump); they are echoed below as comments.
cd "$(dirname "$0")/../.." || exit 1
run() {
    local name=$1; shift
    local dir; dir=$(mktemp -d "${TMPDIR:-/tmp}"/tofutest.XXXXXX)
    scripts/qemu/cluster -n 4 --tofu 2x2x1 --timeout 900 --quiet --log-dir "$dir" "$@" tofutest \
        >/dev/null 2>&1
    local rc=$?
    for r in 0 1 2 3; do
        grep -h '^\(not \)\?ok - ' "$dir/node$r.log" 2>/dev/null | sed "s/^\(\(not \)\?ok\) - /\1 - $name: /"
    done
    local pass; pass=$(grep -l "tofutest: PASSED" "$dir"/node*.log 2>/dev/null | wc -l)
    if [ "$rc" -eq 0 ] && [ "$pass" -eq 4 ]; then echo "ok - $name: all 4 nodes passed"
    else echo "not ok - $name: cluster exit $rc, $pass of 4 nodes passed (logs in $dir)"; fi
    grep -h "tofu stats\|tofu-dump" "$dir"/node*.log | sed 's/^/# /'
}
run "tofud" --tofu-mode tofud
run "tofu1" --tofu-mode tofu1
run "tofud, loss 5% dup 2%" --tofu-mode tofud --loss 5 --dup 2
