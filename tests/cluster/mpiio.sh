#!/bin/bash
# mpiio.sh - MPI-IO on QEMU nodes: the conformance programs tests/mpi/mpiio_*
# (in the suite executable) on 2 nodes and on 4 nodes with 3% frame loss; and
# the end-to-end file demo (userland/apps/fileio) on 4 nodes with --in/--out:
# every rank reads the input deck, writes out/rank-R.txt, and all write
# out/shared.dat and out/ordered.txt through MPI-IO (they live on rank 0's
# node, so they come back under DIR/rank0/); the host checks every byte. A
# run where rank 2 aborts after writing fails and still returns every
# rank's file.
cd "$(dirname "$0")/../.." || exit 1
. tests/cluster/mpi_suite_lib.sh
. tests/cluster/kernel_lib.sh
suite_prepare
make -s build/user/fileio >/dev/null 2>&1
PROGS="mpiio_open mpiio_rw mpiio_nb mpiio_shared mpiio_view mpiio_atomic"
suite_run "QEMU np=2" 2 300 "$PROGS" "$PROGS"
suite_run "QEMU np=4 loss 3%" 4 300 "$PROGS" "$PROGS" --loss 3

# the input deck: 3000 bytes of text lines
python3 -c 'import sys
sys.stdout.write("".join("line %04d %s\n" % (i, "abcdefghijklmnopqrstuvwxyz"[i % 26] * (i % 23)) for i in range(200))[:3000])' \
    >"$L/deck.txt"
# expect DIR RANKS: every rank's file, the shared file, the ordered log
expect() {
    python3 - "$L/deck.txt" "$1" "$2" <<'EOP'
import sys, os
deck, d, n = open(sys.argv[1], "rb").read(), sys.argv[2], int(sys.argv[3])
def s32(b):
    s = 0
    for c in b:
        s = (s * 31 + c) & 0xffffffff
    return s
bad = []
for r in range(n):
    head = b"fileio rank %d of %d: deck.txt, %d bytes, sum %08x\n" % (r, n, len(deck), s32(deck))
    p = os.path.join(d, "rank%d" % r, "rank-%d.txt" % r)
    if not os.path.exists(p) or open(p, "rb").read() != head + deck:
        bad.append(p)
if n == 4 and sys.argv[2].endswith("o1"):
    sh = b"".join(deck[r:] + deck[:r] for r in range(n))
    p = os.path.join(d, "rank0", "shared.dat")
    if not os.path.exists(p) or open(p, "rb").read() != sh:
        bad.append(p)
    lines = b"".join(b"rank %d of %d read %d bytes, sum %08x\n" % (r, n, len(deck), s32(deck)) for r in range(n))
    p = os.path.join(d, "rank0", "ordered.txt")
    if not os.path.exists(p) or open(p, "rb").read() != lines:
        bad.append(p)
for b in bad:
    print("# wrong or missing: " + b)
sys.exit(1 if bad else 0)
EOP
}
BOOT_TIMEOUT=300 boot e2e -n 4 --in "$L/deck.txt" --out "$L/o1" build/user/fileio deck.txt
check "fileio on 4 nodes with --in/--out exits 0" [ $RC = 0 ] || { show_failure e2e; fail=1; }
check "the host holds each rank's file, out/shared.dat and out/ordered.txt, byte for byte" expect "$L/o1" 4 ||
    fail=1
BOOT_TIMEOUT=300 boot abort -n 4 --in "$L/deck.txt" --out "$L/o2" build/user/fileio deck.txt --abort-rank 2
check "fileio with rank 2 aborting after its writes fails the run" [ "$RC" != 0 ] || { show_failure abort; fail=1; }
check "... and every rank's file still came back" expect "$L/o2" 4 || { show_failure abort; fail=1; }
exit $fail
