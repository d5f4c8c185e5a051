#!/bin/bash
# mpi_surface.sh - the MPI-3.1 surface beyond point-to-point and blocking
# collectives on real QEMU nodes (libmpi_mbcf over our kernel's MBCF): the
# conformance programs nbc (non-blocking collectives), rma (one-sided: Put as
# MBCF remote write, Get, accumulates, fence, locks, PSCW), rma_dynamic
# (dynamic and shared windows), intercomm, neighbor (graph topologies,
# neighbourhood collectives), mpit (MPI_T), info (info objects), f90types,
# mprobe (matched probes), comm_group (Comm_create_group), grequest
# (generalized requests), dtype_contents (Type_get_contents, darray,
# external32) and error_user (Add_error_*), in one executable
# (build/mpi-tests/guest/mpi_suite "<names>")
# on 2 nodes with 3% frame loss and on 4 nodes: two boots. One TAP line per
# program and configuration; failing checks are echoed as comments
# (mpi_suite_lib.sh).
cd "$(dirname "$0")/../.." || exit 1
. tests/cluster/mpi_suite_lib.sh
suite_prepare
PROGS="nbc rma rma_dynamic intercomm neighbor mpit info f90types mprobe comm_group grequest dtype_contents error_user"
suite_run "QEMU np=2 loss 3%" 2 240 "$PROGS" "$PROGS" --loss 3
suite_run "QEMU np=4" 4 240 "$PROGS" "$PROGS"
exit $fail
