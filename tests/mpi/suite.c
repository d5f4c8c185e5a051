/* suite.c - runs every conformance program of tests/mpi in one MPI job (for
 * QEMU, where each boot costs tens of seconds): each program is compiled with
 * -DTAP_SUITE -Dmain=suite_<name> (tap.h maps its Init/Finalize to the
 * driver's) and called in turn, separated by barriers. TAP output. */
#include "tap.h"
#include <stdio.h>
#include <string.h>

#define X(name) int suite_##name(int argc, char **argv);
SUITE_LIST
#undef X

static int started;

int tap_suite_init(int *provided)
{
    if (provided)
        *provided = MPI_THREAD_FUNNELED;
    if (!started) {
        started = 1;
        return MPI_Init(NULL, NULL);
    }
    return MPI_SUCCESS;
}

#undef MPI_Init
#undef MPI_Finalize
int main(int argc, char **argv)
{
    struct { const char *name; int (*fn)(int, char **); } progs[] = {
#define X(name) { #name, suite_##name },
        SUITE_LIST
#undef X
    };
    MPI_Init(&argc, &argv);
    started = 1;
    int me;
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    const char *only = argc > 1 ? argv[1] : NULL;
    int bad = 0;
    for (size_t i = 0; i < sizeof progs / sizeof progs[0]; i++) {
        if (only && !strstr(only, progs[i].name))
            continue;
        if (me == 0)
            printf("# %s\n", progs[i].name);
        fflush(stdout);
        int rc = progs[i].fn(argc, argv);
        bad |= rc != 0;
        MPI_Barrier(MPI_COMM_WORLD);
    }
    if (me == 0)
        printf("1..%d\n", tap_total());
    MPI_Finalize();
    return bad;
}
