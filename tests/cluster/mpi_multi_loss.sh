#!/bin/bash
# mpi_multi_loss.sh - messages a little longer than one FIFO entry up to and
# past the multi-entry eager limit, turned on (MPI_MBCF_EAGER_MULTI=16384;
# tests/mpi/p2p_multi.c: 1337 B - 16385 B,
# eager completion before the receive is posted, osu_bw windows of 64,
# probes) on 2 QEMU nodes behind wirefilter with 3% frame loss: the pieces
# of a message and the remote write with its notice's tail arrive whole and
# in order although frames are lost and resent.
cd "$(dirname "$0")/../.." || exit 1
. tests/cluster/kernel_lib.sh
PROG=build/mpi-tests/guest/p2p_multi
make -s "$PROG" >/dev/null 2>&1
if [ ! -x "$PROG" ]; then
    echo "not ok - build of $PROG"
    exit 1
fi
T0=$SECONDS
BOOT_TIMEOUT=300 boot multi -n 2 --loss 3 --env MPI_MBCF_EAGER_MULTI=16384 "$PROG"
T=$((SECONDS - T0))
okc=$(grep -a -c '^ok [0-9]* - np=2' "$L/multi/node0.log")
bad=$(grep -a -c '^not ok' "$L/multi/node0.log")
echo "# load average $(cut -d' ' -f1-3 /proc/loadavg), boot and run $T s"
check "multi-entry and tail-in-notice messages, 2 nodes, 3% loss: $okc checks, $bad failed (exit $RC)" \
    test "$RC" -eq 0 -a "$okc" -ge 50 -a "$bad" -eq 0 || {
    show_failure multi
    grep -a 'not ok' "$L/multi/node0.log" | head -5 | sed 's/^/# /'
}
