#!/bin/bash
# fs_calls.sh - the file system calls on one node (ktest_fs): results, Linux
# errors for bad input (hostile pointers, long names, EMFILE, ENOTDIR, EISDIR,
# ENOTEMPTY, EFBIG), a file filling the node's memory (ENOSPC, no panic, the
# program keeps running) and the space back after unlink. 256 MiB nodes keep
# the fill short.
cd "$(dirname "$0")/../.." || exit 1
. tests/cluster/kernel_lib.sh

BOOT_TIMEOUT=300 boot fs -n 1 --mem 256 ktest_fs
grep -a -E '^(ok|not ok) [0-9]+ - ' "$L/fs/node0.log" | sed -E "s/^(ok|not ok) [0-9]+ - /\1 - ktest_fs: /"
grep -a '^# \|^ktest_fs' "$L/fs/node0.log"
n=$(grep -a -c -E '^ok [0-9]+ - ' "$L/fs/node0.log")
check "ktest_fs exits 0 ($n checks passed in the guest)" [ $RC = 0 -a "$n" -ge 50 ] || show_failure fs
check "kernel survived (no panic)" bash -c "! grep -a -q 'KERNEL PANIC' $L/fs/node0.log"
