#!/bin/bash
# fs_io.sh - files in and out through the launcher (ktest_fsio): --in puts a
# file and a directory on both nodes before the program starts, in its working
# directory; --out brings back what each rank wrote under out/ to
# DIR/rank<R>/ with the launcher naming counts and sizes, byte for byte (a
# 300 KiB file spans many archive blocks); a run whose program fails (exit 3)
# still returns its output, so does one stopped at its timeout; a bad --in path is a usage error; with --ppn 2 the
# processes of a node share its tree (one out/ per node); mpiexec passes
# both options.
cd "$(dirname "$0")/../.." || exit 1
. tests/cluster/kernel_lib.sh

mkdir -p "$L/in/dir"
printf 'alpha = 1\nbeta = two\n' >"$L/in/deck.txt"
echo nested >"$L/in/dir/x"
big=300000

BOOT_TIMEOUT=300 boot ok -n 2 --mem 256 --in "$L/in/deck.txt" --in "$L/in/dir" --out "$L/o1" \
    ktest_fsio deck.txt $big
check "run with --in/--out exits 0" [ $RC = 0 ] || show_failure ok
check "input seen on node 0 (deck.txt and dir in the working directory)" \
    bash -c "grep -aq 'fsio: cwd has deck.txt' $L/ok/node0.log && grep -aq 'fsio: cwd has dir' $L/ok/node0.log"
check "input read whole on node 1" log_has ok "fsio: read 21 bytes from deck.txt" 1
for r in 0 1; do
    check "rank $r: out/result.txt came back with the input and its rank" \
        bash -c "head -c 21 $L/o1/rank$r/result.txt | cmp -s - $L/in/deck.txt && grep -q 'size 21 rank $r' $L/o1/rank$r/result.txt"
    check "rank $r: out/sub/big.bin came back, $big bytes, the pattern intact" \
        bash -c "[ \$(stat -c %s $L/o1/rank$r/sub/big.bin) = $big ] &&
                 python3 -c 'import sys; d=open(sys.argv[1],\"rb\").read(); sys.exit(any(d[i] != i*7%251 for i in range(len(d))))' $L/o1/rank$r/sub/big.bin"
    check "rank $r: the launcher reports 2 files and their bytes" out_has ok "out: rank $r: 2 file(s), $((big + 36)) bytes"
done

BOOT_TIMEOUT=300 boot fail -n 1 --mem 256 --in "$L/in/deck.txt" --out "$L/o2" ktest_fsio deck.txt 100 fail
check "a failing program (exit 3) fails the run" [ $RC = 3 ] || show_failure fail
check "... and its output still came back" \
    bash -c "grep -q 'size 21 rank 0' $L/o2/rank0/result.txt && [ \$(stat -c %s $L/o2/rank0/sub/big.bin) = 100 ]"

BOOT_TIMEOUT=25 boot hang -n 1 --mem 256 --in "$L/in/deck.txt" --out "$L/o6" ktest_fsio deck.txt 100 hang
check "a run stopped at its timeout (status 124) still returns its output" \
    bash -c "[ $RC = 124 ] && grep -q 'size 21 rank 0' $L/o6/rank0/result.txt && grep -q 'out: rank 0: 2 file' $L/hang/out" ||
    show_failure hang

boot badin -n 1 --in "$L/nope" --out "$L/o3" ktest_fsio
check "--in of a missing path is a usage error (status 2) naming it" \
    bash -c "[ $RC = 2 ] && grep -q 'no such file or directory: $L/nope' $L/badin/out"

BOOT_TIMEOUT=300 boot ppn -n 1 --ppn 2 --mem 256 --in "$L/in/deck.txt" --out "$L/o5" ktest_fsio deck.txt 5000
check "--ppn 2: both processes read the node's input and their files come back" \
    bash -c "[ $RC = 0 ] && grep -q 'size 21 rank 0' $L/o5/rank0/result-0.txt && grep -q 'size 21 rank 1' $L/o5/rank0/result-1.txt &&
             [ \$(stat -c %s $L/o5/rank0/sub/big-0.bin) = 5000 ] && [ \$(stat -c %s $L/o5/rank0/sub/big-1.bin) = 5000 ]" ||
    show_failure ppn

libmpi_mbcf/wrappers/mpiexec -n 1 --mem 256 --timeout 300 --in "$L/in/deck.txt" --out "$L/o4" build/user/ktest_fsio deck.txt 10 \
    >"$L/mpiexec.out" 2>&1
RC=$?
check "mpiexec passes --in and --out" bash -c "[ $RC = 0 ] && grep -q 'size 21 rank 0' $L/o4/rank0/result.txt" ||
    tail -n 5 "$L/mpiexec.out" | sed 's/^/# /'
