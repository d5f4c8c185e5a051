#!/bin/bash
# mbcf_pattern.sh - MBCF remote writes on real QEMU nodes: every node writes PRNG
# patterns of many sizes (4 B .. 64 KiB, multi-frame) into every node, three
# rounds over the same memory; each node checks checksums of what it got
# (the last round must win: in-order application). Boots: 2 nodes clean,
# 4 nodes clean, 2 nodes with --loss 5 --dup 2 (percent).
cd "$(dirname "$0")/../.." || exit 1
. tests/cluster/mbcf_lib.sh
run "pattern 2 nodes" 2 -- pattern 3
run "pattern 4 nodes" 4 -- pattern 3
run "pattern 2 nodes, 5% loss 2% dup" 2 --loss 5 --dup 2 -- pattern 3
