/* suite.c - runs every conformance program of tests/mpi in one MPI job (for
 * QEMU, where each boot costs tens of seconds): each program is compiled with
 * -DTAP_SUITE -Dmain=suite_<name> (tap.h maps its Init/Finalize to the
 * driver's) and called in turn, separated by barriers. TAP output.
 * With -DSUITE_ULT (userland/lib/mythmpi/mythmpi.mk) each program runs
 * in its own libmyth ULT over MPI_THREAD_MULTIPLE: every offloaded call goes
 * through the communication thread (docs/ult.md). */
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

#ifdef SUITE_ULT
#include "myth_mpi.h"
struct ult_prog { int (*fn)(int, char **); int argc; char **argv; int rc; };
static void *ult_prog_main(void *a)
{
    struct ult_prog *p = a;
    p->rc = p->fn(p->argc, p->argv);
    return NULL;
}
/* run fn in a new ULT and wait for it */
static int run_prog(int (*fn)(int, char **), int argc, char **argv)
{
    struct ult_prog p = { fn, argc, argv, 0 };
    myth_join(myth_create(ult_prog_main, &p), NULL);
    return p.rc;
}
#else
static int run_prog(int (*fn)(int, char **), int argc, char **argv)
{
    return fn(argc, argv);
}
#endif

#undef MPI_Init
#undef MPI_Finalize
#undef MPI_Init_thread
int main(int argc, char **argv)
{
    struct { const char *name; int (*fn)(int, char **); } progs[] = {
#define X(name) { #name, suite_##name },
        SUITE_LIST
#undef X
    };
#ifdef SUITE_ULT
    int provided;
    if (myth_init() || myth_mpi_register())
        return 1;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
#else
    MPI_Init(&argc, &argv);
#endif
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
        int rc = run_prog(progs[i].fn, argc, argv);
        bad |= rc != 0;
        MPI_Barrier(MPI_COMM_WORLD);
    }
    if (me == 0)
        printf("1..%d\n", tap_total());
    MPI_Finalize();
#ifdef SUITE_ULT
    myth_fini();
#endif
    return bad;
}
