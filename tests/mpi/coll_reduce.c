/* coll_reduce.c - conformance program: reduce, allreduce, reduce_scatter(_block), scan, exscan
 * through the MPI_* names, on MPI_COMM_WORLD and on communicators from
 * MPI_Comm_split, against a serial reference (tests/mpi/coll_cases.c).
 * Prints TAP; exits non-zero on any failure. */
#include <stdio.h>
#include "coll_cases.h"

int main(int argc, char **argv)
{
    MPI_Comm comms[3];
    const char *names[3];
    char what[128];
    int rank, t = 0, bad = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (coll_cases_init() != 0) {
        fprintf(stderr, "coll_reduce: cannot create test datatypes/ops\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    int nc = coll_test_comms(comms, names, 3);
    for (int i = 0; coll_checks[i].name; i++) {
        if (coll_checks[i].reduction != 1)
            continue;
        for (int c = 0; c < nc; c++) {
            snprintf(what, sizeof what, "%s on %s", coll_checks[i].name, names[c]);
            bad += coll_tap(MPI_COMM_WORLD, coll_checks[i].fn(comms[c]), &t, what);
        }
    }
#ifndef TAP_SUITE       /* in the suite, its driver prints the plan */
    if (rank == 0)
        printf("1..%d\n", t);
#endif
    for (int c = 1; c < nc; c++)
        MPI_Comm_free(&comms[c]);
    coll_cases_fini();
    MPI_Finalize();
    return bad ? 1 : 0;
}
