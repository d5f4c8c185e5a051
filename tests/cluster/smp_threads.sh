#!/bin/bash
# smp_threads.sh - threads and CPUs of a node: on --cpus 2 a musl
# pthread program creates and joins 1000 threads in batches, counts under a
# contended mutex and in condition-variable turns with exact totals, checks
# thread-local storage and pins a thread to each CPU (sched_getcpu); a thread
# that faults kills its process with the one-line message; exit_group ends
# threads running on the other CPU, blocked and asleep; bad clone flags get
# -EINVAL (named on the console), a futex on a bad address -EFAULT; --fw-cfg
# ppn=3 runs three processes, the node's status is the first non-zero one; the
# launcher refuses --cpus 0 and --cpus 65.
cd "$(dirname "$0")/../.." || exit 1
. tests/cluster/kernel_lib.sh
BOOT_TIMEOUT=${BOOT_TIMEOUT:-120}

boot all -n 1 --cpus 2 smpthreads all
check "cpus 2: smpthreads exits 0" [ $RC = 0 ] || show_failure all
check "cpus 2: the kernel started 2 CPUs" log_has all "cluster: 2 CPUs running"
check "cpus 2: 1000 threads created and joined" log_has all "ok - 1000 threads created and joined"
check "cpus 2: TLS of the main thread untouched" log_has all "ok - main thread's TLS untouched"
check "cpus 2: mutex counter exact (160000)" log_has all "ok - mutex counter: 160000 of 160000"
check "cpus 2: condition-variable turns exact (3200)" log_has all "ok - condition-variable turns in order: 3200 of 3200"
check "cpus 2: thread pinned to CPU 0 reports CPU 0" log_has all "ok - thread pinned to CPU 0 runs there"
check "cpus 2: thread pinned to CPU 1 reports CPU 1" log_has all "ok - thread pinned to CPU 1 runs there"
check "cpus 2: no FAIL line, no panic" bash -c "! grep -a -q -E 'FAIL|KERNEL PANIC' $L/all/node0.log"
# bad input, in the same boot
check "clone with CLONE_NEWNS -> EINVAL" log_has all "ok - clone with CLONE_NEWNS -> EINVAL"
check "clone's refused flag named on the console" log_has all "clone: unsupported flag CLONE_NEWNS (20000) -> EINVAL"
check "clone as fork -> EINVAL" log_has all "ok - clone as fork -> EINVAL"
check "futex on a bad address -> EFAULT" log_has all "ok - futex wait on address 0x10 -> EFAULT"
check "futex on an unmapped page -> EFAULT" log_has all "ok - futex wake on an unmapped address -> EFAULT"
check "futex timeout -> ETIMEDOUT" log_has all "ok - futex wait with a 20 ms timeout -> ETIMEDOUT"

boot fault -n 1 --cpus 2 smpthreads fault
check "faulting thread: node status 139 (SIGSEGV)" out_has fault "node 0 failed: status 139"
check "faulting thread: one-line kill message" log_has fault "program killed: page fault (read, not mapped) at address 0"
check "faulting thread: the process ended (no line after the fault)" \
    bash -c "! grep -a -q 'still running after the thread faulted' $L/fault/node0.log"
check "faulting thread: the kernel survived" bash -c "! grep -a -q 'KERNEL PANIC' $L/fault/node0.log"

boot exitg -n 1 --cpus 2 smpthreads exitgroup
check "exit(5) with threads spinning on CPU 1, blocked on a futex, asleep: node status 5" \
    out_has exitg "node 0 failed: status 5"
check "exit_group: the threads started before the exit" log_has exitg "3 threads running, blocked, asleep: exit(5)"


boot ppn -n 1 --cpus 2 --fw-cfg ppn=3 smpthreads ppn 7
check "ppn 3: three processes with pids 1, 2, 3" \
    bash -c "for p in 1 2 3; do grep -a -q \"process pid \$p on node 0\" $L/ppn/node0.log || exit 1; done"
check "ppn 3: node status is the first non-zero exit status (7)" out_has ppn "node 0 failed: status 7"

for c in 0 65; do
    boot "cpus$c" -n 1 --cpus $c smpthreads
    check "launcher refuses --cpus $c (status 2, message)" \
        bash -c "[ $RC = 2 ] && grep -q -- '--cpus wants 1..64 vCPUs per node' $L/cpus$c/out"
done
