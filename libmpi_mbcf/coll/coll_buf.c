/* coll_buf.c - typed-buffer helpers for the collectives: datatype facts,
 * temporary buffers laid out like the user's type, local typed copies
 * (memcpy for dense types, MPI_Pack/MPI_Unpack for derived ones), and
 * the reduction step. MPI-3.1 sec 4.1 (derived types, extents). */
#include <stdlib.h>
#include <string.h>
#include "coll_internal.h"

int coll_type_info(MPI_Datatype dt, struct coll_type *t)
{
    int rc = MPI_Type_get_extent(dt, &t->lb, &t->extent);
    if (rc == MPI_SUCCESS)
        rc = MPI_Type_get_true_extent(dt, &t->tlb, &t->textent);
    if (rc == MPI_SUCCESS)
        rc = MPI_Type_size(dt, &t->size);
    if (rc != MPI_SUCCESS)
        return rc;
    t->contig = (MPI_Aint)t->size == t->extent && t->extent == t->textent;
    return MPI_SUCCESS;
}

void *coll_tmp_alloc(int n, const struct coll_type *t, void **base)
{
    /* n elements span true_extent + (n-1)*extent bytes from true_lb. */
    MPI_Aint bytes = n > 0 ? t->textent + (MPI_Aint)(n - 1) * t->extent : 1;
    if (bytes < 1)
        bytes = 1;
    *base = malloc((size_t)bytes);
    if (!*base)
        return NULL;
    return (char *)*base - t->tlb;
}

int coll_pack(const void *src, int n, MPI_Datatype dt, void *bytes)
{
    struct coll_type t;
    int rc = coll_type_info(dt, &t), pos = 0;
    if (rc != MPI_SUCCESS || n == 0 || t.size == 0)
        return rc;
    if (t.contig) {
        memcpy(bytes, (const char *)src + t.tlb, (size_t)n * (size_t)t.size);
        return MPI_SUCCESS;
    }
    return MPI_Pack(src, n, dt, bytes, n * t.size, &pos, MPI_COMM_SELF);
}

int coll_unpack(const void *bytes, void *dst, int n, MPI_Datatype dt)
{
    struct coll_type t;
    int rc = coll_type_info(dt, &t), pos = 0;
    if (rc != MPI_SUCCESS || n == 0 || t.size == 0)
        return rc;
    if (t.contig) {
        memcpy((char *)dst + t.tlb, bytes, (size_t)n * (size_t)t.size);
        return MPI_SUCCESS;
    }
    return MPI_Unpack(bytes, n * t.size, &pos, dst, n, dt, MPI_COMM_SELF);
}

int coll_copy(const void *src, int scount, MPI_Datatype sdt,
              void *dst, int rcount, MPI_Datatype rdt)
{
    struct coll_type s, r;
    int rc = coll_type_info(sdt, &s);
    if (rc == MPI_SUCCESS)
        rc = coll_type_info(rdt, &r);
    if (rc != MPI_SUCCESS)
        return rc;
    size_t bytes = (size_t)scount * (size_t)s.size;
    if ((size_t)rcount * (size_t)r.size < bytes)
        return MPI_ERR_TRUNCATE;
    if (bytes == 0 || src == dst)
        return MPI_SUCCESS;
    if (r.contig)
        return coll_pack(src, scount, sdt, (char *)dst + r.tlb);
    if (s.contig)
        return coll_unpack((const char *)src + s.tlb, dst, (int)(bytes / (size_t)r.size), rdt);
    void *tmp = malloc(bytes);
    if (!tmp)
        return MPI_ERR_NO_MEM;
    rc = coll_pack(src, scount, sdt, tmp);
    if (rc == MPI_SUCCESS)
        rc = coll_unpack(tmp, dst, (int)(bytes / (size_t)r.size), rdt);
    free(tmp);
    return rc;
}

int coll_op(const void *in, void *inout, int n, MPI_Datatype dt, MPI_Op op)
{
    if (n == 0)
        return MPI_SUCCESS;
    return MPI_Reduce_local(in, inout, n, dt, op);
}

int coll_commutative(MPI_Op op)
{
    int c = 0;
    if (MPI_Op_commutative(op, &c) != MPI_SUCCESS)
        return 0;       /* unknown: take the ordered path, always correct */
    return c;
}

int coll_waitall(int n, MPI_Request *reqs)
{
    /* one MPI_Wait each (same effect as MPI_Waitall; also sidesteps a
     * gcc false positive on MPICH's MPI_STATUSES_IGNORE) */
    int rc = MPI_SUCCESS;
    for (int i = 0; i < n; i++) {
        int r = MPI_Wait(&reqs[i], MPI_STATUS_IGNORE);
        if (rc == MPI_SUCCESS)
            rc = r;
    }
    return rc;
}

int coll_ceil_log2(int n)
{
    int k = 0;
    while ((1 << k) < n)
        k++;
    return k;
}

int coll_pow2_floor(int n)
{
    int p = 1;
    while (p * 2 <= n)
        p *= 2;
    return p;
}

int coll_bytes_begin(void *buf, int count, MPI_Datatype dt, int fill,
                     struct coll_bytes *bv)
{
    struct coll_type t;
    int rc = coll_type_info(dt, &t);
    if (rc != MPI_SUCCESS)
        return rc;
    bv->n = (size_t)count * (size_t)t.size;
    bv->tmp = NULL;
    if (t.contig || bv->n == 0) {
        bv->p = (char *)buf + t.tlb;
        return MPI_SUCCESS;
    }
    bv->tmp = malloc(bv->n);
    if (!bv->tmp)
        return MPI_ERR_NO_MEM;
    bv->p = bv->tmp;
    return fill ? coll_pack(buf, count, dt, bv->p) : MPI_SUCCESS;
}

int coll_bytes_end(struct coll_bytes *bv, void *buf, int count, MPI_Datatype dt,
                   int store, int rc)
{
    if (bv->tmp) {
        if (store && rc == MPI_SUCCESS)
            rc = coll_unpack(bv->p, buf, count, dt);
        free(bv->tmp);
        bv->tmp = NULL;
    }
    return rc;
}
