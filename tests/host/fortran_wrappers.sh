#!/bin/bash
# fortran_wrappers.sh - mpif90, mpifort and mpif77 as a user (and CMake) uses
# them: mpicc's options (-show, -showme:compile/link, --version, -lmpi), a
# `use mpi` and an mpif.h program built for the host backend and run by
# mpiexec --host, and CMake's FindMPI Fortran component finding our wrapper
# both ways (MPI_Fortran_COMPILER beside gfortran for the host backend; the
# wrapper as CMAKE_Fortran_COMPILER for a static musl guest program).
# Prints TAP lines.
cd "$(dirname "$0")/../.." || exit 1
L=$(mktemp -d "${TMPDIR:-/tmp}"/fortran_wrappers.XXXXXX)
trap 'rm -rf "$L"' EXIT
check() { local what=$1; shift; if "$@"; then echo "ok - $what"; else echo "not ok - $what"; return 1; fi; }
make --no-print-directory -s mpi-host mpi-guest build/host/mbcf-hostrun >/dev/null 2>&1 ||
    { echo "not ok - build of the MPI libraries"; exit 1; }
W=$PWD/libmpi_mbcf/wrappers
cat >"$L/hi.f90" <<'F'
program hi
  use mpi
  implicit none
  integer :: ierr, rank, nprocs, s
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs, ierr)
  call MPI_Allreduce(1, s, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
  write(*, '(a,i0,a,i0,a,i0)') 'hi from Fortran rank ', rank, ' of ', nprocs, ' sum ', s
  call MPI_Finalize(ierr)
end program hi
F
cat >"$L/hi77.f" <<'F'
      program hi77
      include 'mpif.h'
      integer ierr, rank
      call mpi_init(ierr)
      call mpi_comm_rank(MPI_COMM_WORLD, rank, ierr)
      print '(a,i0)', 'hi77 from rank ', rank
      call mpi_finalize(ierr)
      end
F
for w in mpif90 mpifort mpif77; do
    check "$w -show: gfortran with mpif.h's folder and libmpifort_mbcf.a before libmpi_mbcf.a" \
        bash -c "$W/$w -show -o x x.f90 | grep -q '^gfortran -specs .*musl-gcc.specs -static -I.*build/fortran/include .*libmpifort_mbcf.a .*libmpi_mbcf.a'"
    check "$w --version names itself and the library" bash -c "$W/$w --version | grep -q '^$w for libmpi_mbcf'"
done
check "mpif90 -showme:compile / -showme:link" bash -c "$W/mpif90 -showme:compile | grep -q build/fortran/include &&
    $W/mpif90 -showme:link | grep -q 'libmpifort_mbcf.a .*gfortran_musl.o'"
check "mpif90 --host -show links no musl pieces" bash -c "! $W/mpif90 --host -show x.f90 | grep -q 'musl'"
# guest links: libfastcopy's memcpy replaces musl's (whose memcpy.o also
# defines __memcpy_fwd); MPICC_MEMCPY=libc keeps musl's
ours_memcpy() { nm "$1" | grep -q ' T memcpy$' && ! nm "$1" | grep -q ' __memcpy_fwd$'; }
printf '#include <mpi.h>\nint main(int c, char **v) { MPI_Init(&c, &v); return MPI_Finalize(); }\n' >"$L/hic.c"
check "mpif90 (guest) links libfastcopy's memcpy" bash -c "cd '$L' && $W/mpif90 -o hig hi.f90 && $(declare -f ours_memcpy); ours_memcpy hig"
check "mpicc (guest) links libfastcopy's memcpy" bash -c "cd '$L' && $W/mpicc -o hicg hic.c && $(declare -f ours_memcpy); ours_memcpy hicg"
check "MPICC_MEMCPY=libc mpicc links musl's memcpy" bash -c "cd '$L' && MPICC_MEMCPY=libc $W/mpicc -o hicl hic.c && nm hicl | grep -q ' __memcpy_fwd$'"
check "MPICC_MEMCPY=bad is refused" bash -c "! MPICC_MEMCPY=bad $W/mpicc -show x.c 2>/dev/null"
check "mpif90 --host builds a use-mpi program (-lmpi accepted)" bash -c "cd '$L' && $W/mpif90 --host -o hi hi.f90 -lmpi"
check "mpif77 --host builds an mpif.h program" bash -c "cd '$L' && $W/mpif77 --host -o hi77 hi77.f"
out=$("$W/mpiexec" --host -n 3 "$L/hi" 2>&1)
check "mpiexec --host runs the Fortran program on 3 ranks" test "$(grep -c 'of 3 sum 3$' <<<"$out")" = 3
out=$("$W/mpiexec" --host -n 2 "$L/hi77" 2>&1)
check "mpiexec --host runs the mpif.h program" bash -c "grep -q 'hi77 from rank 1' <<<'$out'"
if command -v cmake >/dev/null; then
    mkdir -p "$L/cm/h" "$L/cm/g"
    cp "$L/hi.f90" "$L/cm/"
    cat >"$L/cm/CMakeLists.txt" <<'C'
cmake_minimum_required(VERSION 3.10)
project(t Fortran)
find_package(MPI REQUIRED COMPONENTS Fortran)
add_executable(hi hi.f90)
target_link_libraries(hi MPI::MPI_Fortran)
message(STATUS "mpi.mod found: ${MPI_Fortran_HAVE_F90_MODULE}, mpif.h found: ${MPI_Fortran_HAVE_F77_HEADER}")
C
    check "CMake FindMPI (Fortran) finds our mpif90 for the host backend and builds" bash -c "cd '$L/cm/h' &&
        MPICC_TARGET=host cmake -DMPI_Fortran_COMPILER=$W/mpif90 .. >cmake.out 2>&1 &&
        grep -q 'Found MPI_Fortran: .*libmpifort_mbcf.a' cmake.out &&
        grep -q 'mpi.mod found: TRUE, mpif.h found: TRUE' cmake.out && make >/dev/null 2>&1 && test -x hi"
    out=$("$W/mpiexec" --host -n 2 "$L/cm/h/hi" 2>&1)
    check "the CMake-built program runs under mpiexec --host" test "$(grep -c 'of 2 sum 2$' <<<"$out")" = 2
    check "CMake with FC=mpif90 builds a static musl guest program" bash -c "cd '$L/cm/g' &&
        FC=$W/mpif90 cmake .. >cmake.out 2>&1 && grep -q 'Found MPI_Fortran: .*mpif90' cmake.out &&
        make >/dev/null 2>&1 && file hi | grep -q 'statically linked'"
else
    echo "not ok - cmake is not installed (make deps)"
fi
