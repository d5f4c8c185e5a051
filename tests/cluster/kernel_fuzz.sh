#!/bin/bash
# kernel_fuzz.sh - system-call fuzzing: ktest_fuzz makes 50,000
# random system calls (numbers 0..1100, hostile arguments and pointers) for a
# fixed seed on one node (256 MiB: running out of memory, which random
# lengths often do, stays quick); the node must survive (no panic, no hang: the
# launcher's timeout), the program exit 0 and print its summary line.
# FUZZ_COUNT and FUZZ_SEED override the count and seed (other seeds explore
# other calls; a failure names the seed to reproduce it with
# `scripts/qemu/cluster -n 1 ktest_fuzz COUNT SEED verbose`).
cd "$(dirname "$0")/../.." || exit 1
. tests/cluster/kernel_lib.sh
count=${FUZZ_COUNT:-50000} seed=${FUZZ_SEED:-11}

BOOT_TIMEOUT=300 boot fuzz -n 1 --mem 256 ktest_fuzz "$count" "$seed"
grep -a '^# ktest_fuzz\|^ktest_fuzz' "$L/fuzz/node0.log" | sed 's/^/# /'
check "fuzz (seed $seed, $count calls): node exits 0" [ $RC = 0 ] || show_failure fuzz
check "fuzz: summary line printed (node survived every call)" \
    log_has fuzz "^ktest_fuzz: seed $seed, [0-9]* calls made, .*node survived"
check "fuzz: no kernel panic" bash -c "! grep -a -q 'KERNEL PANIC' $L/fuzz/node0.log"
