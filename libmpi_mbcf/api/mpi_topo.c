/* mpi_topo.c - MPI entry points of Cartesian topologies (MPI-3.1 sec 7.5):
 * Dims_create, Cart_create, Cart_coords/rank/shift/get/sub, Cartdim_get,
 * Topo_test. Row-major rank order; reorder is accepted and ignored (ranks keep
 * their order). */
#include "mpi_comm.h"
#include "mpi_errhandler.h"
#include <stdlib.h>
#include <string.h>

int PMPI_Dims_create(int nnodes, int ndims, int dims[])
{
    const char *fn = "MPI_Dims_create";
    if (nnodes <= 0 || ndims < 0 || (ndims && !dims))
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, fn);
    int rest = nnodes, free_n = 0;
    for (int i = 0; i < ndims; i++) {
        if (dims[i] < 0)
            return mpi_err(MPI_COMM_WORLD, MPI_ERR_DIMS, fn);
        if (dims[i] > 0) {
            if (rest % dims[i])
                return mpi_err(MPI_COMM_WORLD, MPI_ERR_DIMS, fn);
            rest /= dims[i];
        } else {
            free_n++;
        }
    }
    if (free_n == 0)
        return rest == 1 ? MPI_SUCCESS : mpi_err(MPI_COMM_WORLD, MPI_ERR_DIMS, fn);
    /* spread the prime factors, largest first, onto the smallest free dim:
     * the dims come out as close to each other as possible, non-increasing */
    int *f = calloc((size_t)free_n, sizeof(int));
    if (!f)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_NO_MEM, fn);
    for (int i = 0; i < free_n; i++)
        f[i] = 1;
    int primes[64], np = 0;
    for (int p = 2; rest > 1 && np < 64;) {
        if (rest % p == 0) {
            primes[np++] = p;
            rest /= p;
        } else {
            p++;
        }
    }
    for (int i = np - 1; i >= 0; i--) {
        int m = 0;
        for (int j = 1; j < free_n; j++)
            if (f[j] < f[m])
                m = j;
        f[m] *= primes[i];
    }
    /* sort descending */
    for (int i = 0; i < free_n; i++)
        for (int j = i + 1; j < free_n; j++)
            if (f[j] > f[i]) {
                int t = f[i];
                f[i] = f[j];
                f[j] = t;
            }
    for (int i = 0, k = 0; i < ndims; i++)
        if (dims[i] == 0)
            dims[i] = f[k++];
    free(f);
    return MPI_SUCCESS;
}
MPI_ALIAS(Dims_create);

static struct comm *cart_get(MPI_Comm comm, const char *fn, int *err)
{
    struct comm *c = comm_get(comm);
    if (!c) {
        *err = mpi_err(MPI_COMM_WORLD, MPI_ERR_COMM, fn);
        return NULL;
    }
    if (c->topo != MPI_CART) {
        *err = mpi_err(comm, MPI_ERR_TOPOLOGY, fn);
        return NULL;
    }
    return c;
}

static int set_cart(MPI_Comm h, int ndims, const int dims[], const int periods[])
{
    struct comm *c = comm_get(h);
    c->topo = MPI_CART;
    c->ndims = ndims;
    c->dims = malloc((size_t)(ndims ? ndims : 1) * sizeof(int));
    c->periods = malloc((size_t)(ndims ? ndims : 1) * sizeof(int));
    if (!c->dims || !c->periods)
        return MPI_ERR_NO_MEM;
    for (int i = 0; i < ndims; i++) {
        c->dims[i] = dims[i];
        c->periods[i] = periods[i] != 0;
    }
    return MPI_SUCCESS;
}

int PMPI_Cart_create(MPI_Comm comm, int ndims, const int dims[], const int periods[],
                    int reorder, MPI_Comm *newcomm)
{
    const char *fn = "MPI_Cart_create";
    (void)reorder;
    CHECK_INIT(fn);
    struct comm *c = comm_get(comm);
    if (!c)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_COMM, fn);
    if (ndims < 0 || !newcomm || (ndims && (!dims || !periods)))
        return mpi_err(comm, MPI_ERR_ARG, fn);
    long n = 1;
    for (int i = 0; i < ndims; i++) {
        if (dims[i] <= 0)
            return mpi_err(comm, MPI_ERR_DIMS, fn);
        n *= dims[i];
    }
    if (n > c->size)
        return mpi_err(comm, MPI_ERR_DIMS, fn);
    int in = c->rank < n;
    int e = PMPI_Comm_split(comm, in ? 0 : MPI_UNDEFINED, c->rank, newcomm);
    if (e || !in)
        return e;
    e = set_cart(*newcomm, ndims, dims, periods);
    return e ? mpi_err(comm, e, fn) : MPI_SUCCESS;
}
MPI_ALIAS(Cart_create);

int PMPI_Topo_test(MPI_Comm comm, int *status)
{
    struct comm *c = comm_get(comm);
    if (!c || !status)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_COMM, "MPI_Topo_test");
    *status = c->topo ? c->topo : MPI_UNDEFINED;
    return MPI_SUCCESS;
}
MPI_ALIAS(Topo_test);

int PMPI_Cartdim_get(MPI_Comm comm, int *ndims)
{
    int e;
    struct comm *c = cart_get(comm, "MPI_Cartdim_get", &e);
    if (!c)
        return e;
    *ndims = c->ndims;
    return MPI_SUCCESS;
}
MPI_ALIAS(Cartdim_get);

int PMPI_Cart_coords(MPI_Comm comm, int rank, int maxdims, int coords[])
{
    int e;
    struct comm *c = cart_get(comm, "MPI_Cart_coords", &e);
    if (!c)
        return e;
    if (rank < 0 || rank >= c->size)
        return mpi_err(comm, MPI_ERR_RANK, "MPI_Cart_coords");
    if (maxdims < c->ndims)
        return mpi_err(comm, MPI_ERR_ARG, "MPI_Cart_coords");
    for (int i = c->ndims - 1; i >= 0; i--) {
        coords[i] = rank % c->dims[i];
        rank /= c->dims[i];
    }
    return MPI_SUCCESS;
}
MPI_ALIAS(Cart_coords);

int PMPI_Cart_rank(MPI_Comm comm, const int coords[], int *rank)
{
    int e;
    struct comm *c = cart_get(comm, "MPI_Cart_rank", &e);
    if (!c)
        return e;
    int r = 0;
    for (int i = 0; i < c->ndims; i++) {
        int x = coords[i];
        if (c->periods[i]) {
            x %= c->dims[i];
            if (x < 0)
                x += c->dims[i];
        } else if (x < 0 || x >= c->dims[i]) {
            return mpi_err(comm, MPI_ERR_RANK, "MPI_Cart_rank");
        }
        r = r * c->dims[i] + x;
    }
    *rank = r;
    return MPI_SUCCESS;
}
MPI_ALIAS(Cart_rank);

int PMPI_Cart_shift(MPI_Comm comm, int direction, int disp, int *source, int *dest)
{
    int e;
    struct comm *c = cart_get(comm, "MPI_Cart_shift", &e);
    if (!c)
        return e;
    if (direction < 0 || direction >= c->ndims || !source || !dest)
        return mpi_err(comm, MPI_ERR_ARG, "MPI_Cart_shift");
    int coords[64];
    if (c->ndims > 64)
        return mpi_err(comm, MPI_ERR_DIMS, "MPI_Cart_shift");
    PMPI_Cart_coords(comm, c->rank, c->ndims, coords);
    int me = coords[direction], d = c->dims[direction];
    for (int k = 0; k < 2; k++) {
        int x = me + (k ? disp : -disp);
        int *out = k ? dest : source;
        if (!c->periods[direction] && (x < 0 || x >= d)) {
            *out = MPI_PROC_NULL;
            continue;
        }
        coords[direction] = x;
        PMPI_Cart_rank(comm, coords, out);
    }
    return MPI_SUCCESS;
}
MPI_ALIAS(Cart_shift);

int PMPI_Cart_get(MPI_Comm comm, int maxdims, int dims[], int periods[], int coords[])
{
    int e;
    struct comm *c = cart_get(comm, "MPI_Cart_get", &e);
    if (!c)
        return e;
    if (maxdims < c->ndims)
        return mpi_err(comm, MPI_ERR_ARG, "MPI_Cart_get");
    for (int i = 0; i < c->ndims; i++) {
        dims[i] = c->dims[i];
        periods[i] = c->periods[i];
    }
    return PMPI_Cart_coords(comm, c->rank, maxdims, coords);
}
MPI_ALIAS(Cart_get);

int PMPI_Cart_map(MPI_Comm comm, int ndims, const int dims[], const int periods[],
                 int *newrank)
{
    (void)periods;
    struct comm *c = comm_get(comm);
    if (!c || !newrank)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_COMM, "MPI_Cart_map");
    long n = 1;
    for (int i = 0; i < ndims; i++)
        n *= dims[i];
    *newrank = c->rank < n ? c->rank : MPI_UNDEFINED;
    return MPI_SUCCESS;
}
MPI_ALIAS(Cart_map);

int PMPI_Cart_sub(MPI_Comm comm, const int remain[], MPI_Comm *newcomm)
{
    int e;
    struct comm *c = cart_get(comm, "MPI_Cart_sub", &e);
    if (!c)
        return e;
    int coords[64], dims[64], periods[64], color = 0, key = 0, nd = 0;
    if (c->ndims > 64)
        return mpi_err(comm, MPI_ERR_DIMS, "MPI_Cart_sub");
    PMPI_Cart_coords(comm, c->rank, c->ndims, coords);
    for (int i = 0; i < c->ndims; i++) {
        if (remain[i]) {
            key = key * c->dims[i] + coords[i];
            dims[nd] = c->dims[i];
            periods[nd] = c->periods[i];
            nd++;
        } else {
            color = color * c->dims[i] + coords[i];
        }
    }
    e = PMPI_Comm_split(comm, color, key, newcomm);
    if (e)
        return e;
    e = set_cart(*newcomm, nd, dims, periods);
    return e ? mpi_err(comm, e, "MPI_Cart_sub") : MPI_SUCCESS;
}
MPI_ALIAS(Cart_sub);
