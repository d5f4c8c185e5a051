#!/bin/bash
# mbcf_refuse.sh - every MBCF refusal on real QEMU nodes: node 0 writes into node 1
# at a read-only page, an unexported page, a range crossing into an unexported
# page (one frame and several frames), an unmapped, a kernel and a
# non-canonical address, an unknown task, an unregistered FIFO; too long
# operations and unknown nodes are refused locally. Node 0 checks each status;
# node 1 checks its memory is unchanged except for the one allowed write.
cd "$(dirname "$0")/../.." || exit 1
dir=$(mktemp -d "${TMPDIR:-/tmp}"/mbcf_refuse.XXXXXX)
scripts/qemu/cluster -n 2 --timeout 300 --quiet --log-dir "$dir" mbcftest refuse >/dev/null 2>&1
rc=$?
grep -h '^\(not \)\?ok - ' "$dir"/node0.log "$dir"/node1.log 2>/dev/null
pass=$(grep -l "PASSED" "$dir"/node*.log 2>/dev/null | wc -l)
if [ "$rc" -eq 0 ] && [ "$pass" -eq 2 ]; then echo "ok - refusal run: both nodes passed"
else echo "not ok - refusal run: cluster exit $rc, $pass of 2 nodes passed (logs in $dir)"; fi
