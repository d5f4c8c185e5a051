#!/bin/bash
# ult_mpi.sh - MPI from user-level threads in the guest (seed 002):
# tests/guest/ultmpitest/ult_mpi_test on 2 nodes x --cpus 2 (2 libmyth workers per
# rank + the communication thread), 64 ULTs per rank:
#   1. lossless, with --finalize-blocked: exchanges with every byte and the
#      order checked, collectives from the main ULT meanwhile, a ULT blocked
#      on a receive that never matches does not stop the others; then
#      MPI_Finalize with that ULT still blocked names it on both nodes and
#      the nodes exit 3;
#   2. --loss 3: the same exchanges and checks, then the blocked receive is
#      matched and everything exits 0.
# Two boots, about 60-90 s each on a loaded 2-core host (boot dominates).
cd "$(dirname "$0")/../.." || exit 1
# shellcheck source=tests/cluster/kernel_lib.sh
. tests/cluster/kernel_lib.sh
if ! make -s build/user/ult_mpi_test >/dev/null 2>&1 || [ ! -x build/user/ult_mpi_test ]; then
    echo "not ok - build of build/user/ult_mpi_test failed"
    exit 1
fi
oks() { grep -a -c '^ok - ' "$L/$1/node0.log"; }
notoks() { grep -a -c '^not ok - ' "$L/$1/node0.log"; }

boot blocked -n 2 --cpus 2 build/user/ult_mpi_test -u 64 -m 8 --finalize-blocked
check "64 ULTs per rank on 2 nodes x 2 CPUs: 4 checks pass (contents, order, collectives, unmatched receive)" \
    test "$(oks blocked)" -eq 4 -a "$(notoks blocked)" -eq 0 || show_failure blocked
for n in 0 1; do
    check "node $n: MPI_Finalize names the ULT still blocked in MPI_Recv" \
        log_has blocked 'MPI_Finalize: 1 thread still blocked in MPI: MPI_Recv(peer [01], tag 999999)\[ULT\]' $n
done
check "MPI_Finalize with a blocked ULT: the nodes exit non-zero (status 3)" \
    test "$RC" -ne 0 -a "$(grep -a -c 'power off, status 3' "$L/blocked/node0.log" "$L/blocked/node1.log" |
        awk -F: '{ s += $2 } END { print s }')" -eq 2 || show_failure blocked
check "MPI_Finalize did not return on either node" \
    test "$(grep -a -c 'MPI_Finalize returned' "$L/blocked/node0.log" "$L/blocked/node1.log" |
        awk -F: '{ s += $2 } END { print s }')" -eq 0

boot loss -n 2 --cpus 2 --loss 3 build/user/ult_mpi_test -u 64 -m 8
check "--loss 3: 64 ULTs per rank, 5 checks pass and both nodes exit 0" \
    test "$RC" -eq 0 -a "$(oks loss)" -eq 5 -a "$(notoks loss)" -eq 0 || show_failure loss
