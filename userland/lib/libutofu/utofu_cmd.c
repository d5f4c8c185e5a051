/* utofu_cmd.c - libutofu: one-sided commands (descriptors into the VCQ's TOQ),
 * the flush that models a batch (tofu_model.c) and rings one doorbell, and
 * polling of the TCQ and MRQ (entries written by the kernel in our memory). */
#include <stdint.h>
#include <string.h>
#include "utofu_internal.h"
#include "utofu_emu.h"

/* descriptors written since the last flush, in post order */
static struct { uint8_t vcq; uint32_t idx; } pend[TOFU_VCQ_MAX * 256];
static unsigned npend;

#define FLAG_IGNORED (UTOFU_ONESIDED_FLAG_STRONG_ORDER | UTOFU_ONESIDED_FLAG_PACKET_RESPONSE | \
                      UTOFU_ONESIDED_FLAG_PADDING | UTOFU_ONESIDED_FLAG_CACHE_INJECTION | \
                      UTOFU_ONESIDED_FLAG_PATH(0xf) | UTOFU_ONESIDED_FLAG_SPS(0xf))
#define FLAG_OK (FLAG_IGNORED | TOFU_F_KNOWN)

int utofu_post(struct utofu_vcq *v, const struct tofu_desc *d)
{
    if (v->toq_tail - v->ctrl->toq_head >= v->toq_n) {
        utofu_emu_flush();
        if (v->toq_tail - __atomic_load_n(&v->ctrl->toq_head, __ATOMIC_ACQUIRE) >= v->toq_n)
            return UTOFU_ERR_BUSY;
    }
    v->toq[v->toq_tail % v->toq_n] = *d;
    pend[npend].vcq = (uint8_t)(v - utofu_st.vcq);
    pend[npend].idx = v->toq_tail;
    npend++;
    v->toq_tail++;
    return UTOFU_SUCCESS;
}

/* Model descriptors pend[from..to) as one batch issued at utofu_emu_time(). */
static void model(unsigned from, unsigned to)
{
    static int slot[TOFU_SIM_MAX_CMDS];
    struct tofu_sim *sim = utofu_st.sim;
    for (unsigned i = from; i < to; i++) {
        struct utofu_vcq *v = &utofu_st.vcq[pend[i].vcq];
        struct tofu_desc *d = &v->toq[pend[i].idx % v->toq_n];
        int peer = utofu_vcq_rank(d->rmt_vcq);
        slot[i - from] = -1;
        d->model_local_ns = d->model_deliver_ns = utofu_emu_time();
        if (d->op == TOFU_DESC_NOP || peer < 0)
            continue;
        struct tofu_cmd c = { .node = (uint32_t)utofu_st.info.rank, .tni = v->tni,
                              .peer = (uint32_t)peer, .peer_tni = TOFU_VCQ_TNI(d->rmt_vcq),
                              .bytes = d->len, .issue_ns = utofu_st.clock };
        c.op = d->op == TOFU_DESC_GET ? TOFU_OP_GET :
               d->op == TOFU_DESC_ARMW8 || d->op == TOFU_DESC_CSWAP8 ? TOFU_OP_ATOMIC : TOFU_OP_PUT;
        if (c.op == TOFU_OP_ATOMIC)
            c.bytes = 8;
        slot[i - from] = tofu_sim_add(sim, &c);
    }
    tofu_sim_run(sim);
    for (unsigned i = from; i < to; i++) {
        if (slot[i - from] < 0)
            continue;
        struct utofu_vcq *v = &utofu_st.vcq[pend[i].vcq];
        struct tofu_desc *d = &v->toq[pend[i].idx % v->toq_n];
        const struct tofu_cmd *c = tofu_sim_cmd(sim, (unsigned)slot[i - from]);
        d->model_local_ns = c->local_ns;
        d->model_deliver_ns = d->op == TOFU_DESC_GET ? c->end_ns : c->deliver_ns;
    }
    tofu_sim_retire(sim);
}

int utofu_emu_flush(void)
{
    if (utofu_init())
        return UTOFU_ERR_NOT_AVAILABLE;
    if (npend == 0)
        return UTOFU_SUCCESS;
    for (unsigned from = 0; from < npend; from += TOFU_SIM_MAX_CMDS)
        model(from, from + TOFU_SIM_MAX_CMDS < npend ? from + TOFU_SIM_MAX_CMDS : npend);
    uint64_t mask = 0;
    for (int i = 0; i < TOFU_VCQ_MAX; i++) {
        struct utofu_vcq *v = &utofu_st.vcq[i];
        if (v->used && v->ctrl->toq_tail != v->toq_tail) {
            __atomic_store_n(&v->ctrl->toq_tail, v->toq_tail, __ATOMIC_RELEASE);
            mask |= 1ull << v->kidx;
        }
    }
    npend = 0;
    return utofu_sys(SYS_tofu_doorbell, (long)mask, 0, 0, 0) < 0 ? UTOFU_ERR_FATAL
                                                               : UTOFU_SUCCESS;
}

void utofu_idle(void)
{
    long ev = utofu_sys(SYS_tofu_wait, utofu_st.events_seen, 2000000, 0, 0);
    if (ev >= 0)
        utofu_st.events_seen = (uint32_t)ev;
}

/* ---- commands ---- */
static int check(utofu_vcq_hdl_t h, utofu_vcq_id_t rmt, uint64_t edata, unsigned long flags,
                 struct utofu_vcq **v)
{
    *v = utofu_vcq_of(h);
    if (!*v)
        return UTOFU_ERR_INVALID_VCQ_HDL;
    if (flags & ~FLAG_OK)
        return flags & UTOFU_ONESIDED_FLAG_DELAY_START ?
               utofu_nosup("UTOFU_ONESIDED_FLAG_DELAY_START") : UTOFU_ERR_INVALID_FLAGS;
    if (edata > 0xff)
        return UTOFU_ERR_INVALID_EDATA;
    if (utofu_vcq_rank(rmt) < 0)
        return UTOFU_ERR_INVALID_VCQ_ID;
    return UTOFU_SUCCESS;
}

static struct tofu_desc desc(uint8_t op, utofu_vcq_id_t rmt, utofu_stadd_t lcl, utofu_stadd_t r,
                             size_t len, uint64_t edata, unsigned long flags, void *cbdata)
{
    struct tofu_desc d;
    memset(&d, 0, sizeof d);
    d.op = op;
    d.edata = (uint8_t)edata;
    d.flags = (uint32_t)(flags & TOFU_F_KNOWN);
    d.rmt_vcq = rmt;
    d.lcl_stadd = lcl;
    d.rmt_stadd = r;
    d.len = len;
    d.cbdata = (uint64_t)(uintptr_t)cbdata;
    return d;
}

/* A put or a get (op): the same checks and descriptor, the direction apart. */
static int putget(uint8_t op, utofu_vcq_hdl_t vcq_hdl, utofu_vcq_id_t rmt_vcq_id,
                  utofu_stadd_t lcl_stadd, utofu_stadd_t rmt_stadd, size_t length, uint64_t edata,
                  unsigned long int flags, void *cbdata)
{
    struct utofu_vcq *v;
    int r = check(vcq_hdl, rmt_vcq_id, edata, flags, &v);
    if (r)
        return r;
    if (length > utofu_st.p->max_putget)
        return UTOFU_ERR_INVALID_SIZE;
    struct tofu_desc d = desc(op, rmt_vcq_id, lcl_stadd, rmt_stadd, length, edata, flags, cbdata);
    return utofu_post(v, &d);
}

int utofu_put(utofu_vcq_hdl_t vcq_hdl, utofu_vcq_id_t rmt_vcq_id, utofu_stadd_t lcl_stadd,
              utofu_stadd_t rmt_stadd, size_t length, uint64_t edata, unsigned long int flags,
              void *cbdata)
{
    return putget(TOFU_DESC_PUT, vcq_hdl, rmt_vcq_id, lcl_stadd, rmt_stadd, length, edata, flags,
                  cbdata);
}

int utofu_put_piggyback(utofu_vcq_hdl_t vcq_hdl, utofu_vcq_id_t rmt_vcq_id, void *lcl_data,
                        utofu_stadd_t rmt_stadd, size_t length, uint64_t edata,
                        unsigned long int flags, void *cbdata)
{
    struct utofu_vcq *v;
    int r = check(vcq_hdl, rmt_vcq_id, edata, flags, &v);
    if (r)
        return r;
    if (length > utofu_st.p->max_piggyback || length > sizeof(((struct tofu_desc *)0)->piggy))
        return UTOFU_ERR_INVALID_SIZE;
    if (!lcl_data && length)
        return UTOFU_ERR_INVALID_POINTER;
    struct tofu_desc d = desc(TOFU_DESC_PUT_PIGGY, rmt_vcq_id, 0, rmt_stadd, length, edata,
                              flags, cbdata);
    d.piggy_len = (uint8_t)length;
    if (length)
        memcpy(d.piggy, lcl_data, length);
    return utofu_post(v, &d);
}

int utofu_put_piggyback8(utofu_vcq_hdl_t vcq_hdl, utofu_vcq_id_t rmt_vcq_id, uint64_t lcl_data,
                         utofu_stadd_t rmt_stadd, size_t length, uint64_t edata,
                         unsigned long int flags, void *cbdata)
{
    if (length > 8)
        return UTOFU_ERR_INVALID_SIZE;
    return utofu_put_piggyback(vcq_hdl, rmt_vcq_id, &lcl_data, rmt_stadd, length, edata, flags,
                               cbdata);
}

int utofu_get(utofu_vcq_hdl_t vcq_hdl, utofu_vcq_id_t rmt_vcq_id, utofu_stadd_t lcl_stadd,
              utofu_stadd_t rmt_stadd, size_t length, uint64_t edata, unsigned long int flags,
              void *cbdata)
{
    return putget(TOFU_DESC_GET, vcq_hdl, rmt_vcq_id, lcl_stadd, rmt_stadd, length, edata, flags,
                  cbdata);
}

int utofu_armw8(utofu_vcq_hdl_t vcq_hdl, utofu_vcq_id_t rmt_vcq_id, enum utofu_armw_op armw_op,
                uint64_t op_value, utofu_stadd_t rmt_stadd, uint64_t edata,
                unsigned long int flags, void *cbdata)
{
    struct utofu_vcq *v;
    int r = check(vcq_hdl, rmt_vcq_id, edata, flags, &v);
    if (r)
        return r;
    if (armw_op == UTOFU_ARMW_OP_XOR || armw_op == UTOFU_ARMW_OP_AND || armw_op == UTOFU_ARMW_OP_OR)
        return utofu_nosup("utofu_armw8 (XOR/AND/OR)");
    if (armw_op != UTOFU_ARMW_OP_SWAP && armw_op != UTOFU_ARMW_OP_ADD)
        return UTOFU_ERR_INVALID_OP;
    struct tofu_desc d = desc(TOFU_DESC_ARMW8, rmt_vcq_id, 0, rmt_stadd, 8, edata, flags, cbdata);
    d.armw_op = (uint8_t)armw_op;
    d.op1 = op_value;
    return utofu_post(v, &d);
}

int utofu_cswap8(utofu_vcq_hdl_t vcq_hdl, utofu_vcq_id_t rmt_vcq_id, uint64_t old_value,
                 uint64_t new_value, utofu_stadd_t rmt_stadd, uint64_t edata,
                 unsigned long int flags, void *cbdata)
{
    struct utofu_vcq *v;
    int r = check(vcq_hdl, rmt_vcq_id, edata, flags, &v);
    if (r)
        return r;
    struct tofu_desc d = desc(TOFU_DESC_CSWAP8, rmt_vcq_id, 0, rmt_stadd, 8, edata, flags, cbdata);
    d.op1 = old_value;
    d.op2 = new_value;
    return utofu_post(v, &d);
}

int utofu_nop(utofu_vcq_hdl_t vcq_hdl, unsigned long int flags, void *cbdata)
{
    struct utofu_vcq *v = utofu_vcq_of(vcq_hdl);
    if (!v)
        return UTOFU_ERR_INVALID_VCQ_HDL;
    if (flags & ~FLAG_OK)
        return UTOFU_ERR_INVALID_FLAGS;
    struct tofu_desc d = desc(TOFU_DESC_NOP, 0, 0, 0, 0, 0, flags, cbdata);
    return utofu_post(v, &d);
}

/* ---- completions ---- */
static int ring_ready(struct utofu_vcq *v, uint32_t *tail, uint32_t head)
{
    if (npend)
        utofu_emu_flush();
    uint32_t t = __atomic_load_n(tail, __ATOMIC_ACQUIRE);
    if (t != head)
        return 1;
    utofu_idle();
    (void)v;
    return __atomic_load_n(tail, __ATOMIC_ACQUIRE) != head;
}

int utofu_poll_tcq(utofu_vcq_hdl_t vcq_hdl, unsigned long int flags, void **cbdata)
{
    struct utofu_vcq *v = utofu_vcq_of(vcq_hdl);
    if (!v)
        return UTOFU_ERR_INVALID_VCQ_HDL;
    if (flags)
        return UTOFU_ERR_INVALID_FLAGS;
    uint32_t head = v->ctrl->tcq_head;
    if (!ring_ready(v, &v->ctrl->tcq_tail, head))
        return UTOFU_ERR_NOT_FOUND;
    struct tofu_tcq_entry e = v->tcq[head % v->tcq_n];
    __atomic_store_n(&v->ctrl->tcq_head, head + 1, __ATOMIC_RELEASE);
    utofu_see(e.model_ns);
    v->last_model_ns = e.model_ns;
    v->last_wall_ns = e.wall_ns;
    if (cbdata)
        *cbdata = (void *)(uintptr_t)e.cbdata;
    return e.status;
}

int utofu_poll_mrq(utofu_vcq_hdl_t vcq_hdl, unsigned long int flags,
                   struct utofu_mrq_notice *notice)
{
    struct utofu_vcq *v = utofu_vcq_of(vcq_hdl);
    if (!v)
        return UTOFU_ERR_INVALID_VCQ_HDL;
    if (flags)
        return UTOFU_ERR_INVALID_FLAGS;
    if (!notice)
        return UTOFU_ERR_INVALID_POINTER;
    uint32_t head = v->ctrl->mrq_head;
    if (!ring_ready(v, &v->ctrl->mrq_tail, head))
        return UTOFU_ERR_NOT_FOUND;
    struct tofu_mrq_entry e = v->mrq[head % v->mrq_n];
    __atomic_store_n(&v->ctrl->mrq_head, head + 1, __ATOMIC_RELEASE);
    utofu_see(e.model_ns);
    memset(notice, 0, sizeof *notice);
    notice->notice_type = e.type;
    notice->vcq_id = e.vcq_id;
    notice->edata = e.edata;
    notice->rmt_value = e.rmt_value;
    notice->lcl_stadd = e.lcl_stadd;
    notice->rmt_stadd = e.rmt_stadd;
    notice->reserved[0] = e.model_ns;
    notice->reserved[1] = e.wall_ns;
    return e.status;
}

/* Entries written to a completion ring (TCQ or MRQ) and not yet polled. */
static int num_unread(utofu_vcq_hdl_t vcq_hdl, int mrq, size_t *count)
{
    struct utofu_vcq *v = utofu_vcq_of(vcq_hdl);
    if (!v)
        return UTOFU_ERR_INVALID_VCQ_HDL;
    if (!count)
        return UTOFU_ERR_INVALID_POINTER;
    if (npend)
        utofu_emu_flush();
    uint32_t *tail = mrq ? &v->ctrl->mrq_tail : &v->ctrl->tcq_tail;
    *count = __atomic_load_n(tail, __ATOMIC_ACQUIRE) - (mrq ? v->ctrl->mrq_head : v->ctrl->tcq_head);
    return UTOFU_SUCCESS;
}

int utofu_query_num_unread_tcq(utofu_vcq_hdl_t vcq_hdl, size_t *count)
{
    return num_unread(vcq_hdl, 0, count);
}

int utofu_query_num_unread_mrq(utofu_vcq_hdl_t vcq_hdl, size_t *count)
{
    return num_unread(vcq_hdl, 1, count);
}

int utofu_emu_last_tcq_times(utofu_vcq_hdl_t vcq_hdl, uint64_t *model_ns, uint64_t *wall_ns)
{
    struct utofu_vcq *v = utofu_vcq_of(vcq_hdl);
    if (!v)
        return UTOFU_ERR_INVALID_VCQ_HDL;
    if (model_ns)
        *model_ns = v->last_model_ns;
    if (wall_ns)
        *wall_ns = v->last_wall_ns;
    return UTOFU_SUCCESS;
}
