/* coll_tree_stream.c - the segment engine of every pipelined Bcast tree
 * (seed 004 sec 3.3; Chain/Pipeline/Binary_tree/Split_binary_tree of
 * coll_bcast_pipe.c and the TofuD trees of coll_bcast_tofu.c).
 *
 * Each tree streams its part of the message in segments: all receives are
 * pre-posted (matching stays in order: same source and tag), a segment is
 * forwarded to the children once it has arrived, and - the point of this
 * file - at most ONE segment per tree is in flight to the children: the
 * sends of segment j+1 are posted only when those of segment j completed.
 * This is the store-and-forward pipeline eq. 4/6 count, and what Open MPI's
 * generic segmented tree broadcast does (seed 004 sec 3.2: Fugaku's MPI is
 * Open MPI based), and what a TofuD TNI does (its command queue puts one
 * after the other). Posting every segment at once instead (the earlier
 * code) makes a flow-level simulator such as SimGrid share the link among
 * all segments, so they all arrive together at the end: no pipelining at
 * all (a 3-node chain took 2 M/B for any segment size) and tens of
 * thousands of concurrent flows in the max-min solver, the cause of the
 * 1 MiB pipelined SMPI runs that did not end (docs/collectives.md,
 * "Pipelining and the flow model"). Trees are independent: a node sits at
 * different depths in different trees, so every tree's next event (its
 * next receive, or its segment's sends completing) is waited on at once. */
#include <stdlib.h>
#include "coll_internal.h"

#define SLOTS (1 + COLL_TREE_MAXCHILD)  /* per tree: next receive + sends */

int coll_tree_stream(char *p, const struct coll_tree *tr, int ntree, size_t seg, int tag0,
                     MPI_Comm comm)
{
    size_t nseg[COLL_TREE_MAX], first[COLL_TREE_MAX], have[COLL_TREE_MAX], sent[COLL_TREE_MAX];
    size_t segsz[COLL_TREE_MAX], nrecv = 0;
    int inflight[COLL_TREE_MAX];
    MPI_Request slot[COLL_TREE_MAX * SLOTS];
    if (ntree < 1 || ntree > COLL_TREE_MAX)
        return MPI_ERR_ARG;
    for (int t = 0; t < ntree; t++) {
        if (tr[t].nchild < 0 || tr[t].nchild > COLL_TREE_MAXCHILD)
            return MPI_ERR_ARG;
        segsz[t] = seg && seg < tr[t].len ? seg : tr[t].len;
        nseg[t] = segsz[t] ? (tr[t].len + segsz[t] - 1) / segsz[t] : 0;
        first[t] = nrecv;
        if (tr[t].parent >= 0)
            nrecv += nseg[t];
    }
    MPI_Request *rr = malloc(sizeof *rr * (nrecv + 1));
    if (!rr)
        return MPI_ERR_NO_MEM;
    for (int i = 0; i < ntree * SLOTS; i++)
        slot[i] = MPI_REQUEST_NULL;
    size_t posted = 0;
    int rc = MPI_SUCCESS;
    for (int t = 0; t < ntree && rc == MPI_SUCCESS; t++) {
        for (size_t j = 0; tr[t].parent >= 0 && j < nseg[t] && rc == MPI_SUCCESS; j++) {
            size_t len = j + 1 < nseg[t] ? segsz[t] : tr[t].len - j * segsz[t];
            rc = MPI_Irecv(p + tr[t].off + j * segsz[t], (int)len, MPI_BYTE, tr[t].parent,
                           tag0 + t, comm, &rr[posted++]);
        }
        have[t] = tr[t].parent >= 0 ? 0 : nseg[t];     /* the root has all */
        sent[t] = 0;
        inflight[t] = 0;
        if (tr[t].parent >= 0 && nseg[t] > 0)
            slot[t * SLOTS] = rr[first[t]];
    }
    while (rc == MPI_SUCCESS) {
        /* post the next segment of every tree whose previous one is done */
        for (int t = 0; t < ntree && rc == MPI_SUCCESS; t++) {
            if (inflight[t] || sent[t] >= have[t])
                continue;
            if (tr[t].nchild == 0) {    /* a leaf only receives */
                sent[t] = have[t];
                continue;
            }
            size_t j = sent[t]++;
            size_t len = j + 1 < nseg[t] ? segsz[t] : tr[t].len - j * segsz[t];
            for (int c = 0; c < tr[t].nchild && rc == MPI_SUCCESS; c++) {
                rc = MPI_Isend(p + tr[t].off + j * segsz[t], (int)len, MPI_BYTE, tr[t].child[c],
                               tag0 + t, comm, &slot[t * SLOTS + 1 + c]);
                if (rc == MPI_SUCCESS)
                    inflight[t]++;
            }
        }
        if (rc != MPI_SUCCESS)
            break;
        int idx;
        rc = MPI_Waitany(ntree * SLOTS, slot, &idx, MPI_STATUS_IGNORE);
        if (rc != MPI_SUCCESS || idx == MPI_UNDEFINED)
            break;
        int t = idx / SLOTS;
        if (idx % SLOTS == 0) {         /* segment have[t] of tree t arrived */
            rr[first[t] + have[t]] = MPI_REQUEST_NULL;
            have[t]++;
            slot[idx] = have[t] < nseg[t] ? rr[first[t] + have[t]] : MPI_REQUEST_NULL;
        } else {
            inflight[t]--;
        }
    }
    if (rc != MPI_SUCCESS) {            /* complete what was posted: no leaks */
        for (int t = 0; t < ntree; t++)
            slot[t * SLOTS] = MPI_REQUEST_NULL;     /* copies of rr entries */
        coll_waitall((int)posted, rr);
        coll_waitall(ntree * SLOTS, slot);
    }
    free(rr);
    return rc;
}
