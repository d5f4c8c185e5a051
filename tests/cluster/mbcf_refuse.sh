#!/bin/bash
# mbcf_refuse.sh - every MBCF refusal on real QEMU nodes: node 0 writes into node 1
# at a read-only page, an unexported page, a range crossing into an unexported
# page (one frame and several frames), an unmapped, a kernel and a
# non-canonical address, an unknown task, an unregistered FIFO; too long
# operations and unknown nodes are refused locally. Node 0 checks each status;
# node 1 checks its memory is unchanged except for the one allowed write.
cd "$(dirname "$0")/../.." || exit 1
. tests/cluster/mbcf_lib.sh
run "refusal run" 2 -- refuse
