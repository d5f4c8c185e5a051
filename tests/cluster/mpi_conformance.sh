#!/bin/bash
# mpi_conformance.sh - the MPI conformance suite (tests/mpi, all programs in
# one executable, build/mpi-tests/guest/mpi_suite: point-to-point, datatypes,
# communicators, topologies, ops, errors, and the collectives coll_basic and
# coll_reduce) on real QEMU nodes running libmpi_mbcf over our kernel's MBCF:
# 3 nodes (not a power of two: the collectives' odd paths), 4 nodes, and 3
# nodes with 3% frame loss (--loss 3, i.e. a 0.03 loss rate). Three boots.
# One TAP line per program and configuration; failing checks are echoed as
# comments; a program missing from a log is a failure (mpi_suite_lib.sh).
cd "$(dirname "$0")/../.." || exit 1
. tests/cluster/mpi_suite_lib.sh
suite_prepare
REQUIRED="p2p_basic coll_basic coll_reduce"
suite_run "QEMU np=3" 3 400 "" "$REQUIRED" --env MPI_MBCF_STATS=1
suite_run "QEMU np=4" 4 400 "" "$REQUIRED" --env MPI_MBCF_STATS=1
suite_run "QEMU np=3 loss 3%" 3 400 "" "$REQUIRED" --loss 3 --env MPI_MBCF_STATS=1
exit $fail
