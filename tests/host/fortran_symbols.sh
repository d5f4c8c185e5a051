#!/bin/bash
# fortran_symbols.sh - every function an mpif.h program can call links: each
# MPI_ function mpi.h declares, except the C-only ones (handle conversions
# *_f2c/*_c2f, MPI_Status_f2c/c2f and the MPI-4.0 f08 status conversions,
# MPI_T_*: MPI-3.1 sec 14.3, 17.2), has its
# gfortran symbol (lowercase, one underscore) in libmpifort_mbcf.a; the ones
# without a Fortran form here are listed in docs/fortran.md and return
# MPI_ERR_UNSUPPORTED_OPERATION in IERROR (checked by calling one).
cd "$(dirname "$0")/../.." || exit 1
make --no-print-directory -s mpi-host build/host/mbcf-hostrun >/dev/null 2>&1 ||
    { echo "not ok - build of the host MPI library"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
sed -n 's/^\(int\|double\|MPI_Aint\) \(MPI_[A-Za-z0-9_]*\)(.*/\2/p' libmpi_mbcf/include/mpi.h |
    grep -Ev '^MPI_T_|_(f2c|c2f|f082c|c2f08|f2f08|f082f)$' | tr 'A-Z' 'a-z' | sed 's/$/_/' | sort -u >"$tmp/want"
nm build/lib/host/libmpifort_mbcf.a | awk '$2 == "T" { print $3 }' | sort -u >"$tmp/have"
missing=$(comm -23 "$tmp/want" "$tmp/have" | head -5 | tr '\n' ' ')
n=$(wc -l <"$tmp/want")
if [ "$n" -gt 300 ] && [ -z "$missing" ]; then
    echo "ok - all $n Fortran-callable MPI functions of mpi.h have a gfortran symbol"
else
    echo "not ok - Fortran symbols missing for: $missing(of $n)"
fi
listed=$(sed -n '/have no Fortran form/,/^## /s/^- `\(MPI_[A-Za-z_]*\)`$/\1/p' docs/fortran.md | sort)
if [ -n "$listed" ] && [ "$listed" = "$(sort build/fortran/gen/fortran_unsupported.txt)" ]; then
    echo "ok - docs/fortran.md lists the $(wc -l <build/fortran/gen/fortran_unsupported.txt) functions without a Fortran form"
else
    echo "not ok - docs/fortran.md's list differs from build/fortran/gen/fortran_unsupported.txt"
fi
cat >"$tmp/u.f90" <<'F'
program u
  use mpi
  implicit none
  integer :: ierr
  character(len=MPI_MAX_PORT_NAME) :: port
  call MPI_Init(ierr)
  call MPI_Open_port(MPI_INFO_NULL, port, ierr)
  if (ierr == MPI_ERR_UNSUPPORTED_OPERATION) print '(a)', 'unsupported as in C'
  call MPI_Finalize(ierr)
end program u
F
if (cd "$tmp" && "$OLDPWD/libmpi_mbcf/wrappers/mpif90" --host -o u u.f90 2>/dev/null) &&
   build/host/mbcf-hostrun -n 1 -t 60 "$tmp/u" 2>&1 | grep -q 'unsupported as in C'; then
    echo "ok - MPI_OPEN_PORT from Fortran links and returns MPI_ERR_UNSUPPORTED_OPERATION in IERROR"
else
    echo "not ok - MPI_OPEN_PORT from Fortran links and returns MPI_ERR_UNSUPPORTED_OPERATION in IERROR"
fi
