/* comm_idup.c - conformance: MPI_Comm_idup is non-blocking (MPI-3.1 sec
 * 6.4.2): it completes while the members do other communication in any
 * order. Even ranks call Comm_create_group then Comm_idup, odd ranks the
 * other way round; rank 1 calls idup only after a Recv from rank 0, which
 * sends after starting its idup; idups on two communicators started in
 * opposite orders on even and odd ranks (their copies keep messages apart);
 * several idups and an
 * Iallreduce on the parent complete in one Waitall; the copy keeps the
 * parent's attributes and works (Allreduce, Barrier).
 * Prints TAP; exits non-zero on any failure. */
#include "tap.h"
#include <stddef.h>

static int copy_fn(MPI_Comm c, int k, void *extra, void *in, void *out, int *flag)
{
    (void)c;
    (void)k;
    (void)extra;
    *(void **)out = in;
    *flag = 1;
    return MPI_SUCCESS;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    tap_start(60);
    int me = tap_rank(), n = tap_size();
    MPI_Group wg;
    MPI_Comm_group(MPI_COMM_WORLD, &wg);
    MPI_Comm gc, ic;
    MPI_Request r;
    if (me % 2 == 0) {
        MPI_Comm_create_group(MPI_COMM_WORLD, wg, 0, &gc);
        MPI_Comm_idup(MPI_COMM_WORLD, &ic, &r);
    } else {
        MPI_Comm_idup(MPI_COMM_WORLD, &ic, &r);
        MPI_Comm_create_group(MPI_COMM_WORLD, wg, 0, &gc);
    }
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    int one = 1, s1 = 0, s2 = 0;
    MPI_Allreduce(&one, &s1, 1, MPI_INT, MPI_SUM, ic);
    MPI_Allreduce(&one, &s2, 1, MPI_INT, MPI_SUM, gc);
    CHECK(s1 == n && s2 == n, "idup and create_group called in opposite orders: both work (%d %d)",
          s1, s2);
    MPI_Comm_free(&gc);
    MPI_Comm_free(&ic);
    MPI_Group_free(&wg);

    /* rank 0 starts an idup, then sends to rank 1, which calls idup only
     * after that Recv: a blocking idup at rank 0 would wait for rank 1 forever */
    int v = -1;
    if (me == 1) {
        MPI_Recv(&v, 1, MPI_INT, 0, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Comm_idup(MPI_COMM_WORLD, &ic, &r);
    } else {
        MPI_Comm_idup(MPI_COMM_WORLD, &ic, &r);
        v = 42;
        if (me == 0 && n > 1)
            MPI_Send(&v, 1, MPI_INT, 1, 5, MPI_COMM_WORLD);
    }
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    int s3 = 0;
    MPI_Allreduce(&one, &s3, 1, MPI_INT, MPI_SUM, ic);
    CHECK(v == 42 && s3 == n, "idup pending while its parent carries a message (%d, %d)", v, s3);
    MPI_Comm_free(&ic);

    /* idups on two communicators, even ranks A then B, odd ranks B then A */
    MPI_Comm pa, pb, da, db;
    MPI_Request rr[2];
    MPI_Comm_dup(MPI_COMM_WORLD, &pa);
    MPI_Comm_dup(MPI_COMM_WORLD, &pb);
    if (me % 2 == 0) {
        MPI_Comm_idup(pa, &da, &rr[0]);
        MPI_Comm_idup(pb, &db, &rr[1]);
    } else {
        MPI_Comm_idup(pb, &db, &rr[1]);
        MPI_Comm_idup(pa, &da, &rr[0]);
    }
    MPI_Waitall(2, rr, MPI_STATUSES_IGNORE);
    int sa = 0, sb = 0;
    MPI_Allreduce(&one, &sa, 1, MPI_INT, MPI_SUM, da);
    MPI_Allreduce(&me, &sb, 1, MPI_INT, MPI_SUM, db);
    CHECK(sa == n && sb == n * (n - 1) / 2,
          "idups on two communicators started in opposite orders (%d %d)", sa, sb);
    /* the two copies are apart: rank 0 sends on da then on db, rank 1
     * receives on db first and must get db's message */
    if (n >= 2 && me < 2) {
        int va = 11, vb = 22, got = -1;
        MPI_Request sr[2];
        if (me == 0) {
            MPI_Isend(&va, 1, MPI_INT, 1, 1, da, &sr[0]);
            MPI_Isend(&vb, 1, MPI_INT, 1, 1, db, &sr[1]);
            MPI_Waitall(2, sr, MPI_STATUSES_IGNORE);
        } else {
            MPI_Recv(&got, 1, MPI_INT, 0, 1, db, MPI_STATUS_IGNORE);
            MPI_Recv(&va, 1, MPI_INT, 0, 1, da, MPI_STATUS_IGNORE);
        }
        CHECK(me == 0 || (got == 22 && va == 11),
              "the two copies keep their messages apart (got %d on db, %d on da)", got, va);
    }
    MPI_Comm_free(&da);
    MPI_Comm_free(&db);
    MPI_Comm_free(&pa);
    MPI_Comm_free(&pb);

    /* several idups and an Iallreduce on the parent, one Waitall; attributes */
    int key, val = 7, flag = 0, *got = NULL;
    MPI_Comm_create_keyval(copy_fn, MPI_COMM_NULL_DELETE_FN, &key, NULL);
    MPI_Comm base;
    MPI_Comm_dup(MPI_COMM_WORLD, &base);
    MPI_Comm_set_attr(base, key, &val);
    MPI_Comm cs[4];
    MPI_Request rs[5];
    int sum = 0;
    for (int i = 0; i < 2; i++)
        MPI_Comm_idup(base, &cs[i], &rs[i]);
    MPI_Iallreduce(&one, &sum, 1, MPI_INT, MPI_SUM, base, &rs[2]);
    for (int i = 2; i < 4; i++)
        MPI_Comm_idup(base, &cs[i], &rs[i + 1]);
    MPI_Waitall(5, rs, MPI_STATUSES_IGNORE);
    int ok = sum == n;
    for (int i = 0; i < 4; i++) {
        int s = 0;
        MPI_Allreduce(&me, &s, 1, MPI_INT, MPI_SUM, cs[i]);
        ok &= s == n * (n - 1) / 2;
        MPI_Comm_get_attr(cs[i], key, &got, &flag);
        ok &= flag && got == &val;
        int res = -1;
        MPI_Comm_compare(cs[i], base, &res);
        ok &= res == MPI_CONGRUENT;
    }
    CHECK(ok, "4 idups and an Iallreduce in one Waitall: copies congruent, working, with the "
              "attribute");
    for (int i = 0; i < 4; i++)
        MPI_Comm_free(&cs[i]);
    MPI_Comm_free(&base);
    MPI_Comm_free_keyval(&key);
    int rc = tap_finish();
    MPI_Finalize();
    return rc;
}
