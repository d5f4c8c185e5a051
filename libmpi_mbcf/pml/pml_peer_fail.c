/* pml_peer_fail.c - point-to-point messaging layer, failed peers, ULFM
 * style. MBCF says which nodes
 * are dead (mbcf_dead_peers: the node left because its task ended, or it
 * stopped answering; mbcf.h). Every progress round reads that mask before it
 * drains the FIFOs and applies it after, so whatever a peer sent before it
 * died is matched first (MBCF delivers a node's frames before its BYE). Then
 * the requests that can no longer complete fail with an error code of class
 * MPIX_ERR_PROC_FAILED that names the rank: receives from a dead rank,
 * sends to it, receives from MPI_ANY_SOURCE and the internal operations of a
 * collective on a communicator that contains it. New sends to a dead rank
 * fail at once; FIFO entries and remote writes to it are dropped.
 * Error codes: MPIX_ERR_PROC_FAILED | (world rank + 1) << 8, so that
 * MPI_Error_class gives the class and MPI_Error_string the rank and reason. */
#include "pml_internal.h"
#include "mpi_comm.h"
#include <stdio.h>

uint64_t pml_dead_mask;          /* world ranks known dead (applied) */
uint64_t pml_dead_left;          /* ... of them: their task ended (BYE); pml_fail_snapshot */

int pml_fail_code(int world)
{
    return MPIX_ERR_PROC_FAILED | ((world + 1) << 8);
}

int pml_fail_rank(int code)
{
    if (code < 256 || (code & 0xff) != MPIX_ERR_PROC_FAILED)
        return -1;
    return (code >> 8) - 1;
}

int pml_err_class(int code)
{
    return pml_fail_rank(code) >= 0 ? MPIX_ERR_PROC_FAILED : code;
}

static const char *reason(int world)
{
    if (world >= 0 && world < 64 && (pml_dead_left >> world & 1))
        return "its program ended (without MPI_Finalize) or its node powered off";
    return "its node stopped answering: crashed, hung or its emulator killed";
}

void pml_fail_describe(int code, char *buf, size_t cap)
{
    int d = pml_fail_rank(code);
    snprintf(buf, cap, "MPIX_ERR_PROC_FAILED: peer rank %d failed (%s)", d, reason(d));
}

void pml_fail_report(int code, const char *fn)
{
    int d = pml_fail_rank(code);
    fprintf(stderr, "rank %d: peer rank %d failed (%s) in %s\n", mpi_world_rank, d, reason(d),
            fn);
    printf("rank %d: peer rank %d failed (%s) in %s\n", mpi_world_rank, d, reason(d), fn);
    fflush(stdout);
}

/* Another rank aborts the job (W_ABORT) before this one saw why: report the
 * failed peers MBCF knows of, so every survivor names them. */
void pml_fail_report_known(const char *ctx)
{
    uint64_t d = pml_fail_snapshot();
    for (int p = 0; d; p++, d >>= 1)
        if (d & 1)
            pml_fail_report(pml_fail_code(p), ctx);
}

/* Does a dead rank in `dead` stop request r from completing? */
static int blocked_by(struct req *r, uint64_t dead, int *who)
{
    if (r->peer >= 0 && r->peer < 64 && (dead >> r->peer & 1)) {
        *who = r->peer;
        return 1;
    }
    struct comm *c = comm_get(r->comm);
    if (!c || (r->peer != MPI_ANY_SOURCE && !c->hidden))
        return 0;
    for (int i = 0; i < c->size; i++) {       /* ANY_SOURCE, or inside a collective */
        int w = c->world[i];
        if (w >= 0 && w < 64 && (dead >> w & 1)) {
            *who = w;
            return 1;
        }
    }
    return 0;
}

static void fail_one(struct req *r, const uint64_t *deadp)
{
    uint64_t dead = *deadp;
    int who;
    if (!r->active || r->state == RS_DONE || r->state == RS_IDLE ||
        (r->kind != RK_SEND && r->kind != RK_RECV) || !blocked_by(r, dead, &who))
        return;
    pml_fail_req(r, pml_fail_code(who));
}

void pml_fail_apply(uint64_t dead)
{
    if (!dead)
        return;
    uint64_t fresh = dead & ~pml_dead_mask;
    pml_dead_mask |= dead;
    for (int p = 0; fresh; p++, fresh >>= 1)
        if (fresh & 1)
            btl_drop_peer(p);
    for (int i = 0; i < req_table_n; i++)
        if (req_table[i]->kind)
            fail_one(req_table[i], &dead);
}
