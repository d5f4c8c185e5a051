/* coll_basic.c - conformance program: barrier, bcast, gather(v), scatter(v), allgather(v), alltoall(v)
 * through the MPI_* names, on MPI_COMM_WORLD and on communicators from
 * MPI_Comm_split, against a serial reference (tests/mpi/coll_cases.c).
 * Prints TAP; exits non-zero on any failure. */
#include "coll_cases.h"

int main(int argc, char **argv)
{
    return coll_cases_main(argc, argv, 0, "coll_basic");
}
