! f_conform.f90 - Fortran conformance of the MPI binding (`use mpi`, MPI-3.1
! sec 17.1): status fields, strings with hidden lengths, MPI_IN_PLACE,
! derived datatypes, collectives, attributes and an error handler written
! in Fortran. Any number of ranks >= 2. Prints "ok N - ..." / "not ok N - ...";
! rank 0 prints a summary; the program stops with 1 on any failure.
! Runs unchanged on Debian's MPICH (mpif90.mpich) as a check of the test.
module fcheck
  implicit none
  integer :: nchecks = 0, nfail = 0, myrank = 0
  integer :: handler_calls = 0, handler_code = 0, handler_comm = 0
contains
  subroutine check(cond, what)
    logical, intent(in) :: cond
    character(len=*), intent(in) :: what
    nchecks = nchecks + 1
    if (.not. cond) nfail = nfail + 1
    if (myrank == 0 .or. .not. cond) then
      if (cond) then
        write(*, '(a,i0,a,a)') 'ok ', nchecks, ' - ', what
      else
        write(*, '(a,i0,a,a,a,i0)') 'not ok ', nchecks, ' - ', what, ' on rank ', myrank
      end if
    end if
  end subroutine check
end module fcheck

subroutine on_error(comm, code)
  use fcheck, only: handler_calls, handler_code, handler_comm
  implicit none
  integer :: comm, code
  handler_calls = handler_calls + 1
  handler_code = code
  handler_comm = comm
end subroutine on_error

subroutine sum_pairs(invec, inoutvec, len, dtype)
  implicit none
  integer :: len, dtype, i
  integer :: invec(2, len), inoutvec(2, len)
  do i = 1, len
    inoutvec(1, i) = inoutvec(1, i) + invec(1, i)
    inoutvec(2, i) = max(inoutvec(2, i), invec(2, i))
  end do
  if (dtype < 0) inoutvec(1, 1) = -1
end subroutine sum_pairs

subroutine copy_plus_one(oldcomm, keyval, extra, valin, valout, flag, ierr)
  use mpi
  implicit none
  integer :: oldcomm, keyval, ierr
  integer(kind=MPI_ADDRESS_KIND) :: extra, valin, valout
  logical :: flag
  valout = valin + extra
  flag = .true.
  ierr = MPI_SUCCESS
  if (oldcomm == MPI_COMM_NULL .or. keyval == MPI_KEYVAL_INVALID) ierr = MPI_ERR_OTHER
end subroutine copy_plus_one

subroutine greq_query(extra, status, ierr)
  use mpi
  implicit none
  integer(kind=MPI_ADDRESS_KIND) :: extra
  integer :: status(MPI_STATUS_SIZE), ierr
  call MPI_Status_set_elements(status, MPI_INTEGER, int(extra), ierr)
  call MPI_Status_set_cancelled(status, .false., ierr)
  status(MPI_SOURCE) = MPI_UNDEFINED
  status(MPI_TAG) = MPI_UNDEFINED
  ierr = MPI_SUCCESS
end subroutine greq_query

subroutine greq_free(extra, ierr)
  use mpi
  implicit none
  integer(kind=MPI_ADDRESS_KIND) :: extra
  integer :: ierr
  extra = extra + 0
  ierr = MPI_SUCCESS
end subroutine greq_free

subroutine greq_cancel(extra, complete, ierr)
  use mpi
  implicit none
  integer(kind=MPI_ADDRESS_KIND) :: extra
  logical :: complete
  integer :: ierr
  if (complete) extra = extra + 0
  ierr = MPI_SUCCESS
end subroutine greq_cancel

program f_conform
  use mpi
  use fcheck
  implicit none
  external on_error, sum_pairs, copy_plus_one, greq_query, greq_free, greq_cancel
  integer :: ierr, size, rank, i, count, eh, op, vtype, keyval, dup, resultlen, info
  integer :: status(MPI_STATUS_SIZE), statuses(MPI_STATUS_SIZE, 2), reqs(2)
  integer :: ibuf(10), jbuf(10), pairs(2, 3)
  double precision :: dbuf(4), t0, t1, mat(3, 4), col(3)
  character(len=MPI_MAX_PROCESSOR_NAME) :: pname
  character(len=MPI_MAX_OBJECT_NAME) :: cname
  character(len=MPI_MAX_ERROR_STRING) :: estr
  character(len=20) :: ival
  logical :: flag, lflag
  integer(kind=MPI_ADDRESS_KIND) :: aval, extra
  integer :: fh, etype, ftype
  integer(kind=MPI_OFFSET_KIND) :: disp, fsize
  character(len=MPI_MAX_DATAREP_STRING) :: rep

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, size, ierr)
  myrank = rank
  call check(ierr == MPI_SUCCESS .and. size >= 2, 'MPI_Init, rank and size')
  call MPI_Initialized(flag, ierr)
  call check(flag, 'MPI_Initialized gives a LOGICAL .true.')

  ! ---- point to point: status fields, MPI_STATUS_IGNORE, MPI_Get_count ----
  if (rank == 0) then
    ibuf = (/ (i, i = 1, 10) /)
    call MPI_Send(ibuf, 7, MPI_INTEGER, 1, 42, MPI_COMM_WORLD, ierr)
    call MPI_Send(ibuf, 3, MPI_INTEGER, 1, 43, MPI_COMM_WORLD, ierr)
  else if (rank == 1) then
    jbuf = 0
    call MPI_Recv(jbuf, 10, MPI_INTEGER, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, status, ierr)
    call MPI_Get_count(status, MPI_INTEGER, count, ierr)
    call check(status(MPI_SOURCE) == 0 .and. status(MPI_TAG) == 42 .and. count == 7 &
               .and. jbuf(7) == 7 .and. jbuf(8) == 0, 'status(MPI_SOURCE), status(MPI_TAG), MPI_Get_count')
    call MPI_Recv(jbuf, 10, MPI_INTEGER, 0, 43, MPI_COMM_WORLD, MPI_STATUS_IGNORE, ierr)
    call check(ierr == MPI_SUCCESS .and. jbuf(3) == 3, 'MPI_Recv with MPI_STATUS_IGNORE')
  end if
  if (rank <= 1) then
    ibuf(1) = rank * 100
    call MPI_Irecv(jbuf, 1, MPI_INTEGER, 1 - rank, 7, MPI_COMM_WORLD, reqs(1), ierr)
    call MPI_Isend(ibuf, 1, MPI_INTEGER, 1 - rank, 7, MPI_COMM_WORLD, reqs(2), ierr)
    call MPI_Waitall(2, reqs, statuses, ierr)
    call check(jbuf(1) == (1 - rank) * 100 .and. statuses(MPI_SOURCE, 1) == 1 - rank &
               .and. reqs(1) == MPI_REQUEST_NULL, 'Isend/Irecv/Waitall with a status array')
    call MPI_Irecv(jbuf, 1, MPI_INTEGER, 1 - rank, 8, MPI_COMM_WORLD, reqs(1), ierr)
    call MPI_Isend(ibuf, 1, MPI_INTEGER, 1 - rank, 8, MPI_COMM_WORLD, reqs(2), ierr)
    call MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE, ierr)
    call check(ierr == MPI_SUCCESS, 'MPI_Waitall with MPI_STATUSES_IGNORE')
    call MPI_Sendrecv(rank, 1, MPI_INTEGER, 1 - rank, 9, i, 1, MPI_INTEGER, 1 - rank, 9, &
                      MPI_COMM_WORLD, status, ierr)
    call check(i == 1 - rank .and. status(MPI_TAG) == 9, 'MPI_Sendrecv')
    call MPI_Iprobe(MPI_ANY_SOURCE, 999, MPI_COMM_WORLD, lflag, status, ierr)
    call check(.not. lflag, 'MPI_Iprobe with nothing pending gives .false.')
  end if

  ! ---- collectives, MPI_IN_PLACE ----
  dbuf = rank + 1
  call MPI_Allreduce(MPI_IN_PLACE, dbuf, 4, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
  call check(abs(dbuf(4) - size * (size + 1) / 2.0d0) < 1d-12, 'MPI_Allreduce with MPI_IN_PLACE')
  i = rank + 1
  call MPI_Reduce(i, count, 1, MPI_INTEGER, MPI_MAX, 0, MPI_COMM_WORLD, ierr)
  if (rank == 0) call check(count == size, 'MPI_Reduce MPI_MAX to root')
  ibuf = -1
  if (rank == 0) ibuf(1:3) = (/ 5, 6, 7 /)
  call MPI_Bcast(ibuf, 3, MPI_INTEGER, 0, MPI_COMM_WORLD, ierr)
  call check(ibuf(3) == 7, 'MPI_Bcast')
  jbuf = -1
  jbuf(rank + 1) = rank * 10
  call MPI_Allgather(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, jbuf, 1, MPI_INTEGER, MPI_COMM_WORLD, ierr)
  call check(jbuf(size) == (size - 1) * 10 .and. jbuf(1) == 0, 'MPI_Allgather with MPI_IN_PLACE')
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  call check(ierr == MPI_SUCCESS, 'MPI_Barrier')

  ! ---- a user reduction written in Fortran ----
  call MPI_Type_contiguous(2, MPI_INTEGER, vtype, ierr)
  call MPI_Type_commit(vtype, ierr)
  call MPI_Op_create(sum_pairs, .true., op, ierr)
  pairs(1, :) = 1
  pairs(2, :) = rank
  call MPI_Allreduce(MPI_IN_PLACE, pairs, 3, vtype, op, MPI_COMM_WORLD, ierr)
  call check(pairs(1, 3) == size .and. pairs(2, 1) == size - 1, 'MPI_Op_create with a Fortran function')
  call MPI_Op_free(op, ierr)
  call MPI_Type_free(vtype, ierr)

  ! ---- derived datatype: one row of a column-major matrix ----
  call MPI_Type_vector(4, 1, 3, MPI_DOUBLE_PRECISION, vtype, ierr)
  call MPI_Type_commit(vtype, ierr)
  call MPI_Type_size(vtype, count, ierr)
  call check(count == 32, 'MPI_Type_vector size')
  if (rank == 0) then
    mat = reshape((/ (dble(i), i = 1, 12) /), (/ 3, 4 /))
    call MPI_Send(mat(2, 1), 1, vtype, 1, 11, MPI_COMM_WORLD, ierr)
  else if (rank == 1) then
    call MPI_Recv(dbuf, 4, MPI_DOUBLE_PRECISION, 0, 11, MPI_COMM_WORLD, status, ierr)
    call check(dbuf(1) == 2d0 .and. dbuf(4) == 11d0, 'a strided row sent with MPI_Type_vector')
  end if
  call MPI_Type_free(vtype, ierr)
  col = 0

  ! ---- strings: processor name, communicator names, info, error strings ----
  pname = 'x'
  call MPI_Get_processor_name(pname, resultlen, ierr)
  call check(resultlen > 0 .and. resultlen <= MPI_MAX_PROCESSOR_NAME .and. &
             len_trim(pname) == resultlen, 'MPI_Get_processor_name: length and blank padding')
  call MPI_Comm_dup(MPI_COMM_WORLD, dup, ierr)
  call MPI_Comm_set_name(dup, 'fortran dup   ', ierr)
  call MPI_Comm_get_name(dup, cname, resultlen, ierr)
  call check(cname == 'fortran dup' .and. resultlen == 11, 'MPI_Comm_set_name/get_name trim and pad')
  call MPI_Info_create(info, ierr)
  call MPI_Info_set(info, 'color ', 'blue', ierr)
  ival = 'zzz'
  call MPI_Info_get(info, 'color', 20, ival, lflag, ierr)
  call check(lflag .and. ival == 'blue', 'MPI_Info_set/get with Fortran strings')
  call MPI_Info_get(info, 'shape', 20, ival, lflag, ierr)
  call check(.not. lflag, 'MPI_Info_get of a missing key gives .false.')
  call MPI_Info_free(info, ierr)
  call MPI_Error_string(MPI_ERR_TRUNCATE, estr, resultlen, ierr)
  call check(resultlen > 0 .and. len_trim(estr) == resultlen, 'MPI_Error_string')

  ! ---- attributes: predefined MPI_TAG_UB, a keyval with a Fortran copy function ----
  call MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, aval, lflag, ierr)
  call check(lflag .and. aval >= 32767, 'MPI_Comm_get_attr(MPI_TAG_UB) is a value >= 32767')
  extra = 5
  call MPI_Comm_create_keyval(copy_plus_one, MPI_COMM_NULL_DELETE_FN, keyval, extra, ierr)
  aval = 37
  call MPI_Comm_set_attr(dup, keyval, aval, ierr)
  call MPI_Comm_dup(dup, i, ierr)
  aval = 0
  call MPI_Comm_get_attr(i, keyval, aval, lflag, ierr)
  call check(lflag .and. aval == 42, 'a Fortran copy callback runs on MPI_Comm_dup')
  call MPI_Comm_free(i, ierr)
  call MPI_Comm_free_keyval(keyval, ierr)

  ! ---- error handler written in Fortran ----
  call MPI_Comm_create_errhandler(on_error, eh, ierr)
  call MPI_Comm_set_errhandler(dup, eh, ierr)
  call MPI_Send(ibuf, 1, MPI_INTEGER, size + 5, 0, dup, ierr)
  call check(handler_calls == 1 .and. ierr /= MPI_SUCCESS .and. handler_comm == dup, &
             'a Fortran error handler is called with the communicator')
  call MPI_Error_class(handler_code, i, ierr)
  call check(i == MPI_ERR_RANK, 'the handler receives an MPI_ERR_RANK code')
  call MPI_Errhandler_free(eh, ierr)
  call MPI_Comm_set_errhandler(dup, MPI_ERRORS_RETURN, ierr)
  call MPI_Send(ibuf, -1, MPI_INTEGER, 0, 0, dup, ierr)
  call check(ierr /= MPI_SUCCESS, 'MPI_ERRORS_RETURN: an error code in IERROR')
  call MPI_Comm_free(dup, ierr)

  ! ---- external32 size (DATAREP string) and a generalized request with Fortran callbacks ----
  call MPI_Pack_external_size('external32', 4, MPI_INTEGER, aval, ierr)
  call check(ierr == MPI_SUCCESS .and. aval == 16, 'MPI_Pack_external_size(''external32'', 4 INTEGERs) is 16')
  extra = 3
  call MPI_Grequest_start(greq_query, greq_free, greq_cancel, extra, reqs(1), ierr)
  call MPI_Grequest_complete(reqs(1), ierr)
  call MPI_Wait(reqs(1), status, ierr)
  call MPI_Get_count(status, MPI_INTEGER, count, ierr)
  call check(ierr == MPI_SUCCESS .and. count == 3 .and. reqs(1) == MPI_REQUEST_NULL, &
             'MPI_Grequest_start: the Fortran query callback fills the status')

  ! ---- MPI-IO as BT-IO uses it: a file name string, INTEGER(KIND=MPI_OFFSET_KIND) ----
  call MPI_File_open(MPI_COMM_WORLD, 'f_conform_io.tmp', &
                     MPI_MODE_CREATE + MPI_MODE_RDWR + MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL, fh, ierr)
  call check(ierr == MPI_SUCCESS, 'MPI_File_open with a Fortran file name')
  disp = 8
  call MPI_File_set_view(fh, disp, MPI_INTEGER, MPI_INTEGER, 'native', MPI_INFO_NULL, ierr)
  call check(ierr == MPI_SUCCESS, 'MPI_File_set_view with an OFFSET_KIND displacement')
  ibuf = rank * 100 + (/ (i, i = 1, 10) /)
  disp = rank * 10
  call MPI_File_write_at_all(fh, disp, ibuf, 10, MPI_INTEGER, status, ierr)
  call MPI_Get_count(status, MPI_INTEGER, count, ierr)
  call check(ierr == MPI_SUCCESS .and. count == 10, 'MPI_File_write_at_all of 10 INTEGERs')
  call MPI_File_sync(fh, ierr)
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  call MPI_File_sync(fh, ierr)
  call MPI_File_get_size(fh, fsize, ierr)
  call check(fsize == 8 + 40 * size, 'MPI_File_get_size after the collective write')
  jbuf = 0
  disp = mod(rank + 1, size) * 10
  call MPI_File_read_at_all(fh, disp, jbuf, 10, MPI_INTEGER, status, ierr)
  call check(ierr == MPI_SUCCESS .and. jbuf(10) == mod(rank + 1, size) * 100 + 10, &
             'MPI_File_read_at_all reads the next rank''s INTEGERs')
  call MPI_File_get_view(fh, disp, etype, ftype, rep, ierr)
  call check(disp == 8 .and. etype == MPI_INTEGER .and. rep == 'native', 'MPI_File_get_view')
  call MPI_File_close(fh, ierr)
  call check(ierr == MPI_SUCCESS .and. fh == MPI_FILE_NULL, 'MPI_File_close')

  ! ---- time ----
  t0 = MPI_Wtime()
  t1 = MPI_Wtime()
  call check(t1 >= t0 .and. MPI_Wtick() > 0d0, 'MPI_Wtime and MPI_Wtick are DOUBLE PRECISION functions')

  call MPI_Allreduce(MPI_IN_PLACE, nfail, 1, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
  if (rank == 0) write(*, '(a,i0,a,i0,a)') 'f_conform: ', nchecks, ' checks, ', nfail, ' failed'
  call MPI_Finalize(ierr)
  if (nfail /= 0) stop 1
end program f_conform
