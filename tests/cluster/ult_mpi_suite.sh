#!/bin/bash
# ult_mpi_suite.sh - the MPI conformance suite (tests/mpi, collectives
# included) with each program run in its own libmyth ULT over
# MPI_THREAD_MULTIPLE (every offloaded call goes through the communication
# thread, docs/ult.md), on 2 nodes x --cpus 2: every check passes and there
# are as many as the host runs of the plain suite on 2 ranks. One boot,
# about 40-60 s.
cd "$(dirname "$0")/../.." || exit 1
# shellcheck source=tests/cluster/kernel_lib.sh
. tests/cluster/kernel_lib.sh
if ! make -s build/mpi-tests/guest/mpi_suite_ult build/mpi-tests/host/mpi_suite build/host/mbcf-hostrun \
        >/dev/null 2>&1; then
    echo "not ok - build of mpi_suite_ult"
    exit 1
fi
want=$(timeout 200 build/host/mbcf-hostrun -n 2 -t 180 build/mpi-tests/host/mpi_suite 2>&1 | grep -c '^ok')
boot suite -n 2 --cpus 2 build/mpi-tests/guest/mpi_suite_ult
got=$(tr -d '\r' < "$L/suite/node0.log" | grep -a -c '^ok')
bad=$(tr -d '\r' < "$L/suite/node0.log" | grep -a -c '^not ok')
check "conformance suite from ULTs on 2 nodes x 2 CPUs: $got checks pass, $bad fail (host plain suite: $want)" \
    test "$RC" -eq 0 -a "$bad" -eq 0 -a "$got" -eq "$want" -a "$want" -gt 300 || show_failure suite
