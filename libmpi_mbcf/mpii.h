/* mpii.h - internal interfaces of libmpi_mbcf (not installed).
 * Protocol: seed 003 sec 2.2 (MPI/MBCF). Per peer, one message FIFO and one
 * send-request FIFO in this process's bss (2n FIFOs; same address on every
 * node since all run the same executable). See README "MPI" for the design. */
#ifndef LIBMPI_MBCF_MPII_H
#define LIBMPI_MBCF_MPII_H
#include <mpi.h>
#include <stdint.h>
#include <stddef.h>
#include "mbcf.h"
#include "dte.h"
#include "match.h"

#define MAXR        64            /* ranks (static FIFO arrays) */
#define MSG_RING    (32 * 1024)   /* message FIFO per peer (bytes, power of 2) */
#define REQ_RING    (8 * 1024)    /* send-request FIFO per peer */

/* ---- wire format of FIFO entries (64-byte header, then eager data) ---- */
enum wire_type {
    W_EAGER = 1,   /* msg FIFO: header + data (sequenced) */
    W_RTS,         /* msg FIFO: request to send a large message (sequenced) */
    W_DONE,        /* msg FIFO: data of a send-request was remote-written */
    W_CANCEL_ACK,  /* msg FIFO: answer to W_CANCEL */
    W_ABORT,       /* msg FIFO: MPI_Abort elsewhere: exit */
    W_REQ,         /* req FIFO: send-request for a posted receive */
    W_CTS,         /* req FIFO: send-request for a matched RTS */
    W_CANCEL,      /* req FIFO: receiver cancels its send-request */
};
struct wire {
    uint8_t type, flags;  /* msg FIFO: flags = send-requests attached after the data */
    uint16_t src;         /* sender's world rank */
    uint32_t tseq;        /* channel sequence (go-back-N) */
    uint32_t mseq;        /* EAGER/RTS: message number; REQ: receiver's epoch */
    int32_t tag;
    uint32_t ctx;
    uint32_t pad;         /* REQ/CTS/CANCEL: request number (order of both paths) */
    uint64_t len;         /* full message bytes */
    uint64_t sid;         /* sender's request id */
    uint64_t rid;         /* receiver's request id */
    uint64_t addr;        /* receive buffer (remote-write target) */
    uint64_t maxlen;      /* its capacity */
};
#define EAGER_MAX ((int64_t)MBCF_FIFO_ENTRY_MAX - (int64_t)sizeof(struct wire))

/* ---- channels (chan.c): ordered, retried delivery of FIFO entries ---- */
enum { CH_MSG = 0, CH_REQ = 1 };
struct chan_ent {
    uint32_t len;
    uint8_t ok;
    uint8_t sent;         /* posted at least once (then never changed: chan_attach_last) */
    uint8_t data[];
};
struct chan {
    int peer, kind;
    uint32_t base;        /* tseq of q[0] */
    uint32_t next;        /* next tseq to assign */
    int n, cap, head;     /* queue of unacknowledged entries */
    struct chan_ent **q;
    int posted;           /* entries from the front posted in this attempt */
    uint32_t attempt;
    uint64_t retry_at;    /* ns: do not post before (backoff after FIFO full) */
    uint64_t backoff;
    uint32_t expect;      /* receive side: next tseq accepted */
};
void chan_init_all(void);
int chan_send(int peer, int kind, struct wire *w, const void *data, size_t len);
void chan_pump_all(void);
int chan_idle(void);                    /* nothing unacknowledged anywhere */
int chan_accept(int peer, int kind, const struct wire *w);   /* in-order check */
uint32_t chan_expected(int peer, int kind);                  /* next tseq accepted */
int chan_attach_last(int peer, const void *extra, size_t len, uint8_t nrec);
uint64_t fifo_raddr(int kind, int owner_of_fifo_index);
mbcf_fifo_t *my_fifo(int kind, int peer);

/* remote writes: post (splitting at MBCF_PUT_MAX), completions go to the req */
struct req;
int put_post(int peer, uint64_t raddr, const void *src, int64_t len, struct req *r);
/* small write (<= MBCF_FIFO_ENTRY_MAX) from a library-owned copy: src is free at return */
int put_post_bounce(int peer, uint64_t raddr, const void *src, int64_t len);
void cq_drain(void);
void mbcf_fail(const char *what, int status);

/* ---- requests ---- */
enum { RK_SEND = 1, RK_RECV, RK_NULLDONE };
enum { MODE_STD = 0, MODE_SYNC, MODE_READY, MODE_BUF };
enum { RS_IDLE = 0, RS_POSTED, RS_WAIT_CTS, RS_WAIT_DONE, RS_CANCELLING, RS_DONE };
struct req {
    struct mq_recv mr;    /* posted-receive node (first: container_of) */
    int handle;           /* MPI_Request value */
    uint32_t gen;
    int kind, mode, state;
    int persistent, active, freed, cancelled, in_posted;
    int err;
    MPI_Comm comm;
    int peer;             /* world rank (or MQ_ANY_SOURCE / MPI_PROC_NULL) */
    int tag;
    uint32_t ctx;
    void *buf;            /* user buffer */
    int count;
    MPI_Datatype dt;
    /* send */
    const void *data;     /* packed bytes (user buffer when contiguous) */
    void *tmp;            /* owned packed/bounce buffer */
    int64_t bytes;
    int puts_pending;
    void *bsend_block;    /* MODE_BUF: block in the attached buffer */
    struct req *self_peer;  /* self-send in sync mode: matched receive */
    /* receive */
    void *target;         /* where remote writes land */
    int64_t cap;          /* capacity in bytes */
    MPI_Status st;
};
struct req *req_new(int kind);
struct req *req_get(MPI_Request h);
void req_release(struct req *r);
uint64_t req_id(const struct req *r);
struct req *req_by_id(uint64_t id);
void req_complete(struct req *r);

/* ---- protocol (p2p.c) ---- */
/* Start an operation; an error comes only before the request is visible to
 * the protocol (queued, posted or sent), so the caller may release it. */
int p2p_start_send(struct req *r);
int p2p_start_recv(struct req *r);
int p2p_cancel_recv(struct req *r);
void progress(void);
void progress_wait(void);               /* progress, maybe sleep briefly */
int p2p_probe(int peer, int tag, uint32_t ctx, MPI_Status *st, MPI_Comm comm);
void p2p_abort_peers(int code);
int p2p_init(void);
void p2p_finalize(void);
void p2p_set_finalizing(void);
void p2p_stats_update(void);             /* per-peer counters into mpi_stats */
/* internal blocking send/recv on a context (no argument checks) */
int p2p_send(const void *buf, int count, MPI_Datatype dt, int peer_world, int tag,
             uint32_t ctx, MPI_Comm comm);
int p2p_recv(void *buf, int count, MPI_Datatype dt, int peer_world, int tag,
             uint32_t ctx, MPI_Comm comm, MPI_Status *st);

/* ---- datatypes (datatype.c) ---- */
struct dte *dt_get(MPI_Datatype dt);       /* NULL if invalid or freed */
int dt_committed(MPI_Datatype dt);
void dt_init_predefined(void);
const char *dt_name(MPI_Datatype dt);

/* ---- ops (op.c) ---- */
int op_valid(MPI_Op op);

/* ---- communicators (comm.c) ---- */
struct comm {
    int used;
    int size, rank;
    uint32_t ctx;          /* point-to-point context; ctx+1 is the hidden one */
    int *world;            /* comm rank -> world rank */
    int *inv;              /* world rank -> comm rank, -1 */
    MPI_Errhandler eh;
    MPI_Comm coll;         /* hidden collective communicator */
    int hidden;
    int topo;              /* 0 or MPI_CART */
    int ndims;
    int *dims, *periods;
    char name[MPI_MAX_OBJECT_NAME];
    int nattr;
    struct { int key; void *val; } *attr;
};
struct comm *comm_get(MPI_Comm c);
int comm_world_rank(struct comm *c, int rank);
int comm_rank_of_world(struct comm *c, int world);
void comm_init_predefined(int rank, int size);
int comm_create_from(struct comm *parent, int n, const int *world, MPI_Comm *out);
void comm_free_all(void);

/* ---- groups ---- */
struct group { int used, size; int *world; int refs; };
struct group *group_get(MPI_Group g);
int group_new(int n, const int *world, MPI_Group *out);

/* ---- errors and environment (env.c) ---- */
int mpi_err(MPI_Comm comm, int code, const char *fn);
extern int mpi_world_rank, mpi_world_size, mpi_initialized, mpi_finalized;
struct mpi_stats {
    uint64_t msgs_sent, bytes_sent, bytes_remote_write, bytes_fifo;
    uint64_t send_requests, rejected_requests;
};
extern struct mpi_stats mpi_stats;
extern int64_t mpi_eager_limit;
#define CHECK_INIT(fn) \
    do { if (!mpi_initialized || mpi_finalized) return mpi_err(MPI_COMM_WORLD, MPI_ERR_OTHER, fn); } while (0)

/* ---- buffered sends (bsend.c) ---- */
void *bsend_alloc(int64_t bytes);
void bsend_free(void *block);
int bsend_detach_wait(void);

#endif
