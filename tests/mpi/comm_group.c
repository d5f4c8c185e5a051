/* comm_group.c - conformance: MPI_Comm_create_group (MPI-3.1 sec 6.4.2), which
 * only the group's members call: the even and the odd ranks each build their
 * communicator at the same time (different groups, tags), a reversed pair
 * {last, 0} is built while the other ranks do not take part at all, and the
 * new communicators carry point-to-point and collective traffic. */
#include "tap.h"

static MPI_Comm from_ranks(const int *ranks, int n, int tag)
{
    MPI_Group world, g;
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    MPI_Group_incl(world, n, ranks, &g);
    MPI_Comm c = MPI_COMM_NULL;
    MPI_Comm_create_group(MPI_COMM_WORLD, g, tag, &c);
    MPI_Group_free(&g);
    MPI_Group_free(&world);
    return c;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    tap_start(60);
    int me = tap_rank(), n = tap_size();
    /* evens and odds, each group in descending world order */
    int ranks[64], k = 0;
    for (int r = n - 1; r >= 0; r--)
        if (r % 2 == me % 2)
            ranks[k++] = r;
    MPI_Comm c = from_ranks(ranks, k, 10 + me % 2);
    int size = -1, rank = -1, sum = -1;
    MPI_Comm_size(c, &size);
    MPI_Comm_rank(c, &rank);
    CHECK(size == k && ranks[rank] == me, "create_group of the %s ranks: size %d, rank by group order",
          me % 2 ? "odd" : "even", k);
    MPI_Allreduce(&me, &sum, 1, MPI_INT, MPI_SUM, c);
    int want = 0;
    for (int i = 0; i < k; i++)
        want += ranks[i];
    CHECK(sum == want, "Allreduce over the new communicator");
    if (size > 1) {
        int to = (rank + 1) % size, from = (rank + size - 1) % size, v = -1;
        MPI_Sendrecv(&me, 1, MPI_INT, to, 3, &v, 1, MPI_INT, from, 3, c, MPI_STATUS_IGNORE);
        CHECK(v == ranks[from], "Sendrecv around the new communicator");
    }
    MPI_Comm_free(&c);

    /* only two ranks take part; the others go straight on */
    if (n > 1 && (me == 0 || me == n - 1)) {
        int pair[2] = { n - 1, 0 };
        MPI_Comm p = from_ranks(pair, 2, 99);
        MPI_Comm_rank(p, &rank);
        int v = me, root_v = -1;
        MPI_Bcast(me == n - 1 ? &v : &root_v, 1, MPI_INT, 0, p);
        if (me == n - 1)
            root_v = v;
        CHECK(rank == (me == 0 ? 1 : 0) && root_v == n - 1,
              "create_group of {last, 0} without the other ranks: ranks swapped, Bcast works");
        MPI_Comm_free(&p);
    }
    /* a group of one: this rank alone */
    MPI_Comm self = from_ranks(&me, 1, 5);
    MPI_Comm_size(self, &size);
    CHECK(size == 1, "create_group of one rank");
    MPI_Comm_free(&self);
    MPI_Barrier(MPI_COMM_WORLD);
    int rc = tap_finish();
    MPI_Finalize();
    return rc;
}
