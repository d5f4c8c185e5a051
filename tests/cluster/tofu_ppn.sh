#!/bin/bash
# tofu_ppn.sh - isolation between the processes of a node on the emulated Tofu
# controller: `tofutest ppn` on 2 nodes x --ppn 2 (tests/guest/tofutest/
# tofutest_ppn.c). Puts, gets, atomics and notices addressed to process B land
# in B only; process A cannot deregister B's STADD or free B's VCQ; after B
# exits, puts to its old VCQ and STADD are refused and counted.
cd "$(dirname "$0")/../.." || exit 1
dir=$(mktemp -d "${TMPDIR:-/tmp}"/tofuppn.XXXXXX)
scripts/qemu/cluster -n 2 --ppn 2 --timeout 600 --quiet --log-dir "$dir" tofutest ppn >"$dir/out" 2>&1
rc=$?
for r in 0 1; do
    grep -a -h '^\(\[[0-9]*\] \)\?\(not \)\?ok - ' "$dir/node$r.log" 2>/dev/null | sed 's/^\[[0-9]*\] //'
done
pass=$(cat "$dir"/node*.log 2>/dev/null | grep -a -o "tofutest ppn: PASSED" | wc -l)
if [ "$rc" -eq 0 ] && [ "$pass" -eq 4 ]; then echo "ok - tofutest ppn: all 4 processes passed"
else echo "not ok - tofutest ppn: cluster exit $rc, $pass of 4 processes passed (logs in $dir)"; fi
grep -a -h "tofu-dump\|KERNEL PANIC" "$dir"/node*.log | sed 's/^/# /'
