/* test_rsched_topo.c - cmocka tests of the halo directions on a
 * communicator's own topology (libmpi_mbcf/rsched/rsched_topo.c): every one
 * of the 8 neighbours of an MPI_Cart_create grid (periodic 4x2 as
 * MPI_Dims_create(8, 2) gives it, and 2x2) has the direction of its offset;
 * non-periodic edges, far ranks and the process itself have none; 1-D
 * grids; graph neighbours get distinct directions. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include "rsched.h"
#include "rsched_topo.h"

/* MPI_Cart_rank of (c0, c1) on a periodic d0 x d1 grid (row-major) */
static int cart_rank(int c0, int c1, int d0, int d1)
{
    c0 = ((c0 % d0) + d0) % d0;
    c1 = ((c1 % d1) + d1) % d1;
    return c0 * d1 + c1;
}

/* Every rank's 8-direction halo on a periodic d0 x d1 grid: the neighbour
 * at offset (dx along dim 1, dy along dim 0) has that direction (on a
 * dimension of 2 the -1 neighbour is the +1 one). */
static void check_grid(int d0, int d1)
{
    int dims[2] = { d0, d1 }, per[2] = { 1, 1 };
    for (int me = 0; me < d0 * d1; me++) {
        struct rsched_topo t;
        assert_int_equal(rsched_topo_cart(&t, me, 2, dims, per), 0);
        int c0 = me / d1, c1 = me % d1;
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                if (!dx && !dy)
                    continue;
                int peer = cart_rank(c0 + dy, c1 + dx, d0, d1);
                int ex = d1 == 2 && dx ? 1 : dx, ey = d0 == 2 && dy ? 1 : dy;
                assert_int_equal(rsched_topo_dir(&t, peer), rsched_dir_from_offset(ex, ey));
            }
        assert_int_equal(rsched_topo_dir(&t, me), -1);
    }
}

static void test_cart_4x2(void **s)
{
    (void)s;
    check_grid(4, 2);
    /* rank 0's neighbour along the first dimension is rank 2 (the rank a
     * Tofu 4x2 shape numbered x-fastest puts two hops away) */
    int dims[2] = { 4, 2 }, per[2] = { 1, 1 };
    struct rsched_topo t;
    rsched_topo_cart(&t, 0, 2, dims, per);
    assert_int_equal(rsched_topo_dir(&t, 2), RSCHED_N);
    assert_int_equal(rsched_topo_dir(&t, 6), RSCHED_S);
    assert_int_equal(rsched_topo_dir(&t, 1), RSCHED_E);
}

static void test_cart_other_shapes(void **s)
{
    (void)s;
    check_grid(2, 2);
    check_grid(4, 4);
    check_grid(3, 5);
}

static void test_cart_edges_and_far(void **s)
{
    (void)s;
    int dims[2] = { 4, 4 }, per[2] = { 0, 0 };
    struct rsched_topo t;
    rsched_topo_cart(&t, 0, 2, dims, per); /* corner (0, 0) */
    assert_int_equal(rsched_topo_dir(&t, 1), RSCHED_E);
    assert_int_equal(rsched_topo_dir(&t, 4), RSCHED_N);
    assert_int_equal(rsched_topo_dir(&t, 5), RSCHED_NE);
    assert_int_equal(rsched_topo_dir(&t, 3), -1); /* no wrap */
    assert_int_equal(rsched_topo_dir(&t, 12), -1);
    assert_int_equal(rsched_topo_dir(&t, 2), -1);  /* two steps */
    assert_int_equal(rsched_topo_dir(&t, 16), -1); /* not in the grid */
    int d3[3] = { 2, 2, 2 }, p3[3] = { 1, 1, 1 };
    assert_int_equal(rsched_topo_cart(&t, 0, 3, d3, p3), -1);
}

static void test_cart_1d(void **s)
{
    (void)s;
    int dims[1] = { 8 }, per[1] = { 1 };
    struct rsched_topo t;
    rsched_topo_cart(&t, 0, 1, dims, per);
    assert_int_equal(rsched_topo_dir(&t, 1), RSCHED_E);
    assert_int_equal(rsched_topo_dir(&t, 7), RSCHED_W);
    assert_int_equal(rsched_topo_dir(&t, 2), -1);
}

static void test_graph(void **s)
{
    (void)s;
    int nb[] = { 5, 3, 5, 9, 0 }; /* duplicates and self */
    struct rsched_topo t;
    assert_int_equal(rsched_topo_graph(&t, 0, nb, 5), 0);
    assert_int_equal(rsched_topo_dir(&t, 5), 0);
    assert_int_equal(rsched_topo_dir(&t, 3), 1);
    assert_int_equal(rsched_topo_dir(&t, 9), 2);
    assert_int_equal(rsched_topo_dir(&t, 0), -1);
    assert_int_equal(rsched_topo_dir(&t, 4), -1);
    int many[9] = { 1, 2, 3, 4, 5, 6, 7, 8, 9 };
    assert_int_equal(rsched_topo_graph(&t, 0, many, 9), -1);
    assert_int_equal(rsched_topo_dir(&t, 1), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cart_4x2),
        cmocka_unit_test(test_cart_other_shapes),
        cmocka_unit_test(test_cart_edges_and_far),
        cmocka_unit_test(test_cart_1d),
        cmocka_unit_test(test_graph),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
