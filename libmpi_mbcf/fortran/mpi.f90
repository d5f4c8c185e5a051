! mpi.f90 - the `use mpi` module of libmpi_mbcf (MPI-3.1 sec 17.1.3): the
! constants, sentinels and function types of mpif.h. Subroutines are
! external (implicit interfaces, like mpif.h); choice buffers therefore take
! any type, which gfortran >= 10 accepts with -fallow-argument-mismatch
! (the mpif90 wrapper passes it).
module mpi
  implicit none
  include 'mpif.h'
end module mpi
