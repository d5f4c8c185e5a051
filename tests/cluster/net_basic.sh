#!/bin/bash
# net_basic.sh - one 2-node boot: bad syscall input (EINVAL/EMSGSIZE/EFAULT/
# EAGAIN/ETIMEDOUT, nothing lost), echo of every payload size 0..1496 with
# content checks, malformed frames counted as drops by the receiver, frames
# with a forged source arriving stamped with the sender's (none counted as an
# unknown source), net_config from a read-only page applying nothing, and the
# --net-stats power-off report. Prints TAP lines (tests/guest/nettest).
cd "$(dirname "$0")/../.." || exit 1
. tests/cluster/net_lib.sh
net_run net_basic 36 "both nodes" -n 2 --timeout 300 --net-stats -- basic
stats=$(tr -d '\r' < "$LOG/node1.log" | grep -a '^net-stats:')
if echo "$stats" | grep -q 'drop_ethertype=4 ' && echo "$stats" | grep -q 'drop_unknown_src=0 ' &&
   echo "$stats" | grep -q 'drop_bad_header=8 '; then
    echo "ok - net_basic: rank 1 power-off counters show the injected drops"
else
    echo "not ok - net_basic: rank 1 power-off counters: '${stats:-missing}'"
fi
rm -rf "$LOG"
