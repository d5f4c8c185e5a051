/* nbc.c - conformance: non-blocking collectives (MPI-3.1 sec 5.12): every
 * I-collective against a serial reference, on MPI_COMM_WORLD and on a split
 * communicator, roots other than 0, MPI_IN_PLACE, a non-commutative user op
 * (2x2 matrix product, operands must stay in rank order), several
 * collectives outstanding at once and completed in reverse order, and
 * collectives overlapped with point-to-point and blocking collectives;
 * the blocking Alltoallw (its schedule, waited for) and Comm_idup.
 * Prints TAP; exits non-zero on any failure. */
#include "tap.h"
#include <stdlib.h>
#include <string.h>

#define N 5                       /* elements per block */

static int val(int rank, int i) { return rank * 100 + i + 1; }

/* 2x2 integer matrices, row-major: inout = in * inout */
static void matmul(void *in, void *inout, int *len, MPI_Datatype *dt)
{
    (void)dt;
    int *a = in, *b = inout;
    for (int k = 0; k < *len; k++, a += 4, b += 4) {
        int r[4] = { a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3],
                     a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3] };
        memcpy(b, r, sizeof r);
    }
}

static void mat_of(int rank, int *m) { m[0] = 1; m[1] = rank + 1; m[2] = 0; m[3] = 1 + (rank & 1); }

static void mat_ref(int from, int to, int *m)   /* product of ranks from..to-1 */
{
    m[0] = 1; m[1] = 0; m[2] = 0; m[3] = 1;
    for (int q = from; q < to; q++) {
        int a[4], r[4];
        mat_of(q, a);
        r[0] = m[0] * a[0] + m[1] * a[2]; r[1] = m[0] * a[1] + m[1] * a[3];
        r[2] = m[2] * a[0] + m[3] * a[2]; r[3] = m[2] * a[1] + m[3] * a[3];
        memcpy(m, r, sizeof r);
    }
}

static void run(MPI_Comm comm, const char *cn)
{
    int me, n;
    MPI_Comm_rank(comm, &me);
    MPI_Comm_size(comm, &n);
    int root = n - 1;
    MPI_Request rq[8];
    int *sb = malloc(sizeof(int) * N * n), *rb = malloc(sizeof(int) * N * n);
    int ok;

    /* Ibarrier with a send crossing it */
    int tok = -1, mine = me;
    MPI_Ibarrier(comm, &rq[0]);
    MPI_Isend(&mine, 1, MPI_INT, (me + 1) % n, 3, comm, &rq[1]);
    MPI_Recv(&tok, 1, MPI_INT, (me + n - 1) % n, 3, comm, MPI_STATUS_IGNORE);
    MPI_Waitall(2, rq, MPI_STATUSES_IGNORE);
    CHECK(tok == (me + n - 1) % n, "%s: Ibarrier overlapped with point-to-point", cn);

    /* Ibcast from the last rank */
    for (int i = 0; i < N; i++)
        rb[i] = me == root ? val(root, i) : -1;
    MPI_Ibcast(rb, N, MPI_INT, root, comm, &rq[0]);
    MPI_Wait(&rq[0], MPI_STATUS_IGNORE);
    ok = 1;
    for (int i = 0; i < N; i++)
        ok &= rb[i] == val(root, i);
    CHECK(ok && rq[0] == MPI_REQUEST_NULL, "%s: Ibcast root %d", cn, root);

    /* Ireduce (sum) to root and Iallreduce (max), outstanding together */
    int red[N], all[N], in[N];
    for (int i = 0; i < N; i++) {
        in[i] = val(me, i);
        red[i] = all[i] = -1;
    }
    MPI_Ireduce(in, red, N, MPI_INT, MPI_SUM, root, comm, &rq[0]);
    MPI_Iallreduce(in, all, N, MPI_INT, MPI_MAX, comm, &rq[1]);
    MPI_Wait(&rq[1], MPI_STATUS_IGNORE);
    MPI_Wait(&rq[0], MPI_STATUS_IGNORE);
    ok = 1;
    for (int i = 0; i < N; i++) {
        int sum = 0;
        for (int q = 0; q < n; q++)
            sum += val(q, i);
        if (me == root)
            ok &= red[i] == sum;
        ok &= all[i] == val(n - 1, i);
    }
    CHECK(ok, "%s: Ireduce(SUM) and Iallreduce(MAX) outstanding together", cn);

    /* in place */
    for (int i = 0; i < N; i++)
        all[i] = me + i;
    MPI_Iallreduce(MPI_IN_PLACE, all, N, MPI_INT, MPI_SUM, comm, &rq[0]);
    MPI_Wait(&rq[0], MPI_STATUS_IGNORE);
    ok = 1;
    for (int i = 0; i < N; i++)
        ok &= all[i] == n * (n - 1) / 2 + n * i;
    CHECK(ok, "%s: Iallreduce in place", cn);

    /* non-commutative op: Ireduce to root, Iallreduce, Iscan, Iexscan */
    MPI_Op mop;
    MPI_Op_create(matmul, 0, &mop);
    MPI_Datatype mt;
    MPI_Type_contiguous(4, MPI_INT, &mt);
    MPI_Type_commit(&mt);
    int m[4], mr[4] = { 0 }, ma[4] = { 0 }, ms[4] = { 0 }, mx[4] = { 7, 7, 7, 7 }, ref[4];
    mat_of(me, m);
    MPI_Ireduce(m, mr, 1, mt, mop, root, comm, &rq[0]);
    MPI_Iallreduce(m, ma, 1, mt, mop, comm, &rq[1]);
    MPI_Iscan(m, ms, 1, mt, mop, comm, &rq[2]);
    MPI_Iexscan(m, mx, 1, mt, mop, comm, &rq[3]);
    MPI_Type_free(&mt);           /* pending operations keep it alive */
    MPI_Waitall(4, rq, MPI_STATUSES_IGNORE);
    mat_ref(0, n, ref);
    CHECK(me != root || !memcmp(mr, ref, sizeof ref), "%s: Ireduce non-commutative op, root %d",
          cn, root);
    CHECK(!memcmp(ma, ref, sizeof ref), "%s: Iallreduce non-commutative op", cn);
    mat_ref(0, me + 1, ref);
    CHECK(!memcmp(ms, ref, sizeof ref), "%s: Iscan non-commutative op", cn);
    mat_ref(0, me, ref);
    CHECK(me == 0 ? mx[0] == 7 : !memcmp(mx, ref, sizeof ref), "%s: Iexscan non-commutative op",
          cn);
    MPI_Op_free(&mop);

    /* Igather / Iscatter (root 0 and root n-1), Iallgather */
    for (int i = 0; i < N; i++)
        sb[i] = val(me, i);
    memset(rb, 0xff, sizeof(int) * N * n);
    MPI_Igather(sb, N, MPI_INT, rb, N, MPI_INT, root, comm, &rq[0]);
    MPI_Wait(&rq[0], MPI_STATUS_IGNORE);
    ok = 1;
    if (me == root)
        for (int q = 0; q < n; q++)
            for (int i = 0; i < N; i++)
                ok &= rb[q * N + i] == val(q, i);
    CHECK(ok, "%s: Igather root %d", cn, root);
    for (int q = 0; q < n; q++)
        for (int i = 0; i < N; i++)
            sb[q * N + i] = me == 0 ? val(q, i) : -5;
    int part[N];
    MPI_Iscatter(sb, N, MPI_INT, part, N, MPI_INT, 0, comm, &rq[0]);
    MPI_Wait(&rq[0], MPI_STATUS_IGNORE);
    ok = 1;
    for (int i = 0; i < N; i++)
        ok &= part[i] == val(me, i);
    CHECK(ok, "%s: Iscatter root 0", cn);
    for (int i = 0; i < N; i++)
        sb[i] = val(me, i);
    memset(rb, 0xff, sizeof(int) * N * n);
    MPI_Iallgather(sb, N, MPI_INT, rb, N, MPI_INT, comm, &rq[0]);
    MPI_Wait(&rq[0], MPI_STATUS_IGNORE);
    ok = 1;
    for (int q = 0; q < n; q++)
        for (int i = 0; i < N; i++)
            ok &= rb[q * N + i] == val(q, i);
    CHECK(ok, "%s: Iallgather", cn);

    /* v-forms: rank q contributes q+1 elements, blocks in reverse order */
    int *cnt = malloc(sizeof(int) * n), *dsp = malloc(sizeof(int) * n), tot = 0;
    for (int q = n - 1; q >= 0; q--) {
        cnt[q] = q + 1;
        dsp[q] = tot;
        tot += q + 1;
    }
    int *vb = malloc(sizeof(int) * (tot + 1)), *vs = malloc(sizeof(int) * (n + 1));
    for (int i = 0; i <= me; i++)
        vs[i] = val(me, i);
    memset(vb, 0xff, sizeof(int) * (tot + 1));
    MPI_Igatherv(vs, me + 1, MPI_INT, vb, cnt, dsp, MPI_INT, 0, comm, &rq[0]);
    MPI_Wait(&rq[0], MPI_STATUS_IGNORE);
    ok = 1;
    if (me == 0)
        for (int q = 0; q < n; q++)
            for (int i = 0; i <= q; i++)
                ok &= vb[dsp[q] + i] == val(q, i);
    CHECK(ok, "%s: Igatherv", cn);
    memset(vb, 0xff, sizeof(int) * (tot + 1));
    MPI_Iallgatherv(vs, me + 1, MPI_INT, vb, cnt, dsp, MPI_INT, comm, &rq[0]);
    MPI_Wait(&rq[0], MPI_STATUS_IGNORE);
    ok = 1;
    for (int q = 0; q < n; q++)
        for (int i = 0; i <= q; i++)
            ok &= vb[dsp[q] + i] == val(q, i);
    CHECK(ok, "%s: Iallgatherv", cn);
    int vr[64];
    MPI_Iscatterv(vb, cnt, dsp, MPI_INT, vr, me + 1, MPI_INT, root, comm, &rq[0]);
    MPI_Wait(&rq[0], MPI_STATUS_IGNORE);
    ok = 1;
    for (int i = 0; i <= me; i++)
        ok &= vr[i] == val(me, i);
    CHECK(ok, "%s: Iscatterv root %d", cn, root);

    /* Ialltoall (and in place), Ialltoallv, Ialltoallw */
    for (int q = 0; q < n; q++)
        for (int i = 0; i < N; i++)
            sb[q * N + i] = me * 1000 + q * 10 + i;
    MPI_Ialltoall(sb, N, MPI_INT, rb, N, MPI_INT, comm, &rq[0]);
    MPI_Wait(&rq[0], MPI_STATUS_IGNORE);
    ok = 1;
    for (int q = 0; q < n; q++)
        for (int i = 0; i < N; i++)
            ok &= rb[q * N + i] == q * 1000 + me * 10 + i;
    CHECK(ok, "%s: Ialltoall", cn);
    memcpy(rb, sb, sizeof(int) * N * n);
    MPI_Ialltoall(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, rb, N, MPI_INT, comm, &rq[0]);
    MPI_Wait(&rq[0], MPI_STATUS_IGNORE);
    ok = 1;
    for (int q = 0; q < n; q++)
        for (int i = 0; i < N; i++)
            ok &= rb[q * N + i] == q * 1000 + me * 10 + i;
    CHECK(ok, "%s: Ialltoall in place", cn);
    /* v: to rank q send min(q,me)+1 elements */
    int *sc = malloc(sizeof(int) * n), *sd = malloc(sizeof(int) * n);
    int *rc = malloc(sizeof(int) * n), *rd = malloc(sizeof(int) * n);
    MPI_Datatype *ty = malloc(sizeof(MPI_Datatype) * n);
    int *sdb = malloc(sizeof(int) * n), *rdb = malloc(sizeof(int) * n);
    for (int q = 0; q < n; q++) {
        sc[q] = rc[q] = (q < me ? q : me) + 1;
        sd[q] = rd[q] = q * N;
        sdb[q] = rdb[q] = q * N * (int)sizeof(int);
        ty[q] = MPI_INT;
    }
    memset(rb, 0xff, sizeof(int) * N * n);
    MPI_Ialltoallv(sb, sc, sd, MPI_INT, rb, rc, rd, MPI_INT, comm, &rq[0]);
    MPI_Wait(&rq[0], MPI_STATUS_IGNORE);
    ok = 1;
    for (int q = 0; q < n; q++)
        for (int i = 0; i < N; i++)
            ok &= rb[q * N + i] == (i < rc[q] ? q * 1000 + me * 10 + i : -1);
    CHECK(ok, "%s: Ialltoallv", cn);
    memset(rb, 0xff, sizeof(int) * N * n);
    MPI_Ialltoallw(sb, sc, sdb, ty, rb, rc, rdb, ty, comm, &rq[0]);
    MPI_Wait(&rq[0], MPI_STATUS_IGNORE);
    ok = 1;
    for (int q = 0; q < n; q++)
        for (int i = 0; i < N; i++)
            ok &= rb[q * N + i] == (i < rc[q] ? q * 1000 + me * 10 + i : -1);
    CHECK(ok, "%s: Ialltoallw", cn);
    memset(rb, 0xff, sizeof(int) * N * n);
    MPI_Alltoallw(sb, sc, sdb, ty, rb, rc, rdb, ty, comm);
    ok = 1;
    for (int q = 0; q < n; q++)
        for (int i = 0; i < N; i++)
            ok &= rb[q * N + i] == (i < rc[q] ? q * 1000 + me * 10 + i : -1);
    CHECK(ok, "%s: Alltoallw (blocking)", cn);

    /* Ireduce_scatter(_block) */
    for (int q = 0; q < n; q++)
        for (int i = 0; i < N; i++)
            sb[q * N + i] = val(me, q * N + i);
    int blk[N];
    MPI_Ireduce_scatter_block(sb, blk, N, MPI_INT, MPI_SUM, comm, &rq[0]);
    for (int q = 0; q < n; q++)
        cnt[q] = N;
    int blk2[N];
    MPI_Ireduce_scatter(sb, blk2, cnt, MPI_INT, MPI_SUM, comm, &rq[1]);
    MPI_Waitall(2, rq, MPI_STATUSES_IGNORE);
    ok = 1;
    for (int i = 0; i < N; i++) {
        int sum = 0;
        for (int q = 0; q < n; q++)
            sum += val(q, me * N + i);
        ok &= blk[i] == sum && blk2[i] == sum;
    }
    CHECK(ok, "%s: Ireduce_scatter_block and Ireduce_scatter", cn);

    /* eight outstanding at once, completed in reverse order, beside a
     * blocking Allreduce */
    int bc[8], got[8];
    for (int k = 0; k < 8; k++) {
        bc[k] = me == k % n ? 500 + k : -1;
        MPI_Ibcast(&bc[k], 1, MPI_INT, k % n, comm, &rq[k]);
    }
    int one = 1, nsum = 0;
    MPI_Allreduce(&one, &nsum, 1, MPI_INT, MPI_SUM, comm);
    for (int k = 7; k >= 0; k--) {
        MPI_Wait(&rq[k], MPI_STATUS_IGNORE);
        got[k] = bc[k];
    }
    ok = nsum == n;
    for (int k = 0; k < 8; k++)
        ok &= got[k] == 500 + k;
    CHECK(ok, "%s: 8 Ibcasts outstanding, waited in reverse, Allreduce between", cn);

    /* Test until done */
    int flag = 0, spins = 0;
    MPI_Ibarrier(comm, &rq[0]);
    while (!flag) {
        MPI_Test(&rq[0], &flag, MPI_STATUS_IGNORE);
        spins++;
    }
    CHECK(flag && rq[0] == MPI_REQUEST_NULL, "%s: Ibarrier completes under MPI_Test (%d calls)",
          cn, spins > 0);
    free(sb); free(rb); free(cnt); free(dsp); free(vb); free(vs);
    free(sc); free(sd); free(rc); free(rd); free(ty); free(sdb); free(rdb);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    tap_start(60);
    int me = tap_rank();
    run(MPI_COMM_WORLD, "world");
    MPI_Comm half;
    MPI_Comm_split(MPI_COMM_WORLD, me % 2, -me, &half);
    run(half, "split");
    MPI_Comm_free(&half);
    MPI_Comm idup;
    MPI_Request rq;
    MPI_Comm_idup(MPI_COMM_WORLD, &idup, &rq);
    MPI_Wait(&rq, MPI_STATUS_IGNORE);
    int res = -1;
    MPI_Comm_compare(MPI_COMM_WORLD, idup, &res);
    CHECK(res == MPI_CONGRUENT, "Comm_idup gives a congruent communicator");
    run(idup, "idup");
    MPI_Comm_free(&idup);
    int rc = tap_finish();
    MPI_Finalize();
    return rc;
}
