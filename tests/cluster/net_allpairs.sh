#!/bin/bash
# net_allpairs.sh - 4 nodes: every node sends 40 frames (sizes up to 1496) to
# every other node; each receiver checks sender, order and content.
cd "$(dirname "$0")/../.." || exit 1
. tests/cluster/net_lib.sh
net_run net_allpairs 28 "all 4 nodes" -n 4 --timeout 400 -- allpairs
rm -rf "$LOG"
