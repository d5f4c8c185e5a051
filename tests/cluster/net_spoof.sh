#!/bin/bash
# net_spoof.sh - no program can speak for another node or for MBCF:
# on 3 nodes, rank 2 forges MBCF remote writes claiming rank 1's MAC and next
# sequence numbers, and a raw frame with rank 1's source, through the raw test
# hook; rank 1 then makes the real writes. Rank 0 must hold rank 1's values,
# no forged one, and see the raw frame from its true sender (tests/guest/spooftest).
cd "$(dirname "$0")/../.." || exit 1
dir=$(mktemp -d "${TMPDIR:-/tmp}"/spoof.XXXXXX)
scripts/qemu/cluster -n 3 --timeout 300 --quiet --log-dir "$dir" spooftest >/dev/null 2>&1
rc=$?
for r in 0 1 2; do
    grep -h '^\(not \)\?ok - ' "$dir/node$r.log" 2>/dev/null
done
pass=$(grep -l "PASSED" "$dir"/node*.log 2>/dev/null | wc -l)
if [ "$rc" -eq 0 ] && [ "$pass" -eq 3 ]; then
    echo "ok - spoof run: all 3 nodes passed"
else
    echo "not ok - spoof run: cluster exit $rc, $pass of 3 nodes passed (logs in $dir)"
fi
