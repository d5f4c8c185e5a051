#!/bin/sh
# scripts/mpi31_functions.sh - regenerate tests/mpi/mpi31_functions.txt, the
# C functions of the MPI-3.1 standard (its Annex A C bindings), for
# tests/host/test_mpi_allfuncs.sh. Source: the prototypes of a complete MPI
# implementation (Debian's MPICH 4.0, mpi_proto.h and ROMIO's mpio.h), minus what MPI-3.1 does
# not have: MPIX_ extensions, MPI-4.0 additions (large-count _c forms,
# sessions, partitioned and persistent collective calls, Isendrecv, the
# *_from_group(s) constructors, Info_create_env/get_string, Comm_idup_with_info,
# MPI_T events and sources, the Fortran 2008 status conversions), the
# MPI-1 functions MPI-3.0 removed (Address, Errhandler_create/get/set,
# Type_extent/hindexed/hvector/lb/struct/ub) and the predefined callback
# constants that are spelled like functions (MPI_DUP_FN...).
set -e
inc=${1:-/usr/include/x86_64-linux-gnu/mpich}
out=$(dirname "$0")/../tests/mpi/mpi31_functions.txt
{
    echo "# MPI-3.1 C functions (scripts/mpi31_functions.sh from MPICH's mpi_proto.h and mpio.h)"
    cat "$inc/mpi_proto.h" "$inc/mpio.h" | grep -oE '\bMPI_[A-Za-z0-9_]+\(' | tr -d '(' | sort -u |
        grep -vE '_c$|^MPI_[A-Z0-9_]+$' |
        grep -vE '^MPI_(Allgather|Allgatherv|Allreduce|Alltoall|Alltoallv|Alltoallw|Barrier|Bcast|Exscan|Gather|Gatherv|Reduce|Reduce_scatter_block|Reduce_scatter|Scan|Scatter|Scatterv|Neighbor_allgather|Neighbor_allgatherv|Neighbor_alltoall|Neighbor_alltoallv|Neighbor_alltoallw)_init$' |
        grep -vE '^MPI_(Comm_create_from_group|Comm_idup_with_info|Group_from_session_pset|Info_create_env|Info_get_string|Intercomm_create_from_groups|Isendrecv|Isendrecv_replace|Parrived|Pready|Pready_list|Pready_range|Precv_init|Psend_init|Status_c2f08|Status_f082c|Status_f082f|Status_f2f08|T_category_get_events|T_category_get_num_events)$' |
        grep -vE '^MPI_(Session_|T_event_|T_source_)' |
        grep -vE '^MPI_(Address|Errhandler_create|Errhandler_get|Errhandler_set|Type_extent|Type_hindexed|Type_hvector|Type_lb|Type_struct|Type_ub)$'
} > "$out"
echo "$(grep -vc '^#' "$out") functions -> $out"
