#!/bin/bash
# net_loss.sh - 2 nodes behind wirefilter with 5% loss per link: the raw path
# loses frames and says so (the receiver's count), retried exchanges all
# complete, nothing hangs or crashes.
cd "$(dirname "$0")/../.." || exit 1
LOG=$(mktemp -d "${TMPDIR:-/tmp}"/net_loss.XXXXXX)
scripts/qemu/cluster -n 2 --quiet --timeout 300 --loss 5 --log-dir "$LOG" nettest loss >"$LOG/out" 2>&1
rc=$?
lines=$(cat "$LOG"/node*.log | tr -d '\r' | grep -a -E '^(not )?ok - ')
echo "$lines"
[ $rc = 0 ] && echo "ok - net_loss: both nodes exited 0 (no hang, no crash)" || { echo "not ok - net_loss: cluster exit status $rc"; tail -n 5 "$LOG/out" | sed 's/^/# /'; }
n=$(echo "$lines" | grep -c '^ok - ')
[ "$n" -ge 5 ] && echo "ok - net_loss: $n results reported" || echo "not ok - net_loss: only $n of 5 results reported"
rm -rf "$LOG"
