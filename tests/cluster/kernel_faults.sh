#!/bin/bash
# kernel_faults.sh - failures are contained and reported: a NULL dereference
# kills the program with a one-line message and a non-zero node status; a
# malformed executable is refused with a message; a kernel fault (test hook)
# prints the panic report with a backtrace; the launcher's timeout and
# Ctrl-C stop everything it started.
cd "$(dirname "$0")/../.." || exit 1
. tests/cluster/kernel_lib.sh

boot null -n 1 ktest_fault null
check "NULL dereference: launcher fails" [ $RC != 0 ] || show_failure null
check "NULL dereference: one-line kill message with address, rip and kind" \
    log_has null "program killed: page fault (read, not mapped) at address 0, rip 4"
check "NULL dereference: node status 139 (SIGSEGV) reported" out_has null "node 0 failed: status 139"
check "kernel survived (powered off cleanly, no panic)" bash -c "! grep -a -q 'KERNEL PANIC' $L/null/node0.log"

boot kpanic -n 1 --fw-cfg test_kernel_fault=n demo
check "kernel fault: panic report with vector, error code, rip and cr2" \
    bash -c "grep -a -q 'KERNEL PANIC: page fault, vector 14, error 2' $L/kpanic/node0.log && grep -a -q 'cr2 8 ' $L/kpanic/node0.log"
check "kernel fault: frame-pointer backtrace with at least 2 frames" \
    bash -c "grep -a 'backtrace:' $L/kpanic/node0.log | grep -a -q -E '(\(\+[0-9a-f]+\).*){2}'"
check "kernel fault: node status 255 reported" out_has kpanic "node 0 failed: status 255"

for _ in 1 2 3 4 5 6 7 8; do echo "this text file is not an ELF executable"; done > "$L/notelf"
boot badelf -n 1 "$L/notelf"
check "malformed executable: refused with a message" log_has badelf "cannot run notelf: not an ELF file"
check "malformed executable: status 126 reported" out_has badelf "node 0 failed: status 126"
# A truncated copy of a real program: headers promise more than the file has.
head -c 3000 build/user/demo > "$L/truncated"
boot trunc -n 1 "$L/truncated"
check "truncated executable: refused (segment outside the file)" log_has trunc "cannot run truncated: segment data outside the file"

# A dynamically linked host program (has PT_INTERP).
boot dyn -n 1 /bin/true
check "dynamically linked executable: refused with a message" log_has dyn "cannot run true: dynamically linked"

BOOT_TIMEOUT=20 boot hang -n 2 ktest_fault hang
check "timeout: launcher exits 124" [ $RC = 124 ] || show_failure hang
check "timeout: reported with the nodes still running" out_has hang "TIMEOUT after 20 s"
check "timeout: no stray processes" no_strays hang

# Ctrl-C as a terminal sends it: SIGINT to the launcher's whole process group
# (job control gives the background launcher its own group).
mkdir -p "$L/int"
set -m
scripts/qemu/cluster --quiet --timeout 300 --log-dir "$L/int" -n 2 ktest_fault hang >"$L/int/out" 2>&1 &
pid=$!
set +m
for _ in $(seq 1 150); do grep -a -q 'about to fault' "$L/int/node1.log" 2>/dev/null && break; sleep 0.2; done
kill -INT -- -$pid
wait $pid
RC=$?
check "Ctrl-C: launcher stops (status 130)" [ $RC = 130 ] || show_failure int
check "Ctrl-C: no stray processes" no_strays int
