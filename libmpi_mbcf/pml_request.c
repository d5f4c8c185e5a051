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
static int *free_list, free_n;

struct req *req_new(int kind)
{
    int idx;
    if (free_n) {
        idx = free_list[--free_n];
    } else {
        if (req_table_n == table_cap) {
            int nc = table_cap ? table_cap * 2 : 256;
            struct req **t = realloc(req_table, (size_t)nc * sizeof *t);
            int *f = realloc(free_list, (size_t)nc * sizeof *f);
            if (!t || !f) {
                free(t == req_table ? NULL : t);
                return NULL;
            }
            req_table = t;
            free_list = f;
            table_cap = nc;
        }
        idx = req_table_n++;
        req_table[idx] = calloc(1, sizeof(struct req));
        if (!req_table[idx]) {
            req_table_n--;
            return NULL;
        }
    }
    struct req *r = req_table[idx];
    uint32_t gen = (r->gen + 1) & 0x1fffffff;
    memset(r, 0, sizeof *r);
    r->gen = gen ? gen : 1;
    r->handle = idx + 1;
    r->kind = kind;
    r->mr.node.prev = r->mr.node.next = &r->mr.node;
    return r;
}

uint64_t req_id(const struct req *r)
{
    return ((uint64_t)r->gen << 32) | (uint32_t)(r->handle - 1);
}

void req_release(struct req *r)
{
    if (r->tmp) {
        free(r->tmp);
        r->tmp = NULL;
    }
    if (r->dt >= MPI_FIRST_DERIVED_TYPE_MBCF)   /* predefined types are never released */
        dt_release(r->dt);
    r->dt = MPI_DATATYPE_NULL;
    r->kind = 0;
    r->gen = (r->gen + 1) & 0x1fffffff;
    free_list[free_n++] = r->handle - 1;
}

/* The operation finished: keep the request until Wait/Test, unless freed. */
void req_complete(struct req *r)
{
    if (r->kind == RK_SEND && r->bsend_block) {
        bsend_free(r->bsend_block);
        r->bsend_block = NULL;
        r->data = NULL;
    }
    if (r->kind == RK_SEND && r->tmp) {
        free(r->tmp);
        r->tmp = NULL;
    }
    r->state = RS_DONE;
    if (r->freed && !r->persistent)
        req_release(r);
    else if (r->freed)
        req_release(r);
}
