/* mpi_datatype.c - MPI entry points of datatypes (MPI-3.1 chapter 4):
 * derived type constructors, extents, names, Pack/Unpack, over the table of
 * objects/dtype_table.c. Layouts live in the portable engine dte.c (dte.h). */
#include "mpi_datatype.h"
#include "dtype_table.h"
#include "mpi_errhandler.h"
#include "mpi_attr_obj.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Build a derived type from blocks; all constructors end here. */
static int build(int n, const int64_t *bl, const int64_t *disp, const MPI_Datatype *olds,
                 int pad, int combiner, MPI_Datatype *newtype, const char *fn)
{
    if (n < 0 || !newtype)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, fn);
    MPI_Datatype id;
    if (dt_new(&id)) /* first: it may move the table */
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_NO_MEM, fn);
    const struct dte **o = malloc((size_t)(n ? n : 1) * sizeof *o);
    if (!o)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_NO_MEM, fn);
    for (int i = 0; i < n; i++) {
        o[i] = dt_get(olds[i]);
        if (!o[i] || bl[i] < 0) {
            int code = o[i] ? MPI_ERR_ARG : MPI_ERR_TYPE;
            free(o);
            return mpi_err(MPI_COMM_WORLD, code, fn);
        }
    }
    struct dtype *t = dt_entry(id);
    int rc = dte_init_blocks(&t->d, n, bl, disp, (const struct dte *const *)o, pad);
    free(o);
    if (rc)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_NO_MEM, fn);
    t->used = 1;
    t->committed = 0;
    t->predefined = 0;
    t->combiner = combiner;
    t->name[0] = 0;
    *newtype = id;
    return MPI_SUCCESS;
}

/* Helper for constructors with one old type and n blocks. */
static int build1(int n, const int64_t *bl, const int64_t *disp, MPI_Datatype old,
                  int combiner, MPI_Datatype *newtype, const char *fn)
{
    MPI_Datatype *olds = malloc((size_t)(n > 0 ? n : 1) * sizeof *olds);
    if (!olds)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_NO_MEM, fn);
    for (int i = 0; i < n; i++)
        olds[i] = old;
    if (!dt_get(old)) {
        free(olds);
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_TYPE, fn);
    }
    int rc = build(n, bl, disp, olds, 0, combiner, newtype, fn);
    free(olds);
    return rc;
}

static int64_t *alloc64(int n)
{
    return malloc((size_t)(n > 0 ? n : 1) * sizeof(int64_t));
}

int PMPI_Type_contiguous(int count, MPI_Datatype old, MPI_Datatype *newtype)
{
    if (count < 0)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_COUNT, "MPI_Type_contiguous");
    struct dte *o = dt_get(old);
    if (!o)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_TYPE, "MPI_Type_contiguous");
    int64_t bl = count, disp = 0;
    int rc = build1(1, &bl, &disp, old, MPI_COMBINER_CONTIGUOUS, newtype, "MPI_Type_contiguous");
    struct dt_contents *k = rc ? NULL : dt_record(*newtype, MPI_COMBINER_CONTIGUOUS, 1, 0, 1);
    if (k) {
        k->ints[0] = count;
        k->types[0] = old;
        dtc_retain(k);
    }
    return rc;
}
MPI_ALIAS(Type_contiguous);

/* (H)vector: stride_bytes apart; the contents record the caller's stride
 * (elements for VECTOR: an int, bytes for HVECTOR: an address). */
static int hvector(int count, int blocklen, int64_t stride_bytes, int64_t stride_arg,
                   MPI_Datatype old, MPI_Datatype *newtype, int combiner, const char *fn)
{
    if (count < 0 || blocklen < 0)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_COUNT, fn);
    if (!dt_get(old))
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_TYPE, fn);
    int64_t *bl = alloc64(count), *disp = alloc64(count);
    if (!bl || !disp) {
        free(bl);
        free(disp);
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_NO_MEM, fn);
    }
    for (int i = 0; i < count; i++) {
        bl[i] = blocklen;
        disp[i] = (int64_t)i * stride_bytes;
    }
    int rc = build1(count, bl, disp, old, combiner, newtype, fn);
    free(bl);
    free(disp);
    int vec = combiner == MPI_COMBINER_VECTOR;
    struct dt_contents *k = rc ? NULL : dt_record(*newtype, combiner, vec ? 3 : 2, !vec, 1);
    if (k) {
        k->ints[0] = count;
        k->ints[1] = blocklen;
        if (vec)
            k->ints[2] = (int)stride_arg;
        else
            k->addrs[0] = stride_arg;
        k->types[0] = old;
        dtc_retain(k);
    }
    return rc;
}

int PMPI_Type_vector(int count, int blocklen, int stride, MPI_Datatype old,
                    MPI_Datatype *newtype)
{
    struct dte *o = dt_get(old);
    if (!o)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_TYPE, "MPI_Type_vector");
    return hvector(count, blocklen, (int64_t)stride * dte_extent(o), stride, old, newtype,
                   MPI_COMBINER_VECTOR, "MPI_Type_vector");
}
MPI_ALIAS(Type_vector);

int PMPI_Type_create_hvector(int count, int blocklen, MPI_Aint stride, MPI_Datatype old,
                            MPI_Datatype *newtype)
{
    return hvector(count, blocklen, stride, stride, old, newtype, MPI_COMBINER_HVECTOR,
                   "MPI_Type_create_hvector");
}
MPI_ALIAS(Type_create_hvector);

int PMPI_Type_hvector(int count, int blocklen, MPI_Aint stride, MPI_Datatype old,
                     MPI_Datatype *newtype)
{
    return PMPI_Type_create_hvector(count, blocklen, stride, old, newtype);
}
MPI_ALIAS(Type_hvector);

/* Contents of the four indexed constructors (MPI-3.1 sec 4.1.13): count,
 * then the block lengths (or the one block length), then int displacements;
 * address displacements go to the addresses. */
static void record_indexed(int count, const int *bls, int blconst, const int *idisp,
                           const MPI_Aint *adisp, MPI_Datatype old, MPI_Datatype t,
                           int combiner)
{
    int nbl = bls ? count : 1;
    struct dt_contents *k = dt_record(t, combiner, 1 + nbl + (idisp ? count : 0),
                                      adisp ? count : 0, 1);
    if (!k)
        return;
    k->ints[0] = count;
    for (int i = 0; i < nbl; i++)
        k->ints[1 + i] = bls ? bls[i] : blconst;
    for (int i = 0; i < count; i++) {
        if (idisp)
            k->ints[1 + nbl + i] = idisp[i];
        else
            k->addrs[i] = adisp[i];
    }
    k->types[0] = old;
    dtc_retain(k);
}

static int indexed(int count, const int *bls, int blconst, const int *idisp,
                   const MPI_Aint *adisp, MPI_Datatype old, MPI_Datatype *newtype,
                   int combiner, const char *fn)
{
    struct dte *o = dt_get(old);
    if (!o)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_TYPE, fn);
    if (count < 0 || (count && ((!bls && blconst < 0) || (!idisp && !adisp))))
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, fn);
    int64_t *bl = alloc64(count), *disp = alloc64(count);
    if (!bl || !disp) {
        free(bl);
        free(disp);
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_NO_MEM, fn);
    }
    for (int i = 0; i < count; i++) {
        bl[i] = bls ? bls[i] : blconst;
        disp[i] = idisp ? (int64_t)idisp[i] * dte_extent(o) : (int64_t)adisp[i];
    }
    int rc = build1(count, bl, disp, old, combiner, newtype, fn);
    free(bl);
    free(disp);
    if (!rc)
        record_indexed(count, bls, blconst, idisp, adisp, old, *newtype, combiner);
    return rc;
}

int PMPI_Type_indexed(int count, const int blocklens[], const int displs[],
                     MPI_Datatype old, MPI_Datatype *newtype)
{
    return indexed(count, blocklens, -1, displs, NULL, old, newtype, MPI_COMBINER_INDEXED,
                   "MPI_Type_indexed");
}
MPI_ALIAS(Type_indexed);

int PMPI_Type_create_hindexed(int count, const int blocklens[], const MPI_Aint displs[],
                             MPI_Datatype old, MPI_Datatype *newtype)
{
    return indexed(count, blocklens, -1, NULL, displs, old, newtype, MPI_COMBINER_HINDEXED,
                   "MPI_Type_create_hindexed");
}
MPI_ALIAS(Type_create_hindexed);

int PMPI_Type_hindexed(int count, const int blocklens[], const MPI_Aint displs[],
                      MPI_Datatype old, MPI_Datatype *newtype)
{
    return PMPI_Type_create_hindexed(count, blocklens, displs, old, newtype);
}
MPI_ALIAS(Type_hindexed);

int PMPI_Type_create_indexed_block(int count, int blocklen, const int displs[],
                                  MPI_Datatype old, MPI_Datatype *newtype)
{
    if (blocklen < 0)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Type_create_indexed_block");
    return indexed(count, NULL, blocklen, displs, NULL, old, newtype,
                   MPI_COMBINER_INDEXED_BLOCK, "MPI_Type_create_indexed_block");
}
MPI_ALIAS(Type_create_indexed_block);

int PMPI_Type_create_hindexed_block(int count, int blocklen, const MPI_Aint displs[],
                                   MPI_Datatype old, MPI_Datatype *newtype)
{
    if (blocklen < 0)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Type_create_hindexed_block");
    return indexed(count, NULL, blocklen, NULL, displs, old, newtype,
                   MPI_COMBINER_HINDEXED_BLOCK, "MPI_Type_create_hindexed_block");
}
MPI_ALIAS(Type_create_hindexed_block);

int PMPI_Type_create_struct(int count, const int blocklens[], const MPI_Aint displs[],
                           const MPI_Datatype typelist[], MPI_Datatype *newtype)
{
    const char *fn = "MPI_Type_create_struct";
    if (count < 0 || (count && (!blocklens || !displs || !typelist)))
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, fn);
    int64_t *bl = alloc64(count), *disp = alloc64(count);
    if (!bl || !disp) {
        free(bl);
        free(disp);
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_NO_MEM, fn);
    }
    for (int i = 0; i < count; i++) {
        bl[i] = blocklens[i];
        disp[i] = displs[i];
    }
    int rc = build(count, bl, disp, typelist, 1, MPI_COMBINER_STRUCT, newtype, fn);
    free(bl);
    free(disp);
    struct dt_contents *k = rc ? NULL : dt_record(*newtype, MPI_COMBINER_STRUCT, count + 1,
                                                   count, count);
    if (k) {
        k->ints[0] = count;
        for (int i = 0; i < count; i++) {
            k->ints[1 + i] = blocklens[i];
            k->addrs[i] = displs[i];
            k->types[i] = typelist[i];
        }
        dtc_retain(k);
    }
    return rc;
}
MPI_ALIAS(Type_create_struct);

int PMPI_Type_struct(int count, const int blocklens[], const MPI_Aint displs[],
                    const MPI_Datatype types_[], MPI_Datatype *newtype)
{
    return PMPI_Type_create_struct(count, blocklens, displs, types_, newtype);
}
MPI_ALIAS(Type_struct);

int PMPI_Type_create_resized(MPI_Datatype old, MPI_Aint lb, MPI_Aint extent,
                            MPI_Datatype *newtype)
{
    const char *fn = "MPI_Type_create_resized";
    struct dte *o = dt_get(old);
    if (!o)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_TYPE, fn);
    if (!newtype)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, fn);
    MPI_Datatype id;
    if (dt_new(&id))
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_NO_MEM, fn);
    o = dt_get(old);   /* the table may have moved */
    struct dtype *t = dt_entry(id);
    if (dte_init_resized(&t->d, o, lb, extent))
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_NO_MEM, fn);
    t->used = 1;
    t->committed = 0;
    t->predefined = 0;
    t->combiner = MPI_COMBINER_RESIZED;
    t->name[0] = 0;
    *newtype = id;
    struct dt_contents *k = dt_record(id, MPI_COMBINER_RESIZED, 0, 2, 1);
    if (k) {
        k->addrs[0] = lb;
        k->addrs[1] = extent;
        k->types[0] = old;
        dtc_retain(k);
    }
    return MPI_SUCCESS;
}
MPI_ALIAS(Type_create_resized);

int PMPI_Type_dup(MPI_Datatype old, MPI_Datatype *newtype)
{
    int rc = PMPI_Type_contiguous(1, old, newtype);
    if (!rc) {
        dt_entry(*newtype)->committed = dt_entry(old)->committed;
        struct dt_contents *k = dt_record(*newtype, MPI_COMBINER_DUP, 0, 0, 1);
        if (k) {
            k->types[0] = old;
            dtc_retain(k);
        }
        int e = type_attr_copy(old, *newtype);
        if (e) {
            PMPI_Type_free(newtype);
            return mpi_err(MPI_COMM_WORLD, e, "MPI_Type_dup");
        }
    }
    return rc;
}
MPI_ALIAS(Type_dup);

int PMPI_Type_create_subarray(int ndims, const int sizes[], const int subsizes[],
                             const int starts[], int order, MPI_Datatype old,
                             MPI_Datatype *newtype)
{
    const char *fn = "MPI_Type_create_subarray";
    struct dte *o = dt_get(old);
    if (!o)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_TYPE, fn);
    if (ndims <= 0 || (order != MPI_ORDER_C && order != MPI_ORDER_FORTRAN))
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, fn);
    for (int i = 0; i < ndims; i++)
        if (sizes[i] <= 0 || subsizes[i] <= 0 || starts[i] < 0 ||
            starts[i] + subsizes[i] > sizes[i])
            return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, fn);
    /* Build from the fastest dimension outwards as nested hvectors. */
    int64_t ext = dte_extent(o), stride = ext, offset = 0;
    MPI_Datatype cur = old, next;
    for (int k = 0; k < ndims; k++) {
        int d = order == MPI_ORDER_C ? ndims - 1 - k : k;
        int rc = PMPI_Type_create_hvector(subsizes[d], 1, stride, cur, &next);
        if (rc)
            return rc;
        if (cur != old)
            PMPI_Type_free(&cur);
        cur = next;
        offset += (int64_t)starts[d] * stride;
        stride *= sizes[d];
    }
    /* shift by the start offset, extent = whole array */
    int one = 1;
    MPI_Aint disp = offset;
    MPI_Datatype shifted;
    int rc = PMPI_Type_create_struct(1, &one, &disp, &cur, &shifted);
    PMPI_Type_free(&cur);
    if (rc)
        return rc;
    rc = PMPI_Type_create_resized(shifted, 0, stride, newtype);
    PMPI_Type_free(&shifted);
    struct dt_contents *k = rc ? NULL : dt_record(*newtype, MPI_COMBINER_SUBARRAY,
                                                   3 * ndims + 2, 0, 1);
    if (k) {
        k->ints[0] = ndims;
        for (int i = 0; i < ndims; i++) {
            k->ints[1 + i] = sizes[i];
            k->ints[1 + ndims + i] = subsizes[i];
            k->ints[1 + 2 * ndims + i] = starts[i];
        }
        k->ints[1 + 3 * ndims] = order;
        k->types[0] = old;
        dtc_retain(k);
    }
    return rc;
}
MPI_ALIAS(Type_create_subarray);

int PMPI_Type_commit(MPI_Datatype *dt)
{
    if (!dt || !dt_get(*dt))
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_TYPE, "MPI_Type_commit");
    dt_entry(*dt)->committed = 1;
    return MPI_SUCCESS;
}
MPI_ALIAS(Type_commit);

int PMPI_Type_free(MPI_Datatype *dt)
{
    if (!dt || !dt_get(*dt) || dt_entry(*dt)->predefined)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_TYPE, "MPI_Type_free");
    int e = type_attr_delete_all(*dt); /* sec 6.7.4: delete functions run now */
    if (e)
        return mpi_err(MPI_COMM_WORLD, e, "MPI_Type_free");
    if (dt_entry(*dt)->refs > 0)
        dt_entry(*dt)->freed = 1; /* pending operations keep it until they end */
    else
        dt_destroy(dt_entry(*dt));
    *dt = MPI_DATATYPE_NULL;
    return MPI_SUCCESS;
}
MPI_ALIAS(Type_free);

int PMPI_Type_size_x(MPI_Datatype dt, MPI_Count *size)
{
    struct dte *d = dt_get(dt);
    if (!d || !size)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_TYPE, "MPI_Type_size");
    *size = d->size;
    return MPI_SUCCESS;
}
MPI_ALIAS(Type_size_x);

int PMPI_Type_size(MPI_Datatype dt, int *size)
{
    MPI_Count s = 0;
    int rc = PMPI_Type_size_x(dt, &s);
    if (!rc)
        *size = s > 0x7fffffff ? MPI_UNDEFINED : (int)s;
    return rc;
}
MPI_ALIAS(Type_size);

int PMPI_Type_get_extent(MPI_Datatype dt, MPI_Aint *lb, MPI_Aint *extent)
{
    struct dte *d = dt_get(dt);
    if (!d || !lb || !extent)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_TYPE, "MPI_Type_get_extent");
    *lb = d->lb;
    *extent = dte_extent(d);
    return MPI_SUCCESS;
}
MPI_ALIAS(Type_get_extent);

int PMPI_Type_get_extent_x(MPI_Datatype dt, MPI_Count *lb, MPI_Count *extent)
{
    MPI_Aint l = 0, e = 0;
    int rc = PMPI_Type_get_extent(dt, &l, &e);
    if (!rc) {
        *lb = l;
        *extent = e;
    }
    return rc;
}
MPI_ALIAS(Type_get_extent_x);

int PMPI_Type_get_true_extent(MPI_Datatype dt, MPI_Aint *lb, MPI_Aint *extent)
{
    struct dte *d = dt_get(dt);
    if (!d || !lb || !extent)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_TYPE, "MPI_Type_get_true_extent");
    *lb = d->true_lb;
    *extent = d->true_ub - d->true_lb;
    return MPI_SUCCESS;
}
MPI_ALIAS(Type_get_true_extent);

int PMPI_Type_get_true_extent_x(MPI_Datatype dt, MPI_Count *lb, MPI_Count *extent)
{
    MPI_Aint l = 0, e = 0;
    int rc = PMPI_Type_get_true_extent(dt, &l, &e);
    if (!rc) {
        *lb = l;
        *extent = e;
    }
    return rc;
}
MPI_ALIAS(Type_get_true_extent_x);

int PMPI_Type_extent(MPI_Datatype dt, MPI_Aint *extent)
{
    MPI_Aint lb;
    return PMPI_Type_get_extent(dt, &lb, extent);
}
MPI_ALIAS(Type_extent);

int PMPI_Type_lb(MPI_Datatype dt, MPI_Aint *lb)
{
    MPI_Aint e;
    return PMPI_Type_get_extent(dt, lb, &e);
}
MPI_ALIAS(Type_lb);

int PMPI_Type_ub(MPI_Datatype dt, MPI_Aint *ub)
{
    MPI_Aint lb = 0, e = 0;
    int rc = PMPI_Type_get_extent(dt, &lb, &e);
    if (!rc)
        *ub = lb + e;
    return rc;
}
MPI_ALIAS(Type_ub);

int PMPI_Type_set_name(MPI_Datatype dt, const char *name)
{
    if (!dt_get(dt) || !name)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_TYPE, "MPI_Type_set_name");
    snprintf(dt_entry(dt)->name, sizeof dt_entry(dt)->name, "%s", name);
    return MPI_SUCCESS;
}
MPI_ALIAS(Type_set_name);

int PMPI_Type_get_name(MPI_Datatype dt, char *name, int *len)
{
    if (!dt_get(dt) || !name || !len)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_TYPE, "MPI_Type_get_name");
    snprintf(name, MPI_MAX_OBJECT_NAME, "%s", dt_entry(dt)->name);
    *len = (int)strlen(name);
    return MPI_SUCCESS;
}
MPI_ALIAS(Type_get_name);

int PMPI_Type_match_size(int typeclass, int size, MPI_Datatype *dt)
{
    static const int reals[] = { MPI_FLOAT, MPI_DOUBLE, MPI_LONG_DOUBLE };
    static const int ints[] = { MPI_INT8_T, MPI_INT16_T, MPI_INT32_T, MPI_INT64_T };
    static const int cplx[] = { MPI_C_FLOAT_COMPLEX, MPI_C_DOUBLE_COMPLEX,
                                MPI_C_LONG_DOUBLE_COMPLEX };
    const int *l = typeclass == MPI_TYPECLASS_REAL ? reals
                   : typeclass == MPI_TYPECLASS_INTEGER ? ints
                   : typeclass == MPI_TYPECLASS_COMPLEX ? cplx : NULL;
    int n = typeclass == MPI_TYPECLASS_INTEGER ? 4 : 3;
    for (int i = 0; l && i < n; i++)
        if (dt_entry(l[i])->d.size == size) {
            *dt = l[i];
            return MPI_SUCCESS;
        }
    return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Type_match_size");
}
MPI_ALIAS(Type_match_size);

int PMPI_Get_address(const void *location, MPI_Aint *address)
{
    if (!address)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Get_address");
    *address = (MPI_Aint)(uintptr_t)location;
    return MPI_SUCCESS;
}
MPI_ALIAS(Get_address);

int PMPI_Address(void *location, MPI_Aint *address)
{
    return PMPI_Get_address(location, address);
}
MPI_ALIAS(Address);

MPI_Aint PMPI_Aint_add(MPI_Aint base, MPI_Aint disp) { return base + disp; }
MPI_ALIAS(Aint_add);
MPI_Aint PMPI_Aint_diff(MPI_Aint a, MPI_Aint b) { return a - b; }
MPI_ALIAS(Aint_diff);

/* ---- Pack / Unpack: our packed format is the raw bytes in type-map order ---- */
int PMPI_Pack(const void *inbuf, int incount, MPI_Datatype dt, void *outbuf, int outsize,
             int *position, MPI_Comm comm)
{
    struct dte *d = dt_get(dt);
    if (!d)
        return mpi_err(comm, MPI_ERR_TYPE, "MPI_Pack");
    if (incount < 0 || !position || *position < 0)
        return mpi_err(comm, MPI_ERR_ARG, "MPI_Pack");
    int64_t n = d->size * incount;
    if (*position + n > outsize)
        return mpi_err(comm, MPI_ERR_TRUNCATE, "MPI_Pack");
    dte_pack(d, inbuf, incount, (char *)outbuf + *position, 0, n);
    *position += (int)n;
    return MPI_SUCCESS;
}
MPI_ALIAS(Pack);

int PMPI_Unpack(const void *inbuf, int insize, int *position, void *outbuf, int outcount,
               MPI_Datatype dt, MPI_Comm comm)
{
    struct dte *d = dt_get(dt);
    if (!d)
        return mpi_err(comm, MPI_ERR_TYPE, "MPI_Unpack");
    if (outcount < 0 || !position || *position < 0)
        return mpi_err(comm, MPI_ERR_ARG, "MPI_Unpack");
    int64_t n = d->size * outcount;
    if (*position + n > insize)
        return mpi_err(comm, MPI_ERR_TRUNCATE, "MPI_Unpack");
    dte_unpack(d, outbuf, outcount, (const char *)inbuf + *position, 0, n);
    *position += (int)n;
    return MPI_SUCCESS;
}
MPI_ALIAS(Unpack);

int PMPI_Pack_size(int incount, MPI_Datatype dt, MPI_Comm comm, int *size)
{
    struct dte *d = dt_get(dt);
    if (!d)
        return mpi_err(comm, MPI_ERR_TYPE, "MPI_Pack_size");
    if (incount < 0 || !size)
        return mpi_err(comm, MPI_ERR_ARG, "MPI_Pack_size");
    *size = (int)(d->size * incount);
    return MPI_SUCCESS;
}
MPI_ALIAS(Pack_size);
