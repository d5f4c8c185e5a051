#!/bin/sh
# test_mpi_host.sh - MPI conformance programs (tests/mpi/*.c, not coll_*) on
# the host: with Debian's MPICH (mpirun.mpich, validates the tests) and with
# libmpi_mbcf over the host MBCF backend (build/host/mbcf-hostrun), each on
# 1-4 processes; plus our library with MPI_MBCF_EAGER=0 (every message without
# a send-request goes rendezvous) and with MPI_MBCF_SREQ_MIN=0 (every receive
# with a source sends a send-request). One TAP line per program x size x library.
cd "$(dirname "$0")/../.." || exit 1
if ! make -s mpi-host mpi-mpich build/host/mpibench >/tmp/mpi_host_build.$$ 2>&1; then
    echo "not ok - build of MPI conformance programs"
    sed 's/^/# /' /tmp/mpi_host_build.$$ | tail -20
    rm -f /tmp/mpi_host_build.$$
    exit 1
fi
rm -f /tmp/mpi_host_build.$$
progs=$(ls tests/mpi/*.c | sed 's|.*/||; s|\.c$||' | grep -v '^coll_' | grep -v '^tap$' | grep -v '^suite$')
fail=0
out=$(mktemp)

run_one() {   # label, cmd...
    label=$1; shift
    timeout 180 "$@" >"$out" 2>&1
    rc=$?
    okc=$(grep -c '^ok ' "$out")
    bad=$(grep -c '^not ok' "$out")
    if [ $rc -eq 0 ] && [ "$bad" -eq 0 ] && [ "$okc" -gt 0 ]; then
        echo "ok - $label ($okc checks)"
    else
        echo "not ok - $label (exit $rc, $okc ok, $bad not ok)"
        grep -v '^ok ' "$out" | head -15 | sed 's/^/# /'
        fail=1
    fi
}

for p in $progs; do
    for n in 1 2 3 4; do
        # MPICH's processes poll: more of them than the host's cores make
        # many_objects' 500 collective window allocations take 60-80 s per
        # run on 2 cores; its validation on 1 and 2 processes is enough
        if command -v mpirun.mpich >/dev/null &&
            { [ "$p" != many_objects ] || [ "$n" -le "$(nproc)" ]; }; then
            run_one "MPICH np=$n $p" mpirun.mpich -n $n build/mpi-tests/mpich/$p
        fi
        run_one "libmpi_mbcf host np=$n $p" build/host/mbcf-hostrun -n $n -t 150 build/mpi-tests/host/$p
    done
done
for p in p2p_order p2p_sizes p2p_probe mprobe p2p_fastpath; do
    MPI_MBCF_EAGER=0 run_one "libmpi_mbcf host np=2 eager=0 $p" \
        env MPI_MBCF_EAGER=0 build/host/mbcf-hostrun -n 2 -t 150 build/mpi-tests/host/$p
done
# every receive with a source sends a send-request, also the small ones that
# by default take their messages eager (MPI_MBCF_SREQ_MIN, params.c): the
# matched-send path (W_REQ, inline W_DONE) for every size
for p in p2p_order p2p_sizes p2p_probe p2p_fastpath p2p_basic; do
    run_one "libmpi_mbcf host np=2 sreq_min=0 $p" \
        env MPI_MBCF_SREQ_MIN=0 build/host/mbcf-hostrun -n 2 -t 150 build/mpi-tests/host/$p
done
# multi-entry eager messages (MPI_MBCF_EAGER_MULTI, default 4096; the
# default runs above): set to 16384, sends up to 16 KiB complete before
# their receive is posted, pieces gathered in order
for n in 2 3; do
    run_one "libmpi_mbcf host np=$n eager_multi=16384 p2p_multi" \
        env MPI_MBCF_EAGER_MULTI=16384 build/host/mbcf-hostrun -n $n -t 150 build/mpi-tests/host/p2p_multi
done
# by default receives of at most the multi-entry limit ask for no
# send-request (MPI_MBCF_SREQ_MIN follows MPI_MBCF_EAGER_MULTI, params.c):
# osu_bw's window of pre-posted receives of 1-4 KiB, every message eager
MPI_MBCF_STATS=1 timeout 120 build/host/mbcf-hostrun -n 2 -t 100 build/host/mpibench osubwmid 4096 >"$out" 2>&1
st=$(grep -a '^mpi_mbcf_stats ' "$out")
if [ "$(echo "$st" | grep -c ' send_requests=0 ')" = 2 ] && echo "$st" | grep -q '^mpi_mbcf_stats rank=0 .* bytes_remote_write=0 '; then
    echo "ok - osu_bw window of 1-4 KiB: no send-request, no remote write by default"
else
    echo "not ok - osu_bw window of 1-4 KiB: no send-request, no remote write by default"
    echo "$st" | sed 's/^/# /'; fail=1
fi
# non-blocking broadcasts over each tree the blocking Bcast can choose
# (mpi_nbc_tree.c): forced, 8-byte segments, the decision line must name it
for a in linear chain pipeline bintree; do
    run_one "libmpi_mbcf host np=3 nbc, Ibcast tree $a" \
        env MPI_MBCF_COLL_BCAST=$a MPI_MBCF_COLL_BCAST_SEGSIZE=8 MPI_MBCF_COLL_VERBOSE=1 \
        build/host/mbcf-hostrun -n 3 -t 150 build/mpi-tests/host/nbc
    if grep -q "on 3 ranks.* -> $a seg" "$out"; then echo "ok - Ibcast on 3 ranks took the $a tree"
    else echo "not ok - Ibcast on 3 ranks took the $a tree (no decision line)"; fail=1; fi
done
# Iallreduce follows the blocking choice: recursive doubling by default for
# these sizes (5 and 6 ranks: the fold of the ranks beyond 2^k), reduce+bcast
# when forced
for n in 5 6; do
    run_one "libmpi_mbcf host np=$n nbc (Iallreduce by recursive doubling)" \
        build/host/mbcf-hostrun -n $n -t 150 build/mpi-tests/host/nbc
done
run_one "libmpi_mbcf host np=3 nbc, Iallreduce as reduce+bcast" \
    env MPI_MBCF_COLL_ALLREDUCE=reduce_bcast build/host/mbcf-hostrun -n 3 -t 150 build/mpi-tests/host/nbc
# the counters line of MPI_MBCF_STATS=1, one per rank, in the documented format
MPI_MBCF_STATS=1 build/host/mbcf-hostrun -n 2 build/mpi-tests/host/p2p_sizes >"$out" 2>&1
lines=$(grep -cE '^mpi_mbcf_stats rank=[0-9]+ msgs_sent=[0-9]+ bytes_sent=[0-9]+ bytes_remote_write=[0-9]+ bytes_fifo=[0-9]+ send_requests=[0-9]+ rejected_requests=[0-9]+ pcoll_starts=[0-9]+ pcoll_sets=[0-9]+ pcoll_fallbacks=[0-9]+ elapsed_s=[0-9.]+$' "$out")
if [ "$lines" -eq 2 ]; then echo "ok - MPI_MBCF_STATS=1 prints one stats line per rank"
else echo "not ok - MPI_MBCF_STATS=1 prints one stats line per rank (got $lines)"; fail=1; fi
grep '^mpi_mbcf_stats' "$out" | sed 's/^/# /'
# windows of 64 MPI_Isend (OSU osu_bw) across the inline, eager and frame
# limits: more eager bytes than the peer's 64 KiB message ring holds at once
# (btl_chan.c: a channel posts at most a ring's worth unacknowledged)
timeout 120 build/host/mbcf-hostrun -n 2 -t 100 build/host/mpibench osubw 4096 >"$out" 2>&1
rc=$? sizes=$(grep -c '^mpibench osubw size=' "$out")
if [ $rc -eq 0 ] && [ "$sizes" -eq 20 ]; then echo "ok - osu_bw windows of 64 Isends, 1 B-4 KiB, complete on 2 host ranks"
else echo "not ok - osu_bw windows of 64 Isends (exit $rc, $sizes of 20 sizes)"; tail -5 "$out" | sed 's/^/# /'; fail=1; fi
# a failing rank makes the launcher fail, MPI_Abort stops everyone
cat > /tmp/mpi_abort_$$.c <<'EOC'
#include <mpi.h>
#include <unistd.h>
int main(int argc, char **argv) {
    int r; MPI_Init(&argc, &argv); MPI_Comm_rank(MPI_COMM_WORLD, &r);
    if (r == 1) MPI_Abort(MPI_COMM_WORLD, 7);
    for (;;) { int f; MPI_Iprobe(MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &f, MPI_STATUS_IGNORE); usleep(1000); }
}
EOC
gcc -Ilibmpi_mbcf/include -o /tmp/mpi_abort_$$ /tmp/mpi_abort_$$.c build/lib/host/libmpi_mbcf.a build/lib/host/libmbcf.a -lm
timeout 30 build/host/mbcf-hostrun -n 3 /tmp/mpi_abort_$$ >/dev/null 2>&1
rc=$?
if [ $rc -ne 0 ] && [ $rc -ne 124 ]; then echo "ok - MPI_Abort on one rank stops all ranks, launcher fails (status $rc)"
else echo "not ok - MPI_Abort on one rank stops all ranks (status $rc)"; fail=1; fi
rm -f /tmp/mpi_abort_$$ /tmp/mpi_abort_$$.c "$out"
exit $fail
