#!/bin/bash
# mbcf_fifo.sh - memory-based FIFO flood on real QEMU nodes: nodes 1..3 each send
# 1500 entries (16..1400 bytes, checksummed, sequence-numbered) into node 0's
# 16 KiB FIFO; node 0 starts consuming late, so the FIFO fills and the senders
# are held back. Checks: nothing lost, duplicated, reordered or corrupted, and
# the FIFO-full backpressure happened. Second boot: the same under 5% loss.
cd "$(dirname "$0")/../.." || exit 1
. tests/cluster/mbcf_lib.sh
run "FIFO flood 3 senders" 4 -- flood 1500
run "FIFO flood 3 senders, 5% loss" 4 --loss 5 -- flood 800
