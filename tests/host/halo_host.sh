#!/bin/sh
# halo_host.sh - the halo benchmark (userland/apps/halo, seed 000 sec 4.1) on the
# host: every case (E-W, N-S, 4 directions, diagonals, all 8) at k = 60 and
# 218, with every halo cell of every exchange checked, on libmpi_mbcf's host
# backend (build/host/mbcf-hostrun) with 1, 2, 4 and 6 processes (1 and 2:
# a neighbour is oneself or the same rank on both sides) and on Debian's
# MPICH (cross-check of the program). One TAP line per case, k and run.
cd "$(dirname "$0")/../.." || exit 1
if ! make -s build/host/halo build/host/mbcf-hostrun build/host/halo_mpich >/tmp/halo_build.$$ 2>&1; then
    echo "not ok - build of the halo benchmark"
    sed 's/^/# /' /tmp/halo_build.$$ | tail -20
    rm -f /tmp/halo_build.$$
    exit 1
fi
rm -f /tmp/halo_build.$$
out=$(mktemp)
fail=0
run() {   # label, cmd...
    label=$1; shift
    timeout 200 "$@" -c all -k 60,218 -n 5 >"$out" 2>&1
    rc=$?
    sed -n "s/^\(ok\|not ok\) [0-9]* - /\1 - $label: /p" "$out"
    okc=$(grep -c '^ok ' "$out")
    if [ $rc -ne 0 ] || [ "$okc" -ne 10 ]; then
        echo "not ok - $label: exit $rc, $okc of 10 cases verified"
        grep -v '^ok ' "$out" | head -10 | sed 's/^/# /'
        fail=1
    fi
}
for n in 1 2 4 6; do
    run "libmpi_mbcf host np=$n" build/host/mbcf-hostrun -n $n -t 180 build/host/halo
done
if command -v mpirun.mpich >/dev/null; then
    for n in 4 6; do
        run "MPICH np=$n" mpirun.mpich -n $n build/host/halo_mpich
    done
fi
grep -h '^RESULT' "$out" | head -2 | sed 's/^/# /'
rm -f "$out"
exit $fail
