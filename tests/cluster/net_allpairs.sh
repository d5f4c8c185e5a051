#!/bin/bash
# net_allpairs.sh - 4 nodes: every node sends 40 frames (sizes up to 1496) to
# every other node; each receiver checks sender, order and content.
cd "$(dirname "$0")/../.." || exit 1
LOG=$(mktemp -d "${TMPDIR:-/tmp}"/net_allpairs.XXXXXX)
scripts/qemu/cluster -n 4 --quiet --timeout 400 --log-dir "$LOG" nettest allpairs >"$LOG/out" 2>&1
rc=$?
lines=$(cat "$LOG"/node*.log | tr -d '\r' | grep -a -E '^(not )?ok - ')
echo "$lines"
[ $rc = 0 ] && echo "ok - net_allpairs: all 4 nodes exited 0" || { echo "not ok - net_allpairs: cluster exit status $rc"; tail -n 5 "$LOG/out" | sed 's/^/# /'; }
n=$(echo "$lines" | grep -c '^ok - ')
[ "$n" -ge 28 ] && echo "ok - net_allpairs: $n results reported" || echo "not ok - net_allpairs: only $n of 28 results reported"
rm -rf "$LOG"
