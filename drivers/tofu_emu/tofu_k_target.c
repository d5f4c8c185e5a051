/* tofu_k_target.c - the target side of the emulated Tofu controller: memory
 * registration (STADDs, tofu_stadd.c) and the check every remote access
 * passes before memory is touched -- the STADD must be registered, the whole
 * range inside the region, the region writable for puts/atomics, and every
 * page present, user and (for writes) writable in the task's page tables.
 * A refused access is counted and leaves memory untouched; its status goes
 * back to the initiator in the engine's acknowledgement. Arriving messages
 * (tofu_wire.h) deliver notices, answer gets and run atomics. Called from the
 * engine's callbacks: it only queues replies (tofu_k_net.c posts them). */
#include "kapi.h"
#include "mbcf_abi.h"
#include "mbcf_engine.h"
#include "tofu_k.h"
#include "tofu_stadd.h"

#define USER_TOP 0x0000800000000000ull

struct tofu_stats tofu_k_st;
/* Outcome of the last put from each node (MBCF status): its NOTICE message,
 * next on the same ordered stream, is delivered only when the put was applied. */
static uint8_t last_put[MBCF_MAX_NODES];
static struct tofu_stadd_table regs;
static int regs_ready;

static struct tofu_stadd_table *table(void)
{
    if (!regs_ready) {
        tofu_stadd_init(&regs);
        regs_ready = 1;
    }
    return &regs;
}

void tofu_k_target_reset(void)
{
    regs_ready = 0;
}

int tofu_k_user_ok(uint64_t va, uint64_t len, int write)
{
    if (len == 0)
        return va < USER_TOP;
    if (va + len < va || va + len > USER_TOP)
        return 0;
    for (uint64_t p = va & ~(PAGE_SIZE - 1); p < va + len; p += PAGE_SIZE) {
        uint64_t *pte = user_pte(p);
        if (!pte || (*pte & (PTE_P | PTE_U)) != (PTE_P | PTE_U) || (write && !(*pte & PTE_W)))
            return 0;
    }
    return 1;
}

/* The target's check: MBCF_OK with *va, or the refusal (counted). */
static int check(uint64_t stadd, uint64_t len, int write, uint64_t *va)
{
    switch (tofu_stadd_check(table(), stadd, len, write, va)) {
    case TOFU_STADD_OK:
        break;
    case TOFU_STADD_UNREG:  tofu_k_st.refused_unreg++;  return MBCF_E_UNEXPORTED;
    case TOFU_STADD_RANGE:  tofu_k_st.refused_range++;  return MBCF_E_TOOLONG;
    default:                tofu_k_st.refused_rdonly++; return MBCF_E_READONLY;
    }
    if (!tofu_k_user_ok(*va, len, write)) {
        tofu_k_st.refused_unmapped++;
        return MBCF_E_UNMAPPED;
    }
    return MBCF_OK;
}

int tofu_k_remote_status(int st)
{
    switch (st) {
    case MBCF_OK:           return 0;
    case MBCF_E_UNEXPORTED: return TOFU_ERR_MRQ_RMT_STADD;
    case MBCF_E_TOOLONG:    return TOFU_ERR_MRQ_RMT_LENGTH;
    case MBCF_E_READONLY:
    case MBCF_E_UNMAPPED:   return TOFU_ERR_MRQ_RMT_MEMORY;
    case MBCF_E_NOTASK:
    case MBCF_E_NODE:       return TOFU_ERR_MRQ_PEER;
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
int tofu_k_check_range(int src, uint64_t stadd, uint64_t len)
{
    uint64_t va;
    return put_outcome(src, check(stadd, len, 1, &va));
}

/* each fragment (a one-frame put comes here without check_range) */
int tofu_k_check_and_write(int src, uint64_t stadd, const void *data, uint32_t len)
{
    uint64_t va;
    int st = put_outcome(src, check(stadd, len, 1, &va));
    if (st)
        return st;
    if (copy_to_user(va, data, len)) {
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
    struct tofu_mrq_entry e = { .type = type, .edata = m->edata, .vcq_id = m->src_vcq,
                                .lcl_stadd = m->stadd, .len = m->len, .model_ns = m->model_ns };
    if (tofu_k_notice(m->dst_tni, m->dst_cq, &e) < 0) {
        tofu_k_st.refused_novcq++;
        return MBCF_E_NOTASK;
    }
    return MBCF_OK;
}

static int get_request(int src, const struct tofu_msg *m)
{
    uint64_t va;
    int st = check(m->stadd, m->len, 0, &va);
    if (st)
        return st;
    if (!tofu_k_post_room(2))
        return MBCF_E_FIFO_FULL;        /* the engine holds the request, retries */
    struct tofu_msg done = { .kind = TOFU_MSG_GET_DONE, .cmd = m->cmd };
    /* the data is an ordinary put into the initiator's STADD, the
     * completion message follows it on the same ordered stream */
    (void)tofu_k_post_put(src, m->aux, va, (uint32_t)m->len, 0);
    (void)tofu_k_post_msg(src, &done, 0);
    tofu_k_st.get_bytes_out += m->len;
    return notice(m, TOFU_MRQ_RMT_GET);
}

static int atomic(int src, const struct tofu_msg *m)
{
    uint64_t va, old, val;
    int st = check(m->stadd, 8, 1, &va);
    if (st)
        return st;
    if (va & 7)
        return MBCF_E_INVAL;
    if (!tofu_k_post_room(1))
        return MBCF_E_FIFO_FULL;        /* before any side effect: retried later */
    if (copy_from_user(&old, va, 8))
        return MBCF_E_UNMAPPED;
    switch (m->armw_op) {
    case TOFU_ARMW_CSWAP: val = old == m->aux2 ? m->aux : old; break;
    case 1 /* UTOFU_ARMW_OP_SWAP */: val = m->aux; break;
    case 2 /* UTOFU_ARMW_OP_ADD */: val = old + m->aux; break;
    default: return MBCF_E_INVAL;
    }
    if (val != old && copy_to_user(va, &val, 8))
        return MBCF_E_UNMAPPED;
    tofu_k_st.armw_in++;
    struct tofu_msg r = { .kind = TOFU_MSG_ARMW_REPLY, .cmd = m->cmd, .aux = old };
    (void)tofu_k_post_msg(src, &r, 0);
    return notice(m, TOFU_MRQ_RMT_ARMW);
}

int tofu_k_message(int src, const struct tofu_msg *m)
{
    switch (m->kind) {
    case TOFU_MSG_NOTICE:      /* follows its put on the same ordered stream */
        if (src >= 0 && src < MBCF_MAX_NODES && last_put[src])
            return last_put[src];             /* the put was refused: no notice */
        return notice(m, TOFU_MRQ_RMT_PUT);
    case TOFU_MSG_GET_REQ:
        return get_request(src, m);
    case TOFU_MSG_ARMW_REQ:
        return atomic(src, m);
    case TOFU_MSG_GET_DONE:
    case TOFU_MSG_ARMW_REPLY:
        tofu_k_cmd_reply(m->cmd, src, m);
        return MBCF_OK;
    }
    return MBCF_E_INVAL;
}

/* ---- registration (system calls) ---- */
long tofu_k_reg_mem(uint64_t addr, uint64_t len, long flags, uint64_t ustadd_out)
{
    if (flags & ~(long)TOFU_REG_READ_ONLY)
        return -EINVAL;
    if (!len || !tofu_k_user_ok(addr, len, !(flags & TOFU_REG_READ_ONLY)))
        return -EFAULT;
    uint64_t stadd;
    int r = tofu_stadd_reg(table(), addr, len, (unsigned)flags, &stadd);
    if (r == -1)
        return -ENOSPC;
    if (r < 0)
        return -EINVAL;
    if (copy_to_user(ustadd_out, &stadd, sizeof stadd)) {
        (void)tofu_stadd_dereg(table(), stadd);
        return -EFAULT;
    }
    return 0;
}

long tofu_k_dereg_mem(uint64_t stadd)
{
    return tofu_stadd_dereg(table(), stadd) ? -EINVAL : 0;
}

int tofu_k_local_stadd(uint64_t stadd, uint64_t len, int write, uint64_t *va)
{
    int st = tofu_stadd_check(table(), stadd, len, write, va);
    if (st == TOFU_STADD_RANGE)
        return TOFU_ERR_TCQ_LENGTH;
    if (st || !tofu_k_user_ok(*va, len, write))
        return TOFU_ERR_TCQ_STADD;
    return 0;
}
