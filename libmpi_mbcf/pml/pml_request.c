/* pml_request.c - point-to-point messaging layer: request objects
 * (pml_request.h). A table (req_table) indexed by handle - 1 with a free list; each
 * slot has a generation, so an id on the wire (req_id) taken before the
 * request was released and reused finds nothing (req_by_id). */
#include "pml_request.h"
#include "pml_bsend.h"
#include "mpi_datatype.h"
#include <stdlib.h>
#include <string.h>

struct req **req_table;
int req_table_n;
static int table_cap;
struct req *req_free;

struct req *req_new_grow(int kind)
{
    if (req_table_n == table_cap) {
        int nc = table_cap ? table_cap * 2 : 256;
        struct req **t = realloc(req_table, (size_t)nc * sizeof *t);
        if (!t)
            return NULL;
        req_table = t;
        table_cap = nc;
    }
    struct req *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    req_table[req_table_n++] = r;
    r->handle = req_table_n;
    req_init_slot(r, kind);
    return r;
}

uint64_t req_id(const struct req *r)
{
    return ((uint64_t)r->gen << 32) | (uint32_t)(r->handle - 1);
}

void req_release_owned(struct req *r)
{
    free(r->tmp);
    r->tmp = NULL;
    if (r->dt >= MPI_FIRST_DERIVED_TYPE_MBCF)
        dt_release(r->dt);
}

void req_send_bufs_free(struct req *r)
{
    if (r->bsend_block) {
        bsend_free(r->bsend_block);
        r->bsend_block = NULL;
        r->data = NULL;
    }
    free(r->tmp);
    r->tmp = NULL;
}
