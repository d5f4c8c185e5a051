#!/bin/bash
# npb_official_host.sh - NASA's official NPB 3.4 MPI programs, unchanged,
# built with our mpif90/mpicc for the host backend, verify at class S under
# build/host/mbcf-hostrun: CG EP FT IS LU MG on 2 ranks, BT and SP on 4; and
# the Fortran conformance programs (tests/fortran) pass on ours (host
# backend) and on Debian's MPICH (mpif90.mpich), which checks the tests.
cd "$(dirname "$0")/../.." || exit 1
make --no-print-directory -s mpi-host build/host/mbcf-hostrun >/dev/null 2>&1 ||
    { echo "not ok - build of the host MPI library"; exit 1; }
if scripts/npb_official/build hostmbcf S >/dev/null; then
    echo "ok - the official NPB 3.4 programs build with mpif90 --host and mpicc --host"
    for b in cg ep ft is lu mg bt sp; do
        n=2
        [[ $b =~ ^(bt|sp)$ ]] && n=4
        out=$(build/host/mbcf-hostrun -n $n -t 300 "build/npb-official/hostmbcf/bin/$b.S.x" 2>&1)
        rc=$?
        if [ $rc = 0 ] && grep -q '^ *Verification *= *SUCCESSFUL' <<<"$out"; then
            echo "ok - official $b.S verifies on $n ranks (host backend)"
        else
            echo "not ok - official $b.S verifies on $n ranks (host backend, status $rc)"
            tail -n 3 <<<"$out" | sed 's/^/# /'
        fi
    done
else
    echo "not ok - the official NPB 3.4 programs build with mpif90 --host and mpicc --host"
fi
# Fortran conformance: ours and MPICH
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for p in f_conform.f90 f_mpifh.f; do
    name=${p%.*}
    for n in 2 4; do
        if ! (cd "$tmp" && "$OLDPWD/libmpi_mbcf/wrappers/mpif90" --host -O2 -o "$name" "$OLDPWD/tests/fortran/$p" 2>/dev/null); then
            echo "not ok - $p builds with mpif90 --host"; break
        fi
        out=$(build/host/mbcf-hostrun -n $n -t 120 "$tmp/$name" 2>&1)
        if [ $? = 0 ] && grep -q ' 0 failed$' <<<"$out" && ! grep -q '^not ok' <<<"$out"; then
            echo "ok - $name passes on $n ranks (ours, host backend; $(grep -c '^ok' <<<"$out") checks shown)"
        else
            echo "not ok - $name passes on $n ranks (ours, host backend)"
            grep -E '^not ok|failed' <<<"$out" | head -5 | sed 's/^/# /'
        fi
    done
    if command -v mpif90.mpich >/dev/null; then
        if (cd "$tmp" && mpif90.mpich -fallow-argument-mismatch -O2 -o "$name.mpich" "$OLDPWD/tests/fortran/$p" 2>/dev/null) &&
           out=$(timeout 120 mpiexec.mpich -n 2 "$tmp/$name.mpich" 2>&1) && grep -q ' 0 failed$' <<<"$out"; then
            echo "ok - $name passes on Debian MPICH (mpif90.mpich, 2 ranks)"
        else
            echo "not ok - $name passes on Debian MPICH (mpif90.mpich, 2 ranks)"
            grep -E '^not ok|failed' <<<"$out" | head -5 | sed 's/^/# /'
        fi
    fi
done
