#!/bin/bash
# mpi_bibw.sh - the bidirectional bandwidth pattern of OSU's osu_bibw
# (tests/mpi/p2p_bibw.c: windows of 64 MPI_Irecv + 64 MPI_Isend each way at
# once, every message checked) on 2 QEMU nodes under perturbation: busy
# loops compete with the emulators for the host's cores, so a receiver
# falls behind, its 32 KiB message FIFO fills while send-requests of the
# other direction are in flight, and MBCF holds the next append (and every
# frame behind it) until the receiver drains. Sizes 256 B - 1 KiB cross
# MPI_MBCF_SREQ_MIN (257 B), where receives start issuing send-requests;
# 100 windows each.
# Passes when both ranks report every size in order and the program (from
# the kernel's "program start" to its exit, boot excluded: OVMF alone takes
# minutes on a loaded host) ran at most BIBW_BOUND s; a stall runs into the
# launcher's BIBW_TIMEOUT. The slowest window of 64+64 messages is shown:
# one caught behind a held FIFO-full append waits for MBCF's 2 s FIFO-full
# timeout, but on a host loaded to 30 a window also takes 2 s without one.
cd "$(dirname "$0")/../.." || exit 1
. tests/cluster/kernel_lib.sh
BIBW_TIMEOUT=${BIBW_TIMEOUT:-400}
BIBW_BOUND=${BIBW_BOUND:-90}
BUSY=${BIBW_BUSY:-2}              # competing busy loops on the host
PROG=${BIBW_PROG:-build/mpi-tests/guest/p2p_bibw}
make -s "$PROG" >/dev/null 2>&1
if [ ! -x "$PROG" ]; then
    echo "not ok - build of $PROG"
    exit 1
fi
PIDS=()
for ((i = 0; i < BUSY; i++)); do
    timeout $((BIBW_TIMEOUT + 30)) sh -c 'while :; do :; done' &
    PIDS+=($!)
done
T0=$SECONDS
BOOT_TIMEOUT=$BIBW_TIMEOUT boot bibw -n 2 "$PROG" 1024 100 64 256
T=$((SECONDS - T0))
for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null; done
wait 2>/dev/null
okc=$(grep -a -c '^ok [0-9]* - np=2 rank [01]: bibw' "$L/bibw/node0.log")
# the program's own time on node 0, from the kernel's time stamps (ms)
t0=$(tr -d '\r' < "$L/bibw/node0.log" | sed -n 's/^cluster: t=\([0-9]*\) ms program start.*/\1/p' | head -1)
t1=$(tr -d '\r' < "$L/bibw/node0.log" | sed -n 's/^mbcf: t=\([0-9]*\) ms leaving.*/\1/p' | head -1)
PT=-1
# the slowest window of any size on either rank
SW=$(grep -a '^ok [0-9]* - np=2 rank [01]: bibw' "$L/bibw/node0.log" |
     sed -n 's/.*slowest window \([0-9.]*\) s.*/\1/p' | sort -g | tail -1)
SW=${SW:-99}
[ -n "$t0" ] && [ -n "$t1" ] && PT=$(((t1 - t0) / 1000))
bad=$(grep -a -c '^not ok' "$L/bibw/node0.log")
echo "# load average $(cut -d' ' -f1-3 /proc/loadavg), $BUSY busy loops, boot and run $T s"
check "osu_bibw pattern, 2 nodes, 256 B - 1 KiB x 64 x 100 each way, $BUSY busy loops: program ran ${PT} s (bound $BIBW_BOUND), slowest window $SW s (exit $RC, $okc of 6 sizes in order, $bad wrong)" \
    test "$RC" -eq 0 -a "$okc" -eq 6 -a "$bad" -eq 0 -a "$PT" -ge 0 -a "$PT" -le "$BIBW_BOUND" || {
    show_failure bibw
    grep -a 'STALL\|not ok\|took' "$L/bibw/node0.log" "$L/bibw/node1.log" | head -5 | sed 's/^/# /'
}
