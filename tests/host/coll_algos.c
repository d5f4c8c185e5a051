/* coll_algos.c - host test of every collective algorithm: with
 * tests/host/coll_shim.c the MPI_* collectives go to libmpi_mbcf/coll, and
 * for each collective every algorithm is selected in turn through
 * MPI_MBCF_COLL_<NAME> (setenv, same on all ranks) and checked on
 * MPI_COMM_WORLD and a reversed Comm_split against the serial reference
 * of tests/mpi/coll_cases.c (itself validated on plain MPICH). Also bcast
 * segment sizes, an unknown algorithm name and a bad segment size (must
 * warn and fall back, still correct). TAP on stdout. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "coll.h"
#include "coll_cases.h"

static int t, bad;
static MPI_Comm comms[3];
static const char *cnames[3];
static int ncomm;

static void run(const struct coll_check *c, const char *label)
{
    char what[200];
    int size;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int i = 0; i < ncomm; i++) {
        /* world, and the reversed split (skipped above 5 processes to keep
         * the run short on a loaded 2-core host; world still covers them) */
        if (i == 1 || (i == 2 && size > 5))
            continue;
        snprintf(what, sizeof what, "%s on %s", label, cnames[i]);
        bad += coll_tap(MPI_COMM_WORLD, c->fn(comms[i]), &t, what);
    }
}

int main(int argc, char **argv)
{
    char env[96], label[160];
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (coll_cases_init() != 0)
        MPI_Abort(MPI_COMM_WORLD, 2);
    coll_quick = 2;
    ncomm = coll_test_comms(comms, cnames, 3);
    for (int i = 0; coll_checks[i].name; i++) {
        const struct coll_check *c = &coll_checks[i];
        const char *const *algs = coll_algorithm_names(c->name);
        if (!algs) {
            if (rank == 0)
                printf("not ok %d - %s: no algorithm list\n", ++t, c->name);
            bad++;
            continue;
        }
        snprintf(env, sizeof env, "MPI_MBCF_COLL_%s", c->name);
        for (char *p = env; *p; p++)
            *p = (char)toupper((unsigned char)*p);
        for (int a = 0; algs[a]; a++) {
            setenv(env, algs[a], 1);
            snprintf(label, sizeof label, "%s/%s", c->name, algs[a]);
            run(c, label);
            if (strcmp(c->name, "bcast") == 0 && a > 0) {   /* odd segment size */
                setenv("MPI_MBCF_COLL_BCAST_SEGSIZE", "100", 1);
                snprintf(label, sizeof label, "bcast/%s segsize=100", algs[a]);
                run(c, label);
                unsetenv("MPI_MBCF_COLL_BCAST_SEGSIZE");
            }
        }
        if (strcmp(c->name, "bcast") == 0 || strcmp(c->name, "alltoall") == 0) {
            setenv(env, "no-such-algorithm", 1);     /* warns once, uses auto */
            setenv("MPI_MBCF_COLL_BCAST_SEGSIZE", "12zz", 1);
            snprintf(label, sizeof label, "%s: unknown algorithm name falls back", c->name);
            run(c, label);
            unsetenv("MPI_MBCF_COLL_BCAST_SEGSIZE");
        }
        unsetenv(env);
    }
    if (rank == 0)
        printf("1..%d\n", t);
    for (int c = 1; c < ncomm; c++)
        MPI_Comm_free(&comms[c]);
    coll_cases_fini();
    MPI_Finalize();
    return bad ? 1 : 0;
}
