#!/bin/bash
# kernel_mem.sh - the memory system calls against hostile use (ktest_mem, issue
# 11): mremap with old length 0 must not panic, munmap/mmap/mprotect over 64 TiB
# return within 1 s of guest time, no page-table leaks (free pages equal after
# mmap/munmap loops and after failed mmap/brk), plain mmap never overlaps a
# MAP_FIXED mapping. 256 MiB nodes keep the out-of-memory cases short; a 1 GiB
# node asked for 16 GiB answers ENOMEM up front (ktest_mem toobig).
cd "$(dirname "$0")/../.." || exit 1
. tests/cluster/kernel_lib.sh

BOOT_TIMEOUT=300 boot mem -n 1 --mem 256 ktest_mem
grep -a -E '^(ok|not ok) [0-9]+ - ' "$L/mem/node0.log" | sed -E "s/^(ok|not ok) [0-9]+ - /\1 - ktest_mem: /"
grep -a '^# ' "$L/mem/node0.log"
n=$(grep -a -c -E '^ok [0-9]+ - ' "$L/mem/node0.log")
check "ktest_mem exits 0 ($n checks passed in the guest)" [ $RC = 0 -a "$n" -ge 20 ] || show_failure mem
check "kernel survived (no panic)" bash -c "! grep -a -q 'KERNEL PANIC' $L/mem/node0.log"

# A 1 GiB node asked for 16 GiB (MAP_FIXED_NOREPLACE, MAP_FIXED, plain, mremap):
# ENOMEM up front, in well under a second, memory whole afterwards.
BOOT_TIMEOUT=300 boot toobig -n 1 --mem 1024 ktest_mem toobig
grep -a -E '^(ok|not ok) [0-9]+ - ' "$L/toobig/node0.log" | sed -E "s/^(ok|not ok) [0-9]+ - /\1 - ktest_mem toobig: /"
grep -a '^# ' "$L/toobig/node0.log"
check "ktest_mem toobig exits 0" [ "$RC" = 0 ] || show_failure toobig
