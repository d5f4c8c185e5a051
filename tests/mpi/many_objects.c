/* many_objects.c - conformance: many objects alive at once (MPICH holds
 * these): 500 windows of 4000 bytes from MPI_Win_allocate, each usable
 * (a Put to the next rank in a fence epoch on the first, middle and last),
 * and 4000 info objects each with its own value, all then freed; handles
 * are reused after the frees. Tables grow with memory (MPI-3.1 sec 8.2: a
 * library may only fail for lack of resources).
 * Prints TAP; exits non-zero on any failure. */
#include "tap.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NWIN 500
#define WINBYTES 4000
#define NINFO 4000

static void windows(void)
{
    int me = tap_rank(), n = tap_size();
    MPI_Win *w = malloc(NWIN * sizeof *w);
    char **base = malloc(NWIN * sizeof *base);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    int made = 0, e = MPI_SUCCESS;
    for (; made < NWIN; made++) {
        e = MPI_Win_allocate(WINBYTES, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &base[made], &w[made]);
        if (e != MPI_SUCCESS)
            break;
    }
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    int all = made;
    MPI_Allreduce(&made, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    char msg[MPI_MAX_ERROR_STRING] = "";
    int len = 0;
    if (e != MPI_SUCCESS)
        MPI_Error_string(e, msg, &len);
    CHECK(all == NWIN, "%d windows of %d bytes alive at once (made %d; %s)", NWIN, WINBYTES,
          made, msg);
    if (all != NWIN) {
        for (int i = 0; i < made; i++) /* only what every rank made is collective */
            if (i < all)
                MPI_Win_free(&w[i]);
        free(w);
        free(base);
        return;
    }
    int ok = 1, idx[3] = { 0, NWIN / 2, NWIN - 1 };
    for (int j = 0; j < 3; j++) {
        int i = idx[j], val = 1000 * i + me;
        MPI_Win_fence(0, w[i]);
        MPI_Put(&val, 1, MPI_INT, (me + 1) % n, WINBYTES - 8, 1, MPI_INT, w[i]);
        MPI_Win_fence(0, w[i]);
        int got;
        memcpy(&got, base[i] + WINBYTES - 8, sizeof got);
        ok &= got == 1000 * i + (me + n - 1) % n;
    }
    CHECK(ok, "Put into windows 0, %d and %d of the %d arrives", NWIN / 2, NWIN - 1, NWIN);
    for (int i = 0; i < NWIN; i++)
        MPI_Win_free(&w[i]);
    MPI_Win again;
    void *b;
    MPI_Win_allocate(WINBYTES, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &b, &again);
    CHECK(again != MPI_WIN_NULL, "a window after freeing them all");
    MPI_Win_free(&again);
    free(w);
    free(base);
}

static void infos(void)
{
    MPI_Info *in = malloc(NINFO * sizeof *in);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    int made = 0, e = MPI_SUCCESS;
    char v[32], got[32];
    for (; made < NINFO; made++) {
        e = MPI_Info_create(&in[made]);
        if (e != MPI_SUCCESS)
            break;
        snprintf(v, sizeof v, "%d", made);
        MPI_Info_set(in[made], "index", v);
    }
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    CHECK(made == NINFO, "%d info objects alive at once (made %d, error %d)", NINFO, made, e);
    int ok = 1;
    for (int i = 0; i < made; i++) {
        int flag = 0;
        MPI_Info_get(in[i], "index", sizeof got - 1, got, &flag);
        snprintf(v, sizeof v, "%d", i);
        ok &= flag && !strcmp(got, v);
    }
    CHECK(ok, "each of the %d info objects holds its own value", made);
    for (int i = 0; i < made; i++)
        MPI_Info_free(&in[i]);
    MPI_Info one;
    MPI_Info_create(&one);
    int nk = -1;
    MPI_Info_get_nkeys(one, &nk);
    CHECK(nk == 0, "an info object made after freeing them all is empty (%d keys)", nk);
    MPI_Info_free(&one);
    free(in);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    tap_start(150);
    windows();
    infos();
    int rc = tap_finish();
    MPI_Finalize();
    return rc;
}
