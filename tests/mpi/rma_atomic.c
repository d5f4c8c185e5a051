/* rma_atomic.c - conformance: accumulate operations on one window are
 * element-wise atomic (MPI-3.1 sec 11.7.1), pair types included.
 *  1. Layout: Accumulate(MPI_REPLACE) and Accumulate(MPI_MAXLOC) of blocks
 *     of every pair type (MPI_SHORT_INT, MPI_DOUBLE_INT, MPI_LONG_INT,
 *     MPI_FLOAT_INT, MPI_2INT, MPI_LONG_DOUBLE_INT) write every member of
 *     every pair and nothing else (padding and neighbours untouched).
 *  2. Torn pairs: inside fence epochs one rank accumulates (MPI_REPLACE)
 *     10-pair MPI_SHORT_INT blocks whose two members agree, while another
 *     reads the same elements with Fetch_and_op(MPI_NO_OP) and
 *     Get_accumulate(MPI_NO_OP); every pair read must agree.
 *  3. Compare_and_swap counter from every rank (lock_all + flush): no
 *     increment lost; with libmpi_mbcf also through two windows over
 *     overlapping memory (MPI leaves that undefined: sec 11.7; MPICH 4.0
 *     lost half the increments even on one process; ours executes every
 *     window's operations one at a time, docs/mpi.md).
 * Rank 0 is the target; the writer is rank 1, the reader the last rank. */
#include "tap.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define NP 10 /* pairs per block */
#define EPOCHS 20
#define PER_EPOCH 8

struct s_i {
    short v;
    int i;
};
struct d_i {
    double v;
    int i;
};
struct l_i {
    long v;
    int i;
};
struct f_i {
    float v;
    int i;
};
struct i_i {
    int v;
    int i;
};
struct ld_i {
    long double v;
    int i;
};

/* One pair type: its handle, extent, and how to write/read member values. */
struct ptype {
    MPI_Datatype t;
    const char *name;
    size_t ext;
    void (*set)(void *p, int v, int i);
    void (*get)(const void *p, long *v, int *i);
};
#define PT(T, ST)                                        \
    static void set_##ST(void *p, int v, int i)          \
    {                                                    \
        ((struct ST *)p)->v = v;                         \
        ((struct ST *)p)->i = i;                         \
    }                                                    \
    static void get_##ST(const void *p, long *v, int *i) \
    {                                                    \
        *v = (long)((const struct ST *)p)->v;            \
        *i = ((const struct ST *)p)->i;                  \
    }
PT(MPI_SHORT_INT, s_i)
PT(MPI_DOUBLE_INT, d_i)
PT(MPI_LONG_INT, l_i)
PT(MPI_FLOAT_INT, f_i)
PT(MPI_2INT, i_i)
PT(MPI_LONG_DOUBLE_INT, ld_i)

static int layout_case(const struct ptype *pt, int me, int n)
{
    int target = 0, writer = 1 % n;
    size_t bytes = (NP + 2) * pt->ext;
    unsigned char *mem = malloc(bytes), *src = malloc(NP * pt->ext);
    memset(mem, 0xa5, bytes); /* padding and the guard pairs keep this */
    MPI_Win win;
    MPI_Win_create(mem, (MPI_Aint)bytes, (int)pt->ext, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(0, win);
    if (me == writer) {
        memset(src, 0, NP * pt->ext);
        for (int k = 0; k < NP; k++)
            pt->set(src + k * pt->ext, 100 + k, 7 * k + 1);
        MPI_Accumulate(src, NP, pt->t, target, 1, NP, pt->t, MPI_REPLACE, win);
    }
    MPI_Win_fence(0, win);
    int ok = 1;
    if (me == target) {
        unsigned char guard[64];
        memset(guard, 0xa5, sizeof guard);
        ok &= !memcmp(mem, guard, pt->ext) && !memcmp(mem + (NP + 1) * pt->ext, guard, pt->ext);
        for (int k = 0; k < NP; k++) {
            long v;
            int i;
            pt->get(mem + (k + 1) * pt->ext, &v, &i);
            ok &= v == 100 + k && i == 7 * k + 1;
        }
    }
    /* MAXLOC: the larger value wins, equal values keep the smaller index */
    MPI_Win_fence(0, win);
    if (me == writer) {
        for (int k = 0; k < NP; k++)
            pt->set(src + k * pt->ext, k % 2 ? 100 + k : 50, 0);
        MPI_Accumulate(src, NP, pt->t, target, 1, NP, pt->t, MPI_MAXLOC, win);
    }
    MPI_Win_fence(0, win);
    if (me == target)
        for (int k = 0; k < NP; k++) {
            long v;
            int i;
            pt->get(mem + (k + 1) * pt->ext, &v, &i);
            ok &= v == 100 + k && i == (k % 2 ? 0 : 7 * k + 1);
        }
    MPI_Win_free(&win);
    free(mem);
    free(src);
    return ok;
}

/* short and int members that agree: v and 1000 * v + 7 */
static int agree(const struct s_i *p)
{
    return p->i == 1000 * p->v + 7;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    tap_start(120);
    int me = tap_rank(), n = tap_size();
    int target = 0, writer = 1 % n, reader = n - 1;

    /* ---- 1. every member of every pair type, nothing else ---- */
    const struct ptype pts[] = {
        { MPI_SHORT_INT, "MPI_SHORT_INT", sizeof(struct s_i), set_s_i, get_s_i },
        { MPI_DOUBLE_INT, "MPI_DOUBLE_INT", sizeof(struct d_i), set_d_i, get_d_i },
        { MPI_LONG_INT, "MPI_LONG_INT", sizeof(struct l_i), set_l_i, get_l_i },
        { MPI_FLOAT_INT, "MPI_FLOAT_INT", sizeof(struct f_i), set_f_i, get_f_i },
        { MPI_2INT, "MPI_2INT", sizeof(struct i_i), set_i_i, get_i_i },
        { MPI_LONG_DOUBLE_INT, "MPI_LONG_DOUBLE_INT", sizeof(struct ld_i), set_ld_i, get_ld_i },
    };
    for (size_t t = 0; t < sizeof pts / sizeof pts[0]; t++) {
        int ok = layout_case(&pts[t], me, n);
        if (me == target)
            CHECK(ok, "Accumulate REPLACE, MAXLOC of %d x %s: members written, rest untouched",
                  NP, pts[t].name);
    }

    /* ---- 2. no torn pairs under concurrent REPLACE and NO_OP reads ---- */
    struct s_i *mem = calloc(NP, sizeof *mem);
    for (int k = 0; k < NP; k++)
        mem[k].i = 7; /* v = 0 agrees */
    MPI_Win win;
    MPI_Win_create(mem, NP * sizeof *mem, sizeof *mem, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    long torn = 0, reads = 0;
    for (int ep = 0; ep < EPOCHS; ep++) {
        MPI_Win_fence(0, win);
        struct s_i blk[PER_EPOCH][NP], got[PER_EPOCH][NP], one[PER_EPOCH][NP];
        if (me == writer) {
            for (int r = 0; r < PER_EPOCH; r++) {
                for (int k = 0; k < NP; k++) {
                    blk[r][k].v = (short)(ep * PER_EPOCH + r + 1);
                    blk[r][k].i = 1000 * blk[r][k].v + 7;
                }
                MPI_Accumulate(blk[r], NP, MPI_SHORT_INT, target, 0, NP, MPI_SHORT_INT,
                               MPI_REPLACE, win);
            }
        }
        if (me == reader) {
            for (int r = 0; r < PER_EPOCH; r++) {
                MPI_Get_accumulate(NULL, 0, MPI_SHORT_INT, got[r], NP, MPI_SHORT_INT, target, 0,
                                   NP, MPI_SHORT_INT, MPI_NO_OP, win);
                for (int k = 0; k < NP; k++)
                    MPI_Fetch_and_op(NULL, &one[r][k], MPI_SHORT_INT, target, k, MPI_NO_OP, win);
            }
        }
        MPI_Win_fence(0, win);
        if (me == reader)
            for (int r = 0; r < PER_EPOCH; r++)
                for (int k = 0; k < NP; k++) {
                    torn += !agree(&got[r][k]) + !agree(&one[r][k]);
                    reads += 2;
                }
    }
    if (me == reader)
        CHECK(torn == 0, "%ld NO_OP reads during REPLACE of %d-pair MPI_SHORT_INT: %ld torn",
              reads, NP, torn);
    if (me == target) {
        int last = 1;
        for (int k = 0; k < NP; k++)
            last &= mem[k].v == EPOCHS * PER_EPOCH && agree(&mem[k]);
        CHECK(last, "after the last fence every pair holds the last block");
    }
    MPI_Win_free(&win);
    free(mem);

    /* ---- 3. CAS counter through two windows over overlapping memory ---- */
    long *cnt = calloc(4, sizeof *cnt);
    MPI_Win wa, wb; /* wa: cnt[0..3], wb: cnt[1..3] */
    MPI_Win_create(cnt, 4 * sizeof *cnt, sizeof *cnt, MPI_INFO_NULL, MPI_COMM_WORLD, &wa);
    MPI_Win_create(cnt + 1, 3 * sizeof *cnt, sizeof *cnt, MPI_INFO_NULL, MPI_COMM_WORLD, &wb);
    const int incs = 50;
    long retries = 0;
    MPI_Win_lock_all(0, wa);
    MPI_Win_lock_all(0, wb);
    for (int k = 0; k < incs; k++) {
#ifdef LIBMPI_MBCF
        MPI_Win w = k % 2 ? wa : wb;
        MPI_Aint d = k % 2 ? 1 : 0; /* the same long: cnt[1] */
#else
        MPI_Win w = wa;
        MPI_Aint d = 1;
#endif
        long old = 0, seen;
        for (;;) {
            long nv = old + 1;
            MPI_Compare_and_swap(&nv, &old, &seen, MPI_LONG, target, d, w);
            MPI_Win_flush(target, w);
            if (seen == old)
                break;
            old = seen;
            retries++;
        }
    }
    MPI_Win_unlock_all(wb);
    MPI_Win_unlock_all(wa);
    MPI_Barrier(MPI_COMM_WORLD);
    if (me == target)
        CHECK(cnt[1] == (long)incs * n && cnt[0] == 0 && cnt[2] == 0,
              "CAS counter, %d ranks x %d%s: %ld (want %ld)", n, incs,
#ifdef LIBMPI_MBCF
              ", 2 overlapping windows",
#else
              "",
#endif
              cnt[1], (long)incs * n);
    (void)retries;
    MPI_Win_free(&wb);
    MPI_Win_free(&wa);
    free(cnt);
    int rc = tap_finish();
    MPI_Finalize();
    return rc;
}
