#!/bin/sh
# coll_tofu.sh - host test of the Tofu-aware collectives (libmpi_mbcf/coll
# coll_bcast_tofu.c, coll_alltoall_ds.c, the tuner) against Debian's MPICH
# through tests/host/coll_shim.c: tests/host/coll_tofu.c on odd and
# non-power-of-two node shapes given as MPI_MBCF_SHAPE (2-D 3x2, 1-D prime
# 7, 3-D 2x2x2, 2 ranks per node folded into X on 2x2, no shape), TAP.
# COLL_TOFU_CASES="np:shape ..." overrides the list; COLL_TIMEOUT per run.
cd "$(dirname "$0")/../.." || exit 1
B=build/host/coll
MPIRUN=${MPIRUN:-mpirun.mpich}
T=${COLL_TIMEOUT:-300}
export COLL_TEST_QUICK=1
export MPIR_CVAR_POLLS_BEFORE_YIELD=${MPIR_CVAR_POLLS_BEFORE_YIELD:-1}
fail=0
if ! command -v "$MPIRUN" >/dev/null 2>&1; then
    echo "not ok - coll_tofu: $MPIRUN not found (apt-get install mpich)"
    exit 1
fi
mkdir -p $B
if ! make -s --no-print-directory $B/coll_tofu >$B.tofu-build.log 2>&1; then
    echo "not ok - coll_tofu: build failed (see $B.tofu-build.log)"
    cat $B.tofu-build.log >&2
    exit 1
fi
echo "ok - coll_tofu: builds with mpicc.mpich -Wall -Wextra -Werror"
for c in ${COLL_TOFU_CASES:-6:3x2 7:7 8:2x2x2 8:2x2 5:}; do
    np=${c%%:*} shape=${c#*:}
    err=$B.tofu.np$np.${shape:-none}.err
    out=$(MPI_MBCF_SHAPE=$shape timeout "$T" $MPIRUN -n "$np" $B/coll_tofu 2>"$err")
    rc=$?
    printf '%s\n' "$out" | sed -n "s/^\(ok\|not ok\) [0-9]* - /\1 - coll_tofu: /p"
    if [ $rc -ne 0 ]; then
        fail=1
        printf '%s\n' "$out" | grep -q '^not ok' ||
            echo "not ok - coll_tofu np=$np shape=$shape exited with status $rc (timeout $T s; see $err)"
    fi
done
exit $fail
