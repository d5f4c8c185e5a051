#!/bin/bash
# tofu_ops.sh - the emulated Tofu controller on 4 QEMU nodes (--tofu 2x2x1):
# userland/tofutest on every node (puts, piggyback puts, gets, atomics across
# all pairs with content checks; notices with the right edata, each once;
# every refusal with the target's memory unchanged and counted; local bad
# input and queue overflow). Two boots: TofuD mode and Tofu1 mode. The third,
# TofuD under --loss 5 --dup 2 (exactly-once over the lossy switch), runs only
# with TOFU_OPS_LOSSY=1 (`make stress-tofu`): since the SMP kernel it stalls
# intermittently (a put's notice not delivered within 120 s while go-back-N
# retransmits ~3,600 frames; docs/tofu.md, "Known bug"), so it is kept out of
# `make test` until that is fixed.
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
    grep -h "tofu stats" "$dir"/node*.log | sed 's/^/# /'
}
run "tofud" --tofu-mode tofud
run "tofu1" --tofu-mode tofu1
if [ "${TOFU_OPS_LOSSY:-0}" = 1 ]; then
    run "tofud, loss 5% dup 2%" --tofu-mode tofud --loss 5 --dup 2
fi
