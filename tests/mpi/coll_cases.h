/* coll_cases.h - conformance checks of the MPI collectives, shared by the
 * conformance programs (tests/mpi/coll_basic.c, coll_reduce.c) and the
 * host algorithm test (tests/host/coll_algos.c). Plain standard MPI. */
#ifndef TESTS_MPI_COLL_CASES_H
#define TESTS_MPI_COLL_CASES_H

#include <mpi.h>
#ifdef TAP_SUITE
#include "tap.h"        /* suite build: Init/Finalize belong to tests/mpi/suite.c */
#endif

/* A check runs one collective through many cases on comm and returns the
 * number of local failures (diagnostics go to stderr). */
struct coll_check {
    const char *name;            /* collective, as coll_algorithm_names() knows it */
    int (*fn)(MPI_Comm comm);
    int reduction;               /* 1 for the reduce family */
};
extern const struct coll_check coll_checks[];   /* NULL name terminates */

extern int coll_quick;          /* 1, 2: reduced case lists (coll_cases.c) */
int coll_cases_init(void);      /* datatypes and user ops; 0 on success */
void coll_cases_fini(void);

/* Collect local failure counts on rank 0 of world with point-to-point
 * only (the collectives are what is being tested), print one TAP line
 * there, return the global count on rank 0 (0 elsewhere). */
int coll_tap(MPI_Comm world, int fails, int *testno, const char *what);

/* world, world split in halves, world reversed (key = size - rank). */
int coll_test_comms(MPI_Comm *comms, const char **names, int max);
/* A whole conformance program (main of coll_basic / coll_reduce): runs the
 * checks with .reduction == reduction; returns the exit status. */
int coll_cases_main(int argc, char **argv, int reduction, const char *prog);

#endif
