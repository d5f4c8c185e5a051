#!/bin/bash
# pcoll.sh - libmpi_mbcf's pseudo-collective mode of persistent requests
# (seed 000 sec 4.1, libmpi_mbcf/pcoll/pml_pcoll.c) on 4 QEMU nodes with the
# emulated Tofu (--tofu 2x2x1), two boots:
#   1. tests/guest/pcoll's pcolltest with MPI_MBCF_RSCHED=bl4: halo sets completed
#      by Waitall, Wait on one member, Test, Waitany, on two communicators
#      with the same tags, freed while active and completed by the next
#      Startall (all in the mode), single MPI_Start, an Ssend_init
#      member, a vector datatype and receives longer than sends (all on the
#      ordinary protocol); every element and status checked; the stats line
#      counts the mode's starts, sets and fallbacks;
#   2. userland/apps/halo, plain MPI persistent calls, E-W and all 8 directions at
#      k = 60 with the mode off and on (bl4o, TofuD): every halo cell checked
#      both ways (tests/cluster/halo.sh runs every case and scheduler);
#   3. (PCOLL_CART=0 skips it) the same halo written with MPI_Cart_create
#      (halo -C: periodic, MPI_Dims_create(8, 2) = 4x2, neighbours by
#      MPI_Cart_rank) on 8 nodes of --tofu 4x2x1 with bl4: the mode must
#      recognise the Cartesian communicator's neighbours (its numbering is
#      not the Tofu shape's) and run every exchange (pcoll_starts > 0).
# Under 60 s on an idle host (the 8-node boot: about 2 minutes more).
cd "$(dirname "$0")/../.." || exit 1
. tests/cluster/kernel_lib.sh
if [ ! -f userland/lib/libmbcf/mbcf_guest.c ]; then
    echo "not ok - guest MBCF library not available"
    exit 1
fi
if ! make -s build/user/pcolltest build/user/halo >/dev/null 2>&1; then
    echo "not ok - build of build/user/pcolltest and build/user/halo failed"
    exit 1
fi
fail=0
BOOT_TIMEOUT=200
log() { tr -d '\r' < "$L/$1/node0.log"; }

boot pc -n 4 --tofu 2x2x1 --tofu-mode tofu1 --env MPI_MBCF_RSCHED=bl4 --env MPI_MBCF_STATS=1 \
    build/user/pcolltest -m -n 3
log pc | sed -n 's/^\(ok\|not ok\) [0-9]* - /\1 - /p'
check "pcolltest: 30 checks passed, all 4 nodes exited 0" \
    test "$RC" -eq 0 -a "$(log pc | grep -c '^ok [0-9]* - pcoll')" -eq 30 || { fail=1; show_failure pc; }
# 6 sets in the mode x 3 rounds + the 1-round set after the freed one; the Ssend,
# vector and longer-receive sets fell back once each
check "stats line: pcoll_starts=19 pcoll_sets=7 pcoll_fallbacks=3 on every node" \
    test "$(for n in 0 1 2 3; do tr -d '\r' < "$L/pc/node$n.log"; done |
            grep -c 'mpi_mbcf_stats .* pcoll_starts=19 pcoll_sets=7 pcoll_fallbacks=3 ')" -eq 4 || fail=1
check "rank 0 says once per set why it fell back" \
    test "$(log pc | grep -c '^mpi_mbcf: pseudo-collective mode not used')" -eq 3 || fail=1

boot halo -n 4 --tofu 2x2x1 --tofu-mode tofud build/user/halo -c ew,all8 -k 60 -n 2 -s off,bl4o
log halo | sed -n 's/^\(ok\|not ok\) [0-9]* - /\1 - /p'
check "halo: 4 runs (E-W and all 8 directions, mode off and on) verified, all 4 nodes exited 0" \
    test "$RC" -eq 0 -a "$(log halo | grep -c '^ok [0-9]* - halo')" -eq 4 || { fail=1; show_failure halo; }
check "halo: mode off ran MPI's protocol, bl4o the pseudo-collective mode, for both cases" \
    test "$(log halo | grep -c '^RESULT halo .* sched=off .*model_us=-1.00 errors=0')" -eq 2 -a \
         "$(log halo | grep -c '^RESULT halo .* sched=bl4o .*errors=0')" -eq 2 || fail=1
if [ "${PCOLL_CART:-1}" != 0 ]; then
    BOOT_TIMEOUT=480 boot cart -n 8 --mem 256 --tofu 4x2x1 --tofu-mode tofu1 --env MPI_MBCF_STATS=1 \
        build/user/halo -C -c all8 -k 60 -n 2 -s bl4
    log cart | sed -n 's/^\(ok\|not ok\) [0-9]* - /\1 - /p'
    log cart | grep '^# halo' | head -2
    check "halo -C (MPI_Cart_create 4x2) on --tofu 4x2x1: all 8 directions verified, 8 nodes exited 0" \
        test "$RC" -eq 0 -a "$(log cart | grep -c '^ok [0-9]* - halo')" -eq 1 || { fail=1; show_failure cart; }
    starts=$(for n in 0 1 2 3 4 5 6 7; do tr -d '\r' < "$L/cart/node$n.log"; done |
             sed -n 's/.*mpi_mbcf_stats .* pcoll_starts=\([0-9]*\) .*/\1/p' | tr '\n' ' ')
    check "halo -C: bl4 took the scheduled path on every rank (pcoll_starts: $starts)" \
        test "$(log cart | grep -c '^RESULT halo .* sched=bl4 .*errors=0')" -eq 1 -a \
             "$(echo "$starts" | wc -w)" -eq 8 -a \
             "$(echo "$starts" | tr ' ' '\n' | grep -c '^[1-9]')" -eq 8 || fail=1
fi
exit $fail
