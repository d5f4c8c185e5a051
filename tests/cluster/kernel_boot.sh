#!/bin/bash
# kernel_boot.sh - the demo on 1 and 2 nodes: every node boots through OVMF,
# reports its rank and the node count, prints the boot time stamps and the PCI
# listing, exits 0; the launcher leaves no process behind. Also the 2-node
# address-space layout check (identical static, malloc, brk, stack and mmap
# addresses on every node: MBCF relies on it), and a run through wirefilters.
cd "$(dirname "$0")/../.." || exit 1
. tests/cluster/kernel_lib.sh

boot demo1 -n 1 demo
check "demo on 1 node exits 0" [ $RC = 0 ] || show_failure demo1
check "1 node: demo prints rank 0 of 1" log_has demo1 "hello from node 0 of 1"
check "1 node: boot time stamps (efi_main, ExitBootServices, program start)" \
    bash -c "grep -a -q 'ms efi_main, t=.* ms ExitBootServices' $L/demo1/node0.log && grep -a -q 'ms program start' $L/demo1/node0.log"
check "1 node: PCI scan lists the e1000 (8086:100e)" log_has demo1 "pci 00:..\.. 8086:100e"
check "1 node: no stray QEMU/vde_switch after the run" no_strays demo1

boot demo2 -n 2 demo
check "demo on 2 nodes exits 0" [ $RC = 0 ] || show_failure demo2
check "2 nodes: rank 0 prints 0 of 2" log_has demo2 "hello from node 0 of 2" 0
check "2 nodes: rank 1 prints 1 of 2" log_has demo2 "hello from node 1 of 2" 1
check "2 nodes: no stray processes" no_strays demo2

boot layout -n 2 ktest_layout
l0=$(grep -a '^layout ' "$L/layout/node0.log")
l1=$(grep -a '^layout ' "$L/layout/node1.log")
echo "# $l0"
check "layout program exits 0 on 2 nodes" [ $RC = 0 ] || show_failure layout
check "identical address-space layout on both nodes" [ -n "$l0" -a "$l0" = "$l1" ]

# Fault injection path of the launcher: a wirefilter on each node's link.
boot filtered -n 2 --loss 2 --dup 2 --delay 1 demo
check "2 nodes behind wirefilters (loss 2%, dup 2%, delay 1 ms): demo exits 0" [ $RC = 0 ] || show_failure filtered
check "wirefilter run: no stray QEMU/vde_switch/wirefilter" no_strays filtered
