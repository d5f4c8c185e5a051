#!/bin/bash
# kernel_programs.sh - musl programs on our kernel: libc/libm/malloc/mmap
# (ktest_libc), system call edge cases (ktest_sys: ENOSYS, EFAULT for bad
# pointers, ...), arguments, environment and exit status propagation
# (ktest_exit 3 makes the launcher fail naming node and status).
cd "$(dirname "$0")/../.." || exit 1
. tests/cluster/kernel_lib.sh

log_lacks() { ! grep -a -q -E -- "$2" "$L/$1/node0.log"; }

for prog in ktest_libc ktest_sys; do
    boot $prog -n 1 $prog
    grep -a -E '^(ok|not ok) [0-9]+ - ' "$L/$prog/node0.log" | sed -E "s/^(ok|not ok) [0-9]+ - /\1 - $prog: /"
    n=$(grep -a -c -E '^ok [0-9]+ - ' "$L/$prog/node0.log")
    check "$prog exits 0 ($n checks passed in the guest)" [ $RC = 0 -a "$n" -ge 10 ] || show_failure $prog
done
check "unknown system calls 999 and -1 are named once each on the console" \
    [ "$(grep -a -c 'unsupported system call 999 ' "$L/ktest_sys/node0.log")" = 1 -a \
      "$(grep -a -c 'unsupported system call -1 ' "$L/ktest_sys/node0.log")" = 1 ]

check "answered calls (fstat, newfstatat, readlink, open, rseq, clone3) are not reported on the console" \
    log_lacks ktest_sys 'unsupported system call (2|4|5|89|257|262|267|334|435) '

boot glibc -n 1 ktest_glibc
check "a static glibc program exits 0" [ $RC = 0 ] || show_failure glibc
check "glibc stdout is line-buffered: the printf line precedes the later write(2)" \
    [ "$(grep -a -o 'ktest_glibc: [a-z]*' "$L/glibc/node0.log" | tr '\n' ' ')" = "ktest_glibc: first ktest_glibc: second " ]
check "the glibc program's start-up calls are all answered (nothing reported)" \
    log_lacks glibc 'unsupported system call'

boot exit3 -n 2 --env GREETING=hello --env EMPTY= ktest_exit 3 "two words"
check "a program exiting 3 makes the launcher fail with status 3" [ $RC = 3 ] || show_failure exit3
check "the launcher names the node and the status" out_has exit3 "node [01] failed: status 3"
check "argv reaches the program (argv[2] with a space)" log_has exit3 "argv\[2\]=two words"
check "argv[0] is the program name" log_has exit3 "argv\[0\]=ktest_exit"
check "environment reaches the program" log_has exit3 "env GREETING=hello"
check "exit status line on the console" log_has exit3 "cluster: power off, status 3"
check "no stray processes after a failed run" no_strays exit3
