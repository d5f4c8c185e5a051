! f_mpifh.f - a fixed-form FORTRAN 77 program with include 'mpif.h' (the
! way NPB includes MPI): ring pass, MPI_BOTTOM with an absolute-address
! datatype, MPI_Wtime, the deprecated MPI-1 calls with default INTEGER
! extents and displacements (as BT-IO calls them). Prints "ok"/"not ok"
! lines; stops with 1 on failure.
      program fmpifh
      implicit none
      include 'mpif.h'
      integer ierr, rank, nprocs, next, prev, token, nfail
      integer status(MPI_STATUS_SIZE), dtype, blen(1)
      integer(kind=MPI_ADDRESS_KIND) disp(1)
      integer types(1), val(2)
      integer ext, guard, idisp(2), iblen(2), itypes(2), sz
      common /fmpifh_c/ ext, guard
      double precision t
      nfail = 0
      call mpi_init(ierr)
      call mpi_comm_rank(MPI_COMM_WORLD, rank, ierr)
      call mpi_comm_size(MPI_COMM_WORLD, nprocs, ierr)
      next = mod(rank + 1, nprocs)
      prev = mod(rank + nprocs - 1, nprocs)
      t = mpi_wtime()
      if (rank .eq. 0) then
         token = 1
         call mpi_send(token, 1, MPI_INTEGER, next, 1,
     &                 MPI_COMM_WORLD, ierr)
         call mpi_recv(token, 1, MPI_INTEGER, prev, 1,
     &                 MPI_COMM_WORLD, status, ierr)
         if (token .ne. nprocs) nfail = nfail + 1
         if (status(MPI_SOURCE) .ne. prev) nfail = nfail + 1
      else
         call mpi_recv(token, 1, MPI_INTEGER, prev, 1,
     &                 MPI_COMM_WORLD, status, ierr)
         token = token + 1
         call mpi_send(token, 1, MPI_INTEGER, next, 1,
     &                 MPI_COMM_WORLD, ierr)
      end if
      call report(nfail .eq. 0, rank, 'ring through all ranks')
c     an absolute address in a struct type, sent from MPI_BOTTOM
      val(1) = 0
      val(2) = 0
      if (rank .eq. 0) val(2) = 77
      call mpi_get_address(val(2), disp(1), ierr)
      blen(1) = 1
      types(1) = MPI_INTEGER
      call mpi_type_create_struct(1, blen, disp, types, dtype, ierr)
      call mpi_type_commit(dtype, ierr)
      call mpi_bcast(MPI_BOTTOM, 1, dtype, 0, MPI_COMM_WORLD, ierr)
      call mpi_type_free(dtype, ierr)
      call report(val(2) .eq. 77 .and. val(1) .eq. 0, rank,
     &            'MPI_Bcast from MPI_BOTTOM')
      if (val(2) .ne. 77) nfail = nfail + 1
c     MPI_TYPE_EXTENT writes a default INTEGER: its neighbour survives
      guard = 4242
      call mpi_type_extent(MPI_DOUBLE_PRECISION, ext, ierr)
      call report(ext .eq. 8 .and. guard .eq. 4242, rank,
     &            'MPI_TYPE_EXTENT into a default INTEGER')
      if (ext .ne. 8 .or. guard .ne. 4242) nfail = nfail + 1
c     MPI_TYPE_STRUCT with INTEGER displacements
      iblen(1) = 1
      iblen(2) = 2
      idisp(1) = 0
      idisp(2) = 16
      itypes(1) = MPI_INTEGER
      itypes(2) = MPI_DOUBLE_PRECISION
      call mpi_type_struct(2, iblen, idisp, itypes, dtype, ierr)
      call mpi_type_size(dtype, sz, ierr)
      call mpi_type_extent(dtype, ext, ierr)
      call mpi_type_free(dtype, ierr)
      call report(sz .eq. 20 .and. ext .eq. 32, rank,
     &            'MPI_TYPE_STRUCT with INTEGER displacements')
      if (sz .ne. 20 .or. ext .ne. 32) nfail = nfail + 1
      call report(mpi_wtime() .ge. t, rank, 'MPI_WTIME')
      call mpi_allreduce(MPI_IN_PLACE, nfail, 1, MPI_INTEGER, MPI_SUM,
     &                   MPI_COMM_WORLD, ierr)
      if (rank .eq. 0) print '(a,i0,a)', 'f_mpifh: ', nfail, ' failed'
      call mpi_finalize(ierr)
      if (nfail .ne. 0) stop 1
      end

      subroutine report(cond, rank, what)
      logical cond
      integer rank
      character*(*) what
      if (rank .ne. 0 .and. cond) return
      if (cond) then
         print '(a,a)', 'ok - ', what
      else
         print '(a,a,i0)', 'not ok - ', what, ' on rank ', rank
      end if
      end
