/* Driver that runs several NPB kernels in one MPI process (one MPI_Init), so a
 * cluster boot can check all of them: `npb_all CLASS [ep is cg mg ft lu bt sp ...]`.
 * Prints one summary line per kernel: "npb_all: <k> <class> <status>" with
 * status verified / FAILED / unsupported.  Exit status: 0 when every kernel
 * verified, 1 when any failed, 2 when none failed but some could not run. */
#include "npb.h"
#include <stdio.h>
#include <string.h>

struct npb_entry {
    const char *name;
    int (*run)(char cls);
};

static const struct npb_entry npb_table[] = {
    {"ep", npb_ep}, {"is", npb_is}, {"cg", npb_cg}, {"mg", npb_mg}, {"ft", npb_ft}, {"lu", npb_lu},
    {"bt", npb_bt}, {"sp", npb_sp},
};
#define NPB_COUNT (int)(sizeof npb_table / sizeof npb_table[0])

static const struct npb_entry *npb_find(const char *name)
{
    for (int i = 0; i < NPB_COUNT; i++)
        if (strcmp(npb_table[i].name, name) == 0)
            return &npb_table[i];
    return NULL;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int me = npb_rank();
    if (argc < 2 || strlen(argv[1]) != 1) {
        if (me == 0)
            fprintf(stderr, "usage: npb_all CLASS [ep|is|cg|mg|ft|lu|bt|sp ...]\n");
        MPI_Finalize();
        return 3;
    }
    for (int a = 2; a < argc; a++)
        if (!npb_find(argv[a])) {
            if (me == 0)
                fprintf(stderr, "npb_all: unknown kernel '%s' (ep is cg mg ft lu bt sp)\n", argv[a]);
            MPI_Finalize();
            return 3;
        }
    char cls = argv[1][0];
    int nrun = argc > 2 ? argc - 2 : NPB_COUNT;
    int failed = 0, unsupported = 0;
    for (int i = 0; i < nrun; i++) {
        const struct npb_entry *e = argc > 2 ? npb_find(argv[2 + i]) : &npb_table[i];
        int rc = e->run(cls);
        if (rc == NPB_FAILED)
            failed++;
        else if (rc != NPB_OK)
            unsupported++;
        if (me == 0) {
            printf("npb_all: %s %c %s\n", e->name, cls,
                   rc == NPB_OK ? "verified" : rc == NPB_FAILED ? "FAILED" : "unsupported");
            fflush(stdout);
        }
    }
    MPI_Finalize();
    return failed ? 1 : unsupported ? 2 : 0;
}
