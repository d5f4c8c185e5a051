/* mpi_large_count.c - the large-count helpers (mpi_large_count.h) and the
 * "_c" functions that are not a plain conversion (MPI-4.0 sec 2.5.8): the
 * type queries answer in MPI_Count, Op_create_c's user function is called
 * through a per-operation trampoline, Type_contiguous_c builds counts
 * beyond INT_MAX as a derived type of blocks. */
/* Macro-generated definitions, one invocation per line: */
/* clang-format off */
#include "mpi_large_count.h"
#include "mpi_comm.h"
#include "mpi_req_link.h"
#include "mpi_unsupported.h"
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int lc_int(MPI_Count v, int *out)
{
    if (v > INT_MAX || v < INT_MIN)
        return MPI_ERR_COUNT;
    *out = (int)v;
    return MPI_SUCCESS;
}

int lc_ints(const void *a, MPI_Count n, int **out)
{
    if (n < 0 || n > INT_MAX)
        return MPI_ERR_COUNT;
    int *v = malloc((size_t)(n ? n : 1) * sizeof(int));
    if (!v)
        return MPI_ERR_NO_MEM;
    for (MPI_Count i = 0; i < n; i++) {
        int64_t x;
        memcpy(&x, (const char *)a + i * 8, 8);
        if (lc_int(x, &v[i])) {
            free(v);
            return MPI_ERR_COUNT;
        }
    }
    *out = v;
    return MPI_SUCCESS;
}

/* count elements of dt as one element: q blocks of 2^30 elements, then
 * the rest, at their place (a struct of two contiguous types) */
static int big_type(MPI_Count count, MPI_Datatype dt, MPI_Datatype *big)
{
    const MPI_Count B = (MPI_Count)1 << 30;
    MPI_Count q = count / B, r = count % B;
    MPI_Aint lb, ext;
    if (q > INT_MAX)
        return MPI_ERR_COUNT;
    int e = PMPI_Type_get_extent(dt, &lb, &ext);
    if (e)
        return e;
    MPI_Datatype blk, rest = MPI_DATATYPE_NULL;
    if ((e = PMPI_Type_contiguous((int)B, dt, &blk)))
        return e;
    if (r && (e = PMPI_Type_contiguous((int)r, dt, &rest))) {
        PMPI_Type_free(&blk);
        return e;
    }
    int lens[2] = { (int)q, 1 };
    MPI_Aint displs[2] = { 0, (MPI_Aint)(q * B) * ext };
    MPI_Datatype types[2] = { blk, rest };
    e = PMPI_Type_create_struct(r ? 2 : 1, lens, displs, types, big);
    if (!e)
        e = PMPI_Type_commit(big);
    PMPI_Type_free(&blk);
    if (r)
        PMPI_Type_free(&rest);
    return e;
}

int lc_count(MPI_Count count, int *out, MPI_Datatype dt, MPI_Datatype *big)
{
    *big = MPI_DATATYPE_NULL;
    if (count <= INT_MAX)
        return lc_int(count, out);
    int e = big_type(count, dt, big);
    *out = 1;
    return e;
}

int lc_peers(MPI_Comm comm)
{
    struct comm *c = comm_get(comm);
    return c ? c->size : 0;
}

int lc_local_size(MPI_Comm comm)
{
    struct comm *c = comm_get(comm);
    if (c && c->inter)
        c = comm_get(c->local);
    return c ? c->size : 0;
}

int lc_degree(MPI_Comm comm, int in)
{
    struct comm *c = comm_get(comm);
    if (!c)
        return 0;
    if (c->topo == MPI_CART)
        return 2 * c->ndims;
    if (c->topo == MPI_GRAPH || c->topo == MPI_DIST_GRAPH)
        return in ? c->indeg : c->outdeg;
    return 0;
}

int lc_root_arg(MPI_Comm comm, int root)
{
    struct comm *c = comm_get(comm);
    return c && (c->inter ? root == MPI_ROOT : c->rank == root);
}

int lc_keep(MPI_Request request, void *p)
{
    struct req *r = req_get(request);
    if (r && r->kind == RK_LINK)
        return link_own(link_of(r), p);
    free(p);                 /* the int version copied what it needs */
    return MPI_SUCCESS;
}

/* ---- hand-written "_c" functions ---- */

int PMPI_Type_contiguous_c(MPI_Count count, MPI_Datatype old, MPI_Datatype *newtype)
{
    if (count <= INT_MAX)
        return PMPI_Type_contiguous((int)count, old, newtype);
    if (!newtype)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Type_contiguous_c");
    int e = big_type(count, old, newtype);
    return e ? mpi_err(MPI_COMM_WORLD, e, "MPI_Type_contiguous_c") : MPI_SUCCESS;
}
MPI_ALIAS(Type_contiguous_c);

int PMPI_Type_size_c(MPI_Datatype dt, MPI_Count *size)
{
    return PMPI_Type_size_x(dt, size);
}
MPI_ALIAS(Type_size_c);

int PMPI_Type_get_extent_c(MPI_Datatype dt, MPI_Count *lb, MPI_Count *extent)
{
    return PMPI_Type_get_extent_x(dt, lb, extent);
}
MPI_ALIAS(Type_get_extent_c);

int PMPI_File_get_type_extent_c(MPI_File fh, MPI_Datatype dt, MPI_Count *extent)
{
    MPI_Aint x = 0;
    int e = PMPI_File_get_type_extent(fh, dt, extent ? &x : NULL);
    if (!e)
        *extent = x;
    return e;
}
MPI_ALIAS(File_get_type_extent_c);

int PMPI_Type_get_true_extent_c(MPI_Datatype dt, MPI_Count *lb, MPI_Count *extent)
{
    return PMPI_Type_get_true_extent_x(dt, lb, extent);
}
MPI_ALIAS(Type_get_true_extent_c);

int PMPI_Get_elements_c(const MPI_Status *st, MPI_Datatype dt, MPI_Count *count)
{
    return PMPI_Get_elements_x(st, dt, count);
}
MPI_ALIAS(Get_elements_c);

int PMPI_Get_count_c(const MPI_Status *st, MPI_Datatype dt, MPI_Count *count)
{
    MPI_Count size;
    if (!st || !count)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Get_count_c");
    int e = PMPI_Type_size_x(dt, &size);
    if (e)
        return e;
    if (size == 0)
        *count = st->mbcf_count == 0 ? 0 : MPI_UNDEFINED;
    else
        *count = st->mbcf_count % size ? MPI_UNDEFINED : st->mbcf_count / size;
    return MPI_SUCCESS;
}
MPI_ALIAS(Get_count_c);

int PMPI_Pack_size_c(MPI_Count incount, MPI_Datatype dt, MPI_Comm comm, MPI_Count *size)
{
    int n;
    if (!size)
        return mpi_err(comm, MPI_ERR_ARG, "MPI_Pack_size_c");
    if (incount <= INT_MAX && incount >= 0) {
        int e = PMPI_Pack_size((int)incount, dt, comm, &n);
        if (!e)
            *size = n;
        return e;
    }
    MPI_Count one;
    int e = PMPI_Type_size_x(dt, &one);
    if (e)
        return e;
    if (incount < 0)
        return mpi_err(comm, MPI_ERR_COUNT, "MPI_Pack_size_c");
    *size = one * incount;
    return MPI_SUCCESS;
}
MPI_ALIAS(Pack_size_c);

int PMPI_Pack_external_size_c(const char *datarep, MPI_Count incount, MPI_Datatype dt,
                              MPI_Count *size)
{
    int n;
    MPI_Aint s = 0;
    if (lc_int(incount, &n))
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_COUNT, "MPI_Pack_external_size_c");
    int e = PMPI_Pack_external_size(datarep, n, dt, &s);
    if (!e && size)
        *size = s;
    return e;
}
MPI_ALIAS(Pack_external_size_c);

int PMPI_Reduce_local_c(const void *in, void *inout, MPI_Count count, MPI_Datatype dt, MPI_Op op)
{
    int n;
    if (lc_int(count, &n))
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_COUNT, "MPI_Reduce_local_c");
    return PMPI_Reduce_local(in, inout, n, dt, op);
}
MPI_ALIAS(Reduce_local_c);

int PMPI_Buffer_detach_c(void *addr, MPI_Count *size)
{
    int n = 0;
    int e = PMPI_Buffer_detach(addr, &n);
    if (!e && size)
        *size = n;
    return e;
}
MPI_ALIAS(Buffer_detach_c);

int PMPI_Win_shared_query_c(MPI_Win win, int rank, MPI_Aint *size, MPI_Aint *disp_unit,
                            void *baseptr)
{
    int du = 0;
    int e = PMPI_Win_shared_query(win, rank, size, &du, baseptr);
    if (!e && disp_unit)
        *disp_unit = du;
    return e;
}
MPI_ALIAS(Win_shared_query_c);

int PMPI_Type_get_envelope_c(MPI_Datatype dt, MPI_Count *ni, MPI_Count *na, MPI_Count *nc,
                             MPI_Count *nd, int *combiner)
{
    int i = 0, a = 0, d = 0;
    int e = PMPI_Type_get_envelope(dt, &i, &a, &d, combiner);
    if (e)
        return e;
    if (!ni || !na || !nc || !nd)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Type_get_envelope_c");
    *ni = i;
    *na = a;
    *nc = 0;             /* the constructors record int counts */
    *nd = d;
    return MPI_SUCCESS;
}
MPI_ALIAS(Type_get_envelope_c);

int PMPI_Type_get_contents_c(MPI_Datatype dt, MPI_Count max_i, MPI_Count max_a, MPI_Count max_c,
                             MPI_Count max_d, int ints[], MPI_Aint addrs[], MPI_Count counts[],
                             MPI_Datatype types[])
{
    (void)max_c;
    (void)counts;
    int i, a, d;
    if (lc_int(max_i, &i) || lc_int(max_a, &a) || lc_int(max_d, &d))
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_COUNT, "MPI_Type_get_contents_c");
    return PMPI_Type_get_contents(dt, i, a, d, ints, addrs, types);
}
MPI_ALIAS(Type_get_contents_c);

/* Op_create_c: MPI_User_function_c takes an MPI_Count length; the library
 * calls int-length functions, so each such operation gets one of these
 * trampolines. */
#define LC_NOPS 32
static MPI_User_function_c *lc_ufn[LC_NOPS];
#define TRAMP(i) \
    static void tramp##i(void *in, void *inout, int *len, MPI_Datatype *dt) \
    { \
        MPI_Count n = *len; \
        lc_ufn[i](in, inout, &n, dt); \
    }
TRAMP(0) TRAMP(1) TRAMP(2) TRAMP(3) TRAMP(4) TRAMP(5) TRAMP(6) TRAMP(7)
TRAMP(8) TRAMP(9) TRAMP(10) TRAMP(11) TRAMP(12) TRAMP(13) TRAMP(14) TRAMP(15)
TRAMP(16) TRAMP(17) TRAMP(18) TRAMP(19) TRAMP(20) TRAMP(21) TRAMP(22) TRAMP(23)
TRAMP(24) TRAMP(25) TRAMP(26) TRAMP(27) TRAMP(28) TRAMP(29) TRAMP(30) TRAMP(31)
static MPI_User_function *const tramps[LC_NOPS] = {
    tramp0, tramp1, tramp2, tramp3, tramp4, tramp5, tramp6, tramp7, tramp8, tramp9, tramp10,
    tramp11, tramp12, tramp13, tramp14, tramp15, tramp16, tramp17, tramp18, tramp19, tramp20,
    tramp21, tramp22, tramp23, tramp24, tramp25, tramp26, tramp27, tramp28, tramp29, tramp30,
    tramp31,
};

int PMPI_Op_create_c(MPI_User_function_c *fn, int commute, MPI_Op *op)
{
    if (!fn || !op)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Op_create_c");
    for (int i = 0; i < LC_NOPS; i++)
        if (!lc_ufn[i] || lc_ufn[i] == fn) {
            lc_ufn[i] = fn;
            return PMPI_Op_create(tramps[i], commute, op);
        }
    return mpi_err(MPI_COMM_WORLD, MPI_ERR_NO_MEM, "MPI_Op_create_c");
}
MPI_ALIAS(Op_create_c);
/* clang-format on */
