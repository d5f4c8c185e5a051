#!/bin/bash
# The MPI wrapper commands as a user (and autotools / CMake) uses them:
# libmpi_mbcf/wrappers/mpicc (-show, -showme:compile/link, --version, -lmpi accepted),
# CMake's FindMPI finding our mpicc, and libmpi_mbcf/wrappers/mpiexec / mpirun over the
# cluster launcher (every rank's output, --tag-output, exit status, bad input,
# --host); mpif90 and mpiexec with Fortran programs on the nodes (the
# conformance programs tests/fortran/*). Prints TAP lines.
cd "$(dirname "$0")/../.." || exit 1
L=$(mktemp -d "${TMPDIR:-/tmp}"/mpi_wrappers.XXXXXX)
trap 'rm -rf "$L"' EXIT
check() { local what=$1; shift; if "$@"; then echo "ok - $what"; else echo "not ok - $what"; return 1; fi; }
MPICC=libmpi_mbcf/wrappers/mpicc MPIEXEC=libmpi_mbcf/wrappers/mpiexec
cat >"$L/hi.c" <<'C'
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
    int r, n, s = 0, one = 1;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &r);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    MPI_Allreduce(&one, &s, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    printf("hi from rank %d of %d sum %d arg %s\n", r, n, s, argc > 1 ? argv[1] : "-");
    MPI_Finalize();
    return (argc > 2 && r == atoi(argv[2])) ? 3 : 0;
}
C
check "mpicc -show prints the compile command" bash -c "$MPICC -show -o x x.c | grep -q 'musl-gcc -static .*libmpi_mbcf.a'"
check "mpicc -showme:compile / -showme:link" bash -c "$MPICC -showme:compile | grep -q libmpi_mbcf/include && $MPICC -showme:link | grep -q libmpi_mbcf.a"
check "mpicc --version names the library" bash -c "$MPICC --version | grep -q libmpi_mbcf"
check "mpicc accepts -lmpi" $MPICC -o "$L/hi" "$L/hi.c" -lmpi
check "mpicc --host builds a host program" $MPICC --host -o "$L/hi_host" "$L/hi.c" -lmpi
if command -v cmake >/dev/null; then
    mkdir -p "$L/cm/b"
    printf 'cmake_minimum_required(VERSION 3.10)\nproject(t C)\nfind_package(MPI REQUIRED)\nadd_executable(hi %s)\ntarget_link_libraries(hi MPI::MPI_C)\n' "$L/hi.c" >"$L/cm/CMakeLists.txt"
    check "CMake FindMPI finds our mpicc and builds a static guest program" bash -c "cd '$L/cm/b' &&
        cmake -DMPI_C_COMPILER='$PWD/$MPICC' -DCMAKE_C_COMPILER=musl-gcc -DCMAKE_EXE_LINKER_FLAGS=-static .. >cmake.out 2>&1 &&
        grep -q 'Found MPI_C: .*libmpi_mbcf.a' cmake.out && make >/dev/null 2>&1 && test -x hi"
else
    echo "not ok - cmake is not installed (make deps)"
fi
$MPIEXEC -n 2 "$L/hi" x1 >"$L/plain.out" 2>&1; rc=$?
check "mpiexec -n 2: exit 0 (got $rc)" test $rc = 0
check "mpiexec -n 2: both ranks' output reaches the user" bash -c "grep -qx 'hi from rank 0 of 2 sum 2 arg x1' '$L/plain.out' && grep -qx 'hi from rank 1 of 2 sum 2 arg x1' '$L/plain.out'"
check "mpiexec: no kernel console lines in the output" bash -c "! grep -q '^cluster: ' '$L/plain.out'"
libmpi_mbcf/wrappers/mpirun -np 2 --tag-output "$L/hi" x2 1 >"$L/tag.out" 2>&1; rc=$?
check "mpirun --tag-output prefixes each rank's line" bash -c "grep -qx '\[1\] hi from rank 1 of 2 sum 2 arg x2' '$L/tag.out'"
check "a rank's exit status 3 is mpiexec's (got $rc)" test $rc = 3
$MPIEXEC "$L/hi" >"$L/non.out" 2>&1; rc=$?
check "mpiexec without -n is refused (status 2)" bash -c "test $rc = 2 && grep -q 'no rank count' '$L/non.out'"
$MPIEXEC -n 0 "$L/hi" >"$L/zero.out" 2>&1; rc=$?
check "mpiexec -n 0 is refused (status 2)" test $rc = 2
$MPIEXEC --host -n 3 "$L/hi_host" h >"$L/host.out" 2>&1; rc=$?
check "mpiexec --host runs on the host backend" bash -c "test $rc = 0 && test \$(grep -c 'sum 3 arg h' '$L/host.out') = 3"
# Fortran: built with mpif90 / mpif77 (musl + libgfortran), run by mpiexec like C programs
(cd "$L" && "$OLDPWD/libmpi_mbcf/wrappers/mpif90" -O2 -o f_conform "$OLDPWD/tests/fortran/f_conform.f90" 2>/dev/null &&
    "$OLDPWD/libmpi_mbcf/wrappers/mpif77" -O2 -o f_mpifh "$OLDPWD/tests/fortran/f_mpifh.f" 2>/dev/null)
check "mpif90 and mpif77 build the Fortran conformance programs for the nodes" test -x "$L/f_conform" -a -x "$L/f_mpifh"
$MPIEXEC -n 2 "$L/f_conform" >"$L/fc.out" 2>&1; rc=$?
check "mpiexec -n 2 f_conform (use mpi): exit 0, every check passes (got $rc)" bash -c "test $rc = 0 &&
    grep -q 'f_conform: [0-9]* checks, 0 failed' '$L/fc.out' && ! grep -q '^not ok' '$L/fc.out'"
$MPIEXEC -n 2 "$L/f_mpifh" >"$L/fh.out" 2>&1; rc=$?
check "mpiexec -n 2 f_mpifh (mpif.h, fixed form): exit 0, no failure (got $rc)" bash -c "test $rc = 0 &&
    grep -q 'f_mpifh: 0 failed' '$L/fh.out'"
