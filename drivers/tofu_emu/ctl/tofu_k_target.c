/* tofu_k_target.c - the target side of the emulated Tofu controller: memory
 * registration (STADDs, tofu_stadd.c) and the check every remote access
 * passes before memory is touched -- the STADD must be registered, the whole
 * range inside the region, the region writable for puts/atomics, and every
 * page present, user and (for writes) writable in the owner's page tables.
 * A refused access is counted and leaves memory untouched; its status goes
 * back to the initiator in the engine's acknowledgement. With several
 * processes per node, the target VCQ named by the initiator picks the
 * process: its owner's STADD table and page tables, whoever runs. Arriving
 * messages (tofu_wire.h) deliver notices, answer gets and run atomics. Called
 * from the engine's callbacks: it only queues replies (tofu_k_net.c posts them). */
#include "kapi.h"
#include "mbcf_abi.h"
#include "mbcf_engine.h"
#include "mbcf_kernel.h"
#include "tofu_k.h"
#include "tofu_stadd.h"

struct tofu_stats tofu_k_st;
/* Outcome of the last put from each node (MBCF status): its NOTICE message,
 * next on the same ordered stream, is delivered only when the put was applied. */
static uint8_t last_put[MBCF_MAX_NODES];

/* One STADD table per process, made at its first registration. Each takes
 * its own range of tags, so a STADD of one process is never valid in
 * another's table (tofu_stadd_init_tags). */
#define TAGS_PER_PROC (65535 / TOFU_K_PROCS)
#define TABLE_PAGES ((sizeof(struct tofu_stadd_table) + PAGE_SIZE - 1) / PAGE_SIZE)
static struct tofu_stadd_table *regs[TOFU_K_PROCS];

static struct tofu_stadd_table *table(int t, int make)
{
    if (t < 0 || t >= TOFU_K_PROCS)
        return 0;
    if (!regs[t] && make && (regs[t] = page_alloc(TABLE_PAGES)) != 0)
        tofu_stadd_init_tags(regs[t], (uint16_t)(1 + t * TAGS_PER_PROC), TAGS_PER_PROC);
    return regs[t];
}

void tofu_k_target_drop(int t)
{
    if (t >= 0 && t < TOFU_K_PROCS && regs[t])
        tofu_stadd_dereg_all(regs[t]);
}

int tofu_k_user_ok(int t, uint64_t va, uint64_t len, int write)
{
    if (len == 0)
        return va < USER_TOP;
    return write ? mbcf_k_user_writable(t, va, len) : mbcf_k_user_readable(t, va, len);
}

/* The target's check in process t's table and page tables: MBCF_OK with
 * *va, or the refusal (counted). t < 0: no live process owns the VCQ. */
static int check(int t, uint64_t stadd, uint64_t len, int write, uint64_t *va)
{
    if (t < 0) {
        tofu_k_st.refused_novcq++;
        return MBCF_E_NOTASK;
    }
    const struct tofu_stadd_table *tab = table(t, 0);
    switch (tab ? tofu_stadd_check(tab, stadd, len, write, va) : TOFU_STADD_UNREG) {
    case TOFU_STADD_OK:
        break;
    case TOFU_STADD_UNREG: tofu_k_st.refused_unreg++; return MBCF_E_UNEXPORTED;
    case TOFU_STADD_RANGE: tofu_k_st.refused_range++; return MBCF_E_TOOLONG;
    default: tofu_k_st.refused_rdonly++; return MBCF_E_READONLY;
    }
    if (!tofu_k_user_ok(t, *va, len, write)) {
        tofu_k_st.refused_unmapped++;
        return MBCF_E_UNMAPPED;
    }
    return MBCF_OK;
}

/* Process owning the VCQ a put names in the engine's task field, or -1. */
static int put_target(uint16_t task)
{
    return TOFU_WT_OK(task) ? tofu_k_ops.vcq_owner(TOFU_WT_TNI(task), TOFU_WT_CQ(task)) : -1;
}

int tofu_k_remote_status(int st)
{
    switch (st) {
    case MBCF_OK: return 0;
    case MBCF_E_UNEXPORTED: return TOFU_ERR_MRQ_RMT_STADD;
    case MBCF_E_TOOLONG: return TOFU_ERR_MRQ_RMT_LENGTH;
    case MBCF_E_READONLY:
    case MBCF_E_UNMAPPED: return TOFU_ERR_MRQ_RMT_MEMORY;
    case MBCF_E_NOTASK:
    case MBCF_E_NODE: return TOFU_ERR_MRQ_PEER;
    }
    return TOFU_ERR_MRQ_OTHER;
}

static int put_outcome(int src, int st)
{
    if (src >= 0 && src < MBCF_MAX_NODES)
        last_put[src] = (uint8_t)st;
    return st;
}

/* first fragment of a put: the whole range */
int tofu_k_check_range(int src, uint16_t task, uint64_t stadd, uint64_t len)
{
    uint64_t va;
    return put_outcome(src, check(put_target(task), stadd, len, 1, &va));
}

/* each fragment (a one-frame put comes here without check_range); a fragment
 * spans at most two pages (MBCF_WIRE_MAX), as mbcf_k_put_user takes */
int tofu_k_check_and_write(int src, uint16_t task, uint64_t stadd, const void *data, uint32_t len)
{
    uint64_t va;
    int t = put_target(task);
    int st = put_outcome(src, check(t, stadd, len, 1, &va));
    if (st)
        return st;
    if (len && mbcf_k_put_user(t, va, data, len)) {
        tofu_k_st.refused_unmapped++;
        return put_outcome(src, MBCF_E_UNMAPPED);
    }
    tofu_k_st.put_bytes_in += len;
    return MBCF_OK;
}

static int notice(const struct tofu_msg *m, uint8_t type)
{
    if (!m->notice)
        return MBCF_OK;
    struct tofu_mrq_entry e = { .type = type, .edata = m->edata, .vcq_id = m->src_vcq, .lcl_stadd = m->stadd, .len = m->len, .model_ns = m->model_ns };
    if (tofu_k_ops.notice(m->dst_tni, m->dst_cq, &e) < 0) {
        tofu_k_st.refused_novcq++;
        return MBCF_E_NOTASK;
    }
    return MBCF_OK;
}

static int get_request(int src, const struct tofu_msg *m)
{
    uint64_t va;
    int t = tofu_k_ops.vcq_owner(m->dst_tni, m->dst_cq);
    int st = check(t, m->stadd, m->len, 0, &va);
    if (st)
        return st;
    if (!tofu_k_post_room(2))
        return MBCF_E_FIFO_FULL; /* the engine holds the request, retries */
    struct tofu_msg done = { .kind = TOFU_MSG_GET_DONE, .cmd = m->cmd, .dst_tni = m->src_tni, .dst_cq = m->src_cq };
    /* the data is an ordinary put from the owner's memory into the
     * initiator's STADD (resolved by the initiator's VCQ); the completion
     * message follows it on the same ordered stream */
    (void)tofu_k_post_put(src, TOFU_WT(m->src_tni, m->src_cq), m->aux, TOFU_KSRC_USER(t, va),
                          (uint32_t)m->len, 0);
    (void)tofu_k_post_msg(src, &done, 0);
    tofu_k_st.get_bytes_out += m->len;
    return notice(m, TOFU_MRQ_RMT_GET);
}

/* The 8 bytes at va of process t, atomically with respect to the task's own
 * threads on other CPUs (one aligned word: one page, a kernel pointer). */
static int atomic(int src, const struct tofu_msg *m)
{
    uint64_t va, old;
    int t = tofu_k_ops.vcq_owner(m->dst_tni, m->dst_cq);
    int st = check(t, m->stadd, 8, 1, &va);
    if (st)
        return st;
    if (va & 7)
        return MBCF_E_INVAL;
    if (!tofu_k_post_room(1))
        return MBCF_E_FIFO_FULL; /* before any side effect: retried later */
    uint64_t *p = mbcf_k_uptr(t, va, 8, 1);
    if (!p)
        return MBCF_E_UNMAPPED;
    switch (m->armw_op) {
    case TOFU_ARMW_CSWAP:
        old = m->aux2;
        (void)__atomic_compare_exchange_n(p, &old, m->aux, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
        break;
    case 1 /* UTOFU_ARMW_OP_SWAP */: old = __atomic_exchange_n(p, m->aux, __ATOMIC_SEQ_CST); break;
    case 2 /* UTOFU_ARMW_OP_ADD */: old = __atomic_fetch_add(p, m->aux, __ATOMIC_SEQ_CST); break;
    default: return MBCF_E_INVAL;
    }
    tofu_k_st.armw_in++;
    struct tofu_msg r = { .kind = TOFU_MSG_ARMW_REPLY, .cmd = m->cmd, .aux = old, .dst_tni = m->src_tni, .dst_cq = m->src_cq };
    (void)tofu_k_post_msg(src, &r, 0);
    return notice(m, TOFU_MRQ_RMT_ARMW);
}

int tofu_k_message(int src, const struct tofu_msg *m)
{
    switch (m->kind) {
    case TOFU_MSG_NOTICE: /* follows its put on the same ordered stream */
        if (src >= 0 && src < MBCF_MAX_NODES && last_put[src])
            return last_put[src]; /* the put was refused: no notice */
        return notice(m, TOFU_MRQ_RMT_PUT);
    case TOFU_MSG_GET_REQ:
        return get_request(src, m);
    case TOFU_MSG_ARMW_REQ:
        return atomic(src, m);
    case TOFU_MSG_GET_DONE:
    case TOFU_MSG_ARMW_REPLY:
        tofu_k_ops.cmd_reply(m->cmd, src, m);
        return MBCF_OK;
    }
    return MBCF_E_INVAL;
}

/* ---- registration (system calls of process t) ---- */
long tofu_k_reg_mem(int t, uint64_t addr, uint64_t len, long flags, uint64_t ustadd_out)
{
    if (flags & ~(long)TOFU_REG_READ_ONLY || t < 0 || t >= TOFU_K_PROCS)
        return -EINVAL;
    if (!len || !tofu_k_user_ok(t, addr, len, !(flags & TOFU_REG_READ_ONLY)))
        return -EFAULT;
    struct tofu_stadd_table *tab = table(t, 1);
    if (!tab)
        return -ENOMEM;
    uint64_t stadd;
    int r = tofu_stadd_reg(tab, addr, len, (unsigned)flags, &stadd);
    if (r == -1)
        return -ENOSPC;
    if (r < 0)
        return -EINVAL;
    if (copy_to_user(ustadd_out, &stadd, sizeof stadd)) {
        (void)tofu_stadd_dereg(tab, stadd);
        return -EFAULT;
    }
    return 0;
}

/* Only the caller's own registrations: another process's STADD is not in its
 * table (the tag ranges differ), so it is refused like a stale one. */
long tofu_k_dereg_mem(int t, uint64_t stadd)
{
    struct tofu_stadd_table *tab = table(t, 0);
    return tab && !tofu_stadd_dereg(tab, stadd) ? 0 : -EINVAL;
}

int tofu_k_local_stadd(int t, uint64_t stadd, uint64_t len, int write, uint64_t *va)
{
    const struct tofu_stadd_table *tab = table(t, 0);
    int st = tab ? tofu_stadd_check(tab, stadd, len, write, va) : TOFU_STADD_UNREG;
    if (st == TOFU_STADD_RANGE)
        return TOFU_ERR_TCQ_LENGTH;
    if (st || !tofu_k_user_ok(t, *va, len, write))
        return TOFU_ERR_TCQ_STADD;
    return 0;
}
