/* ult_cmdq.h - the command queue of MPI offloading (seed 002, "software
 * offloading": a thread's MPI call becomes a command with the call's name
 * and arguments; one communication thread takes the commands and issues
 * them). Portable core, no MPI and no kernel headers (host-tested by
 * tests/host/test_ult_cmdq.c): the queue, the three ways a caller waits
 * (its ULT suspended and off every run queue, the seed's policy; its ULT
 * polling with yields, the policy the seed compares against; a kernel
 * thread sleeping), completion, and the retry list. What a command does is
 * the executor's (ult_offload*.c for MPI). */
#ifndef LIBMPI_MBCF_ULT_CMDQ_H
#define LIBMPI_MBCF_ULT_CMDQ_H
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include "mpix_ult.h"

enum ult_policy { ULT_SUSPEND, ULT_POLL };
enum ult_run { ULT_RUN_DONE, ULT_RUN_PENDING, ULT_RUN_RETRY };
enum ult_how { HOW_SUSPEND, HOW_POLL, HOW_KTHREAD };

struct ult_cmdq;
struct ult_cmd {
    struct ult_cmd *next;
    struct ult_cmdq *q;
    /* communication thread: start (or retry) the command. DONE: result is
     * set; PENDING: the executor calls ult_cmdq_complete later; RETRY: run
     * again at the next step. */
    enum ult_run (*run)(struct ult_cmd *c);
    const char *name;                 /* reports: "MPI_Recv" */
    int peer, tag;                    /* reports; -1 when not meaningful */
    int result;
    enum ult_how how;
    void *ult;                        /* HOW_SUSPEND: the suspended ULT */
    atomic_int done;
    pthread_mutex_t m;                /* HOW_KTHREAD */
    pthread_cond_t cv;
};

struct ult_cmdq {
    pthread_mutex_t m;
    pthread_cond_t cv;                /* the communication thread sleeps here */
    struct ult_cmd *head, *tail;      /* submitted, not yet taken (FIFO) */
    struct ult_cmd *retry;            /* taken, RETRY */
    int sleeping;
    struct mpix_ult_ops ops;
    int have_ops;
    enum ult_policy policy;
    atomic_uint_fast64_t submitted, suspended, polled, kthread_waits;
};

void ult_cmdq_init(struct ult_cmdq *q, const struct mpix_ult_ops *ops, enum ult_policy policy);
/* Caller side: queue c (run, name, peer, tag set) and wait for it as the
 * policy and the caller (ULT or not) say; returns c->result. */
int ult_cmdq_submit(struct ult_cmdq *q, struct ult_cmd *c);
/* Communication thread: take the new commands in FIFO order and run them,
 * then the retry list; returns how many commands ran to DONE or PENDING. */
int ult_cmdq_step(struct ult_cmdq *q);
void ult_cmdq_complete(struct ult_cmd *c, int result);
/* Communication thread: sleep until a command is submitted or timeout_ns. */
void ult_cmdq_wait(struct ult_cmdq *q, int64_t timeout_ns);
int ult_cmdq_has_retry(const struct ult_cmdq *q);
/* Every command on the retry list (for reports at finalize). */
struct ult_cmd *ult_cmdq_retry_list(const struct ult_cmdq *q);

#endif
