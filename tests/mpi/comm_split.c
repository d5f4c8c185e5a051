/* comm_split.c - conformance: communicators and groups: Comm_dup (separate
 * context: same tags do not cross), Comm_split by color with key ordering,
 * MPI_UNDEFINED color, Comm_compare, Comm_create from a group, Comm_group,
 * Group_incl/excl/translate_ranks/size/rank/compare/free, Comm_free,
 * MPI_COMM_SELF, attributes (TAG_UB, user keyvals copied on dup). */
#include "tap.h"
#include <stdlib.h>

static int copy_count;
static int copy_fn(MPI_Comm c, int k, void *extra, void *in, void *out, int *flag)
{
    (void)c; (void)k; (void)extra;
    copy_count++;
    *(void **)out = in;
    *flag = 1;
    return MPI_SUCCESS;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    tap_start(60);
    int me = tap_rank(), n = tap_size();
    int next = (me + 1) % n, prev = (me + n - 1) % n;

    /* dup: a message on the dup must not match a receive on WORLD */
    MPI_Comm dup;
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    int res;
    MPI_Comm_compare(MPI_COMM_WORLD, dup, &res);
    CHECK(res == MPI_CONGRUENT, "dup is congruent");
    MPI_Comm_compare(dup, dup, &res);
    CHECK(res == MPI_IDENT, "comm is identical to itself");
    int a = me, b = -1, c = -1;
    MPI_Request r[3];
    MPI_Irecv(&b, 1, MPI_INT, prev, 5, MPI_COMM_WORLD, &r[0]);
    MPI_Irecv(&c, 1, MPI_INT, prev, 5, dup, &r[1]);
    int a2 = me + 100;
    MPI_Send(&a2, 1, MPI_INT, next, 5, dup);
    MPI_Send(&a, 1, MPI_INT, next, 5, MPI_COMM_WORLD);
    MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
    CHECK(b == prev && c == prev + 100, "contexts keep WORLD and dup traffic apart");

    /* split: even/odd, key reverses the order */
    MPI_Comm half;
    MPI_Comm_split(MPI_COMM_WORLD, me % 2, -me, &half);
    int hr, hs;
    MPI_Comm_rank(half, &hr);
    MPI_Comm_size(half, &hs);
    int expect_size = (n + 1 - me % 2) / 2;
    int higher = 0;
    for (int q = me + 2; q < n; q += 2)
        higher++;
    CHECK(hs == expect_size && hr == higher, "split: size %d rank %d", hs, hr);
    /* ring inside the half */
    int v = me, w = -1;
    MPI_Sendrecv(&v, 1, MPI_INT, (hr + 1) % hs, 6, &w, 1, MPI_INT, (hr + hs - 1) % hs, 6, half,
                 MPI_STATUS_IGNORE);
    int exp_prev_world = -1;
    {
        /* member with half-rank hr-1 is world rank me+2 (keys reversed) */
        int pr = (hr + hs - 1) % hs;
        int cnt = 0;
        for (int q = n - 1; q >= 0; q--)
            if (q % 2 == me % 2) {
                if (cnt == pr)
                    exp_prev_world = q;
                cnt++;
            }
    }
    CHECK(w == exp_prev_world, "ring inside the split communicator");
    MPI_Group wg, hg;
    MPI_Comm_group(MPI_COMM_WORLD, &wg);
    MPI_Comm_group(half, &hg);
    int zero = 0, tr = -1;
    MPI_Group_translate_ranks(hg, 1, &zero, wg, &tr);
    CHECK(tr == exp_prev_world + 0 || tr >= 0, "translate_ranks gives a world rank");
    int gsz, grk;
    MPI_Group_size(hg, &gsz);
    MPI_Group_rank(hg, &grk);
    CHECK(gsz == hs && grk == hr, "group size/rank match the communicator");

    /* undefined color */
    MPI_Comm none;
    MPI_Comm_split(MPI_COMM_WORLD, me == 0 ? MPI_UNDEFINED : 1, 0, &none);
    CHECK((me == 0) == (none == MPI_COMM_NULL), "MPI_UNDEFINED color gives MPI_COMM_NULL");
    if (none != MPI_COMM_NULL)
        MPI_Comm_free(&none);

    /* group incl/excl and Comm_create */
    int *ranks = malloc((size_t)n * sizeof(int)), k = 0;
    for (int q = n - 1; q >= 0; q -= 2)
        ranks[k++] = q;
    MPI_Group g1, g2;
    MPI_Group_incl(wg, k, ranks, &g1);
    MPI_Group_excl(wg, k, ranks, &g2);
    int s1, s2;
    MPI_Group_size(g1, &s1);
    MPI_Group_size(g2, &s2);
    CHECK(s1 + s2 == n && s1 == k, "incl + excl cover the world");
    /* MPI 2.2: different ranks pass different, disjoint groups (g1 and its
     * complement g2); each rank gets the communicator of its own group */
    {
        int mine_in_g1 = (n - 1 - me) % 2 == 0;
        MPI_Comm dc;
        MPI_Comm_create(MPI_COMM_WORLD, mine_in_g1 ? g1 : g2, &dc);
        int ds = -1, dr = -1, want_r = -1, sum = 0;
        MPI_Group_rank(mine_in_g1 ? g1 : g2, &want_r);
        if (dc != MPI_COMM_NULL) {
            MPI_Comm_size(dc, &ds);
            MPI_Comm_rank(dc, &dr);
            int one = 1;
            MPI_Allreduce(&one, &sum, 1, MPI_INT, MPI_SUM, dc);
            MPI_Comm_free(&dc);
        }
        CHECK(ds == (mine_in_g1 ? s1 : s2) && dr == want_r && sum == ds,
              "Comm_create with disjoint groups: size %d rank %d sum %d", ds, dr, sum);
    }
    MPI_Comm cc;
    MPI_Comm_create(MPI_COMM_WORLD, g1, &cc);
    int in_g1 = (n - 1 - me) % 2 == 0;
    CHECK(in_g1 == (cc != MPI_COMM_NULL), "Comm_create membership");
    if (cc != MPI_COMM_NULL) {
        int cr, g1r;
        MPI_Comm_rank(cc, &cr);
        MPI_Group_rank(g1, &g1r);
        CHECK(cr == g1r && cr == (n - 1 - me) / 2, "Comm_create ranks follow the group order");
        int sum = 0, one = 1;
        /* point-to-point sum to rank 0 of cc */
        int cs;
        MPI_Comm_size(cc, &cs);
        if (cr == 0) {
            sum = 1;
            for (int q = 1; q < cs; q++) {
                MPI_Recv(&one, 1, MPI_INT, q, 7, cc, MPI_STATUS_IGNORE);
                sum += one;
            }
            CHECK(sum == cs, "messages inside the created communicator");
        } else {
            MPI_Send(&one, 1, MPI_INT, 0, 7, cc);
        }
        MPI_Comm_free(&cc);
    }
    MPI_Group_compare(wg, wg, &res);
    CHECK(res == MPI_IDENT, "group compare ident");
    MPI_Group_free(&g1);
    MPI_Group_free(&g2);
    MPI_Group_free(&hg);
    MPI_Group_free(&wg);
    CHECK(wg == MPI_GROUP_NULL, "Group_free resets the handle");

    /* SELF */
    int ss, sr;
    MPI_Comm_size(MPI_COMM_SELF, &ss);
    MPI_Comm_rank(MPI_COMM_SELF, &sr);
    int x = 3, y = 0;
    MPI_Sendrecv(&x, 1, MPI_INT, 0, 1, &y, 1, MPI_INT, 0, 1, MPI_COMM_SELF, MPI_STATUS_IGNORE);
    CHECK(ss == 1 && sr == 0 && y == 3, "MPI_COMM_SELF");

    /* attributes */
    int *tagub, flag;
    MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, &tagub, &flag);
    CHECK(flag && *tagub >= 32767, "MPI_TAG_UB attribute >= 32767");
    int key;
    static int payload = 99;
    MPI_Comm_create_keyval(copy_fn, MPI_COMM_NULL_DELETE_FN, &key, NULL);
    MPI_Comm_set_attr(dup, key, &payload);
    MPI_Comm dup2;
    MPI_Comm_dup(dup, &dup2);
    int *got;
    MPI_Comm_get_attr(dup2, key, &got, &flag);
    CHECK(flag && got == &payload && copy_count == 1, "keyval copied on dup");
    MPI_Comm_free(&dup2);
    MPI_Comm_free(&dup);
    MPI_Comm_free(&half);
    MPI_Comm_free_keyval(&key);
    CHECK(dup == MPI_COMM_NULL, "Comm_free resets the handle");
    free(ranks);
    int rc = tap_finish();
    MPI_Finalize();
    return rc;
}
