/* ult_offload.c - the communication thread of MPI offloading (* seed 002 "MPI+myth": "the communication thread takes a command from the
 * queue and runs the corresponding non-blocking call, ties the blocked ULT
 * to the request object, checks the progress of what it issued, and puts
 * the ULT back on the run queue when it has finished"). Here: the
 * registration seam (MPIX_Ult_register), the thread's loop, the pending
 * set (one MPI_Testsome over every request in flight per round, so one
 * progress round however many ULTs wait), and MPI_Finalize, which reports
 * the threads still blocked in MPI and then exits non-zero.
 * Environment (read at MPI_Init_thread):
 *   MPI_MBCF_ULT_WAIT=suspend|poll  a waiting ULT leaves the run queues
 *                                   (default, the seed's policy) or stays and yields
 *   MPI_MBCF_COMM_SPIN=n            idle rounds before sleeping (default 200)
 *   MPI_MBCF_COMM_CPU=n             pin the communication thread to CPU n */
#define _GNU_SOURCE
#include "ult_offload.h"
#include "mpi_impl.h"
#include "mbcf.h"
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int ult_offload_on;
__thread int ult_in_comm_thread;
static struct ult_cmdq cmdq;
static struct mpix_ult_ops reg_ops;
static int have_ops;
static pthread_t comm_pt;
static int comm_stop, comm_spin = 200, comm_cpu = -1;

#define ULT_EXIT_BLOCKED 3        /* MPI_Finalize found threads blocked in MPI */

static int ult_register(const struct mpix_ult_ops *ops);
static int ult_register(const struct mpix_ult_ops *ops)
{
    int init;
    PMPI_Initialized(&init);
    if (init) {
        fprintf(stderr, "MPIX_Ult_register: call it before MPI_Init_thread\n");
        return MPI_ERR_OTHER;
    }
    if (ops && (!ops->self || !ops->suspend || !ops->resume || !ops->yield)) {
        fprintf(stderr, "MPIX_Ult_register: self, suspend, resume and yield are all needed\n");
        return MPI_ERR_OTHER;
    }
    have_ops = ops != NULL;
    if (ops)
        reg_ops = *ops;
    return MPI_SUCCESS;
}
extern __typeof__(ult_register) MPIX_Ult_register
    __attribute__((weak, alias("ult_register")));

/* ---- the pending set: requests in flight for blocked commands ---- */
struct pend {
    struct ult_cmd *c;
    MPI_Request *req;             /* the command's own slot, written back */
    MPI_Status *st;               /* where its status goes, or NULL */
};
static struct pend *pend;
static MPI_Request *pend_h;       /* scratch for MPI_Testsome */
static MPI_Status *pend_st;
static int *pend_idx;
static int npend, cap_pend;

struct left { struct ult_cmd *c; int left, err; };
static struct left *lefts;        /* per command: requests still in flight */
static int nleft, cap_left;

static void *grown(void *p, size_t n, size_t sz)
{
    void *q = realloc(p, n * sz);
    if (!q) {
        fprintf(stderr, "libmpi_mbcf: offload: out of memory\n");
        abort();
    }
    return q;
}

static void pend_reserve(int need)
{
    if (need <= cap_pend)
        return;
    int n = cap_pend ? 2 * cap_pend : 64;
    while (n < need)
        n *= 2;
    pend = grown(pend, (size_t)n, sizeof *pend);
    pend_h = grown(pend_h, (size_t)n, sizeof *pend_h);
    pend_st = grown(pend_st, (size_t)n, sizeof *pend_st);
    pend_idx = grown(pend_idx, (size_t)n, sizeof *pend_idx);
    cap_pend = n;
}

static int left_slot(struct ult_cmd *c)
{
    for (int i = 0; i < nleft; i++)
        if (lefts[i].c == c)
            return i;
    return -1;
}

void ult_pend(struct ult_cmd *c, MPI_Request *reqs, int n, MPI_Status *sts)
{
    int k = 0;
    for (int i = 0; i < n; i++) {
        if (reqs[i] == MPI_REQUEST_NULL)
            continue;
        pend_reserve(npend + 1);
        pend[npend].c = c;
        pend[npend].req = &reqs[i];
        pend[npend].st = sts == MPI_STATUSES_IGNORE ? NULL : &sts[i];
        npend++;
        k++;
    }
    if (!k) {                         /* nothing in flight: complete now */
        for (int i = 0; i < n && sts != MPI_STATUSES_IGNORE; i++) {
            memset(&sts[i], 0, sizeof sts[i]);
            sts[i].MPI_SOURCE = MPI_ANY_SOURCE;
            sts[i].MPI_TAG = MPI_ANY_TAG;
        }
        ult_cmdq_complete(c, MPI_SUCCESS);
        return;
    }
    if (nleft == cap_left) {
        cap_left = cap_left ? 2 * cap_left : 64;
        lefts = grown(lefts, (size_t)cap_left, sizeof *lefts);
    }
    lefts[nleft].c = c;
    lefts[nleft].left = k;
    lefts[nleft].err = MPI_SUCCESS;
    nleft++;
}

/* One MPI_Testsome over everything in flight; completes the commands whose
 * requests have all finished. Returns how many requests finished. */
static int poll_pending(void)
{
    if (!npend)
        return 0;
    for (int i = 0; i < npend; i++)
        pend_h[i] = *pend[i].req;
    int out = 0;
    mpi_impl_Testsome(npend, pend_h, &out, pend_idx, pend_st);
    if (out == MPI_UNDEFINED) {       /* only inactive persistent requests left */
        out = npend;
        for (int i = 0; i < npend; i++) {
            pend_idx[i] = i;
            memset(&pend_st[i], 0, sizeof pend_st[i]);
        }
    }
    if (out <= 0)
        return 0;
    for (int k = 0; k < out; k++) {
        int i = pend_idx[k];
        *pend[i].req = pend_h[i];
        if (pend[i].st)
            *pend[i].st = pend_st[k];
        int s = left_slot(pend[i].c);
        if (pend_st[k].MPI_ERROR != MPI_SUCCESS && lefts[s].err == MPI_SUCCESS)
            lefts[s].err = pend_st[k].MPI_ERROR;
        pend[i].c = NULL;             /* finished */
        if (--lefts[s].left == 0) {
            struct ult_cmd *c = lefts[s].c;
            int e = lefts[s].err;
            lefts[s] = lefts[--nleft];
            ult_cmdq_complete(c, e);
        }
    }
    int j = 0;
    for (int i = 0; i < npend; i++)
        if (pend[i].c)
            pend[j++] = pend[i];
    npend = j;
    return out;
}

static void *comm_main(void *arg)
{
    (void)arg;
    ult_in_comm_thread = 1;
    if (comm_cpu >= 0) {
        cpu_set_t set;
        CPU_ZERO(&set);
        CPU_SET(comm_cpu, &set);
        int e = pthread_setaffinity_np(pthread_self(), sizeof set, &set);
        if (e)
            fprintf(stderr, "libmpi_mbcf: MPI_MBCF_COMM_CPU=%d: %s (not pinned)\n", comm_cpu,
                    strerror(e));
    }
    int idle = 0;
    while (!__atomic_load_n(&comm_stop, __ATOMIC_ACQUIRE)) {
        int news = ult_cmdq_step(&cmdq);
        news += poll_pending();
        if (news) {
            idle = 0;
            continue;
        }
        if (!npend && !ult_cmdq_has_retry(&cmdq))
            ult_cmdq_wait(&cmdq, 1000000);          /* nothing in flight */
        else if (++idle > comm_spin)
            mbcf_wait(100000);                      /* in flight, nothing new */
    }
    return NULL;
}

static int env_int(const char *name, int def, int min, int max)
{
    const char *s = getenv(name);
    if (!s || !*s)
        return def;
    char *end;
    long v = strtol(s, &end, 0);
    if (*end || v < min || v > max) {
        fprintf(stderr, "libmpi_mbcf: %s=%s: want %d..%d, using %d\n", name, s, min, max, def);
        return def;
    }
    return (int)v;
}

int ult_offload_start(void)
{
    enum ult_policy pol = ULT_SUSPEND;
    const char *w = getenv("MPI_MBCF_ULT_WAIT");
    if (w && !strcmp(w, "poll"))
        pol = ULT_POLL;
    else if (w && *w && strcmp(w, "suspend"))
        fprintf(stderr, "libmpi_mbcf: MPI_MBCF_ULT_WAIT=%s: want suspend or poll, using suspend\n", w);
    comm_spin = env_int("MPI_MBCF_COMM_SPIN", 200, 0, 1 << 30);
    comm_cpu = env_int("MPI_MBCF_COMM_CPU", -1, -1, 1023);
    ult_cmdq_init(&cmdq, have_ops ? &reg_ops : NULL, pol);
    comm_stop = 0;
    int e = pthread_create(&comm_pt, NULL, comm_main, NULL);
    if (e) {
        fprintf(stderr, "libmpi_mbcf: MPI_Init_thread: communication thread: %s; "
                "MPI_THREAD_FUNNELED only\n", strerror(e));
        return -1;
    }
    __atomic_store_n(&ult_offload_on, 1, __ATOMIC_RELEASE);
    return 0;
}

int ult_submit(struct ult_cmd *c, enum ult_run (*run)(struct ult_cmd *), const char *name,
               int peer, int tag)
{
    c->run = run;
    c->name = name;
    c->peer = peer;
    c->tag = tag;
    c->result = MPI_SUCCESS;
    return ult_cmdq_submit(&cmdq, c);
}

/* ---- MPI_Finalize ---- */
static int blocked_report(void)
{
    int rank, n = 0;
    PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < nleft; i++)
        n++;
    for (struct ult_cmd *c = ult_cmdq_retry_list(&cmdq); c; c = c->next)
        n++;
    if (!n)
        return 0;
    fflush(stdout);
    printf("rank %d: MPI_Finalize: %d thread%s still blocked in MPI:", rank, n, n > 1 ? "s" : "");
    for (int i = 0; i < nleft; i++)
        printf(" %s(peer %d, tag %d)%s", lefts[i].c->name, lefts[i].c->peer, lefts[i].c->tag,
               lefts[i].c->how == HOW_KTHREAD ? "[kernel thread]" : "[ULT]");
    for (struct ult_cmd *c = ult_cmdq_retry_list(&cmdq); c; c = c->next)
        printf(" %s(peer %d, tag %d)", c->name, c->peer, c->tag);
    printf("\n");
    fflush(stdout);
    return n;
}

static enum ult_run run_finalize(struct ult_cmd *c)
{
    int rank;
    PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int blocked = blocked_report();
    c->result = mpi_impl_Finalize(); /* the peers' finalize barrier still completes */
    if (blocked) {
        fprintf(stderr, "rank %d: MPI_Finalize with %d thread(s) blocked in MPI: exit %d\n", rank,
                blocked, ULT_EXIT_BLOCKED);
        fflush(stdout);
        _exit(ULT_EXIT_BLOCKED);
    }
    __atomic_store_n(&comm_stop, 1, __ATOMIC_RELEASE);
    return ULT_RUN_DONE;
}

int ult_finalize(void)
{
    struct ult_cmd c;
    int e = ult_submit(&c, run_finalize, "MPI_Finalize", -1, -1);
    pthread_join(comm_pt, NULL);
    __atomic_store_n(&ult_offload_on, 0, __ATOMIC_RELEASE);
    if (getenv("MPI_MBCF_ULT_STATS"))
        printf("ult_offload_stats commands=%llu suspended=%llu poll_yields=%llu kthread_waits=%llu\n",
               (unsigned long long)atomic_load(&cmdq.submitted),
               (unsigned long long)atomic_load(&cmdq.suspended),
               (unsigned long long)atomic_load(&cmdq.polled),
               (unsigned long long)atomic_load(&cmdq.kthread_waits));
    return e;
}
