/* cart.c - conformance: Dims_create, Cart_create (periodic and not),
 * Cart_coords, Cart_rank, Cart_shift, Cart_get, Cartdim_get, Cart_sub,
 * Topo_test, and a halo exchange over Cart_shift neighbours. */
#include "tap.h"

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    tap_start(60);
    int me = tap_rank(), n = tap_size();
    int d2[2] = { 0, 0 };
    MPI_Dims_create(n, 2, d2);
    CHECK(d2[0] * d2[1] == n && d2[0] >= d2[1], "Dims_create(%d,2) = %dx%d", n, d2[0], d2[1]);
    int d3[3] = { 0, 2, 0 };
    if (n % 2 == 0) {
        MPI_Dims_create(n, 3, d3);
        CHECK(d3[1] == 2 && d3[0] * d3[1] * d3[2] == n, "Dims_create keeps fixed dims");
    }
    int d12[2] = { 0, 0 };
    MPI_Dims_create(12, 2, d12);
    CHECK(d12[0] == 4 && d12[1] == 3, "Dims_create(12,2) = 4x3");

    int periods[2] = { 1, 0 };
    MPI_Comm cart;
    MPI_Cart_create(MPI_COMM_WORLD, 2, d2, periods, 0, &cart);
    int st;
    MPI_Topo_test(cart, &st);
    CHECK(st == MPI_CART, "Topo_test says MPI_CART");
    int nd;
    MPI_Cartdim_get(cart, &nd);
    int cr, coords[2];
    MPI_Comm_rank(cart, &cr);
    MPI_Cart_coords(cart, cr, 2, coords);
    CHECK(nd == 2 && coords[0] == cr / d2[1] && coords[1] == cr % d2[1], "row-major coords");
    int back;
    MPI_Cart_rank(cart, coords, &back);
    CHECK(back == cr, "Cart_rank inverts Cart_coords");
    int dims[2], per[2], co[2];
    MPI_Cart_get(cart, 2, dims, per, co);
    CHECK(dims[0] == d2[0] && per[0] == 1 && per[1] == 0 && co[1] == coords[1], "Cart_get");

    int src, dst;
    MPI_Cart_shift(cart, 0, 1, &src, &dst);
    int ec[2] = { (coords[0] + 1) % d2[0], coords[1] }, er;
    MPI_Cart_rank(cart, ec, &er);
    CHECK(dst == er, "periodic shift wraps");
    MPI_Cart_shift(cart, 1, 1, &src, &dst);
    CHECK((coords[1] == d2[1] - 1) == (dst == MPI_PROC_NULL) &&
          (coords[1] == 0) == (src == MPI_PROC_NULL), "non-periodic shift gives MPI_PROC_NULL at edges");
    /* halo exchange along dim 1 */
    int mine = cr, left = -7;
    MPI_Sendrecv(&mine, 1, MPI_INT, dst, 3, &left, 1, MPI_INT, src, 3, cart, MPI_STATUS_IGNORE);
    CHECK(src == MPI_PROC_NULL ? left == -7 : left == src, "halo exchange with shift neighbours");

    int remain[2] = { 0, 1 };
    MPI_Comm row;
    MPI_Cart_sub(cart, remain, &row);
    int rs, rr;
    MPI_Comm_size(row, &rs);
    MPI_Comm_rank(row, &rr);
    MPI_Cartdim_get(row, &nd);
    CHECK(rs == d2[1] && rr == coords[1] && nd == 1, "Cart_sub keeps a row");
    MPI_Comm_free(&row);
    MPI_Comm_free(&cart);
    (void)me;
    int rc = tap_finish();
    MPI_Finalize();
    return rc;
}
