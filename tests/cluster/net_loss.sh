#!/bin/bash
# net_loss.sh - 2 nodes behind wirefilter with 5% loss per link: the raw path
# loses frames and says so (the receiver's count), retried exchanges all
# complete, nothing hangs or crashes.
cd "$(dirname "$0")/../.." || exit 1
. tests/cluster/net_lib.sh
net_run net_loss 5 "both nodes" -n 2 --timeout 300 --loss 5 -- loss
rm -rf "$LOG"
