/* tofu_k_vcq.c - the task side of the emulated Tofu controller: this node's
 * place on the torus (fw_cfg opt/cluster/tofu, tofu_mode), VCQs whose TOQ, TCQ
 * and MRQ live in task memory (tofu_abi.h), the doorbell that takes a batch of
 * command descriptors, the command table, completions and notices, and the
 * SYS_tofu_* system calls. Modeled times are computed by libutofu (the
 * portable model, tofu_model.c) and only carried here: descriptor -> TCQ/MRQ
 * entries and, inside messages, to the target's notices.
 *
 * Several processes per node (--ppn): each process has its own VCQ table
 * (its indices, its doorbell mask) and event count; a VCQ's (TNI, CQ) is
 * unique on the node and names its owner to initiators. Rings are read and
 * written through the owner's page tables (mbcf_k_read/put_user), whichever
 * process the CPU runs. What an ended process owned is freed by
 * tofu_k_reap (system calls and the net tick); until then it is invisible
 * (tofu_k_vcq_owner asks task_local_alive). */
#include "kapi.h"
#include "net/net.h"
#include "nodecfg.h"
#include "mbcf_abi.h"
#include "mbcf_kernel.h"
#include "tofu_k.h"
#include "tofu_k_seam.h"
#include "tofu_topo.h"
#include "tofu_stadd.h"

static struct {
    int loaded;                /* 1 ok, -1 no usable shape */
    int mode;
    struct tofu_shape shape;
    struct tofu_coords me;
    unsigned n_tni;
} cfg;

_Static_assert(TOFU_K_PROCS <= MBCF_K_TASKS, "processes reach memory through mbcf_k_* by local index");
static uint32_t events[TOFU_K_PROCS];
static uint64_t doorbells, waits;

void tofu_k_event(int t)
{
    if (t >= 0 && t < TOFU_K_PROCS)
        events[t]++;
}

/* The calling process's local index, or -1. */
static int caller(void)
{
    int t = task_local_current();
    return t >= 0 && t < TOFU_K_PROCS ? t : -1;
}

/* ---- configuration ---- */
static int load_cfg(void)
{
    if (cfg.loaded)
        return cfg.loaded;
    cfg.loaded = -1;
    int nodes = net_nodes(), rank = net_rank();
    if (!net_up() || nodes <= 0)
        return -1;
    char buf[64];
    int32_t shape[3] = { nodes, 1, 1 };             /* default: a ring of all nodes */
    int n = fw_cfg_read("opt/cluster/tofu", buf, sizeof buf - 1);
    if (n < 0)
        n = fw_cfg_read("opt/cluster/torus", buf, sizeof buf - 1);   /* --torus alias */
    if (n >= 0 && (n >= (int)sizeof buf || nodecfg_parse_torus(buf, (size_t)n, shape))) {
        kprintf("tofu: opt/cluster/tofu: expected XxYxZ\n");
        return -1;
    }
    cfg.mode = TOFU_ABI_MODE_TOFUD;
    n = fw_cfg_read("opt/cluster/tofu_mode", buf, sizeof buf - 1);
    if (n >= 0) {
        buf[n < (int)sizeof buf ? n : (int)sizeof buf - 1] = 0;
        if (!strncmp(buf, "tofu1", 5))
            cfg.mode = TOFU_ABI_MODE_TOFU1;
        else if (strncmp(buf, "tofud", 5)) {
            kprintf("tofu: opt/cluster/tofu_mode: expected tofud or tofu1\n");
            return -1;
        }
    }
    if (tofu_shape_init(&cfg.shape, (uint32_t)shape[0], (uint32_t)shape[1], (uint32_t)shape[2]) ||
        (int)tofu_shape_nodes(&cfg.shape) != nodes) {
        kprintf("tofu: shape %dx%dx%d does not hold the %d nodes\n", shape[0], shape[1],
                shape[2], nodes);
        return -1;
    }
    tofu_rank_to_coords(&cfg.shape, (uint32_t)rank, &cfg.me);
    cfg.n_tni = cfg.mode == TOFU_ABI_MODE_TOFU1 ? 4 : 6;   /* tofu_model.c tables */
    cfg.loaded = 1;
    return 1;
}

uint64_t tofu_k_vcq_id(uint8_t tni, uint8_t cq)
{
    return TOFU_VCQ_ID(cfg.me.c, tni, cq);
}

/* ---- VCQs ---- */
struct vcq {
    int used;
    int t; /* owner (local index) */
    struct tofu_vcq_rings r;
    uint32_t toq_head, tcq_tail, mrq_tail, mrq_lost;   /* our own indices */
    uint32_t inflight;
};
static struct vcq vcqs[TOFU_K_PROCS][TOFU_VCQ_MAX];

static void publish(struct vcq *v)
{
    uint32_t x[4] = { v->toq_head, v->tcq_tail, v->mrq_tail, v->mrq_lost };
    (void)mbcf_k_put_user(v->t, v->r.ctrl, x, sizeof x);
}

static uint32_t user_head(struct vcq *v, unsigned field)
{
    uint32_t h = 0;
    (void)mbcf_k_read(v->t, v->r.ctrl + field, &h, sizeof h);
    return h;
}

static void tcq_push(struct vcq *v, const struct tofu_tcq_entry *e)
{
    uint64_t ua = v->r.tcq + (uint64_t)(v->tcq_tail % v->r.tcq_entries) * sizeof *e;
    if (mbcf_k_put_user(v->t, ua, e, sizeof *e) == 0)
        v->tcq_tail++;
}

static void mrq_push(struct vcq *v, const struct tofu_mrq_entry *e)
{
    uint32_t head = user_head(v, offsetof(struct tofu_vcq_ctrl, mrq_head));
    if (v->mrq_tail - head >= v->r.mrq_entries) {
        v->mrq_lost++;
        tofu_k_st.notices_lost++;
        return;
    }
    uint64_t ua = v->r.mrq + (uint64_t)(v->mrq_tail % v->r.mrq_entries) * sizeof *e;
    if (mbcf_k_put_user(v->t, ua, e, sizeof *e) == 0)
        v->mrq_tail++;
}

/* The VCQ (tni, cq) of a live process, or NULL. */
static struct vcq *vcq_find(uint8_t tni, uint8_t cq)
{
    for (int t = 0; t < TOFU_K_PROCS; t++)
        for (int i = 0; i < TOFU_VCQ_MAX; i++) {
            struct vcq *v = &vcqs[t][i];
            if (v->used && v->r.tni == tni && v->r.cq == cq)
                return task_local_alive(t) ? v : 0;
        }
    return 0;
}

int tofu_k_vcq_owner(uint8_t tni, uint8_t cq)
{
    const struct vcq *v = vcq_find(tni, cq);
    return v ? v->t : -1;
}

int tofu_k_notice(uint8_t tni, uint8_t cq, const struct tofu_mrq_entry *e)
{
    struct vcq *v = vcq_find(tni, cq);
    if (!v)
        return -1;
    struct tofu_mrq_entry x = *e;
    x.wall_ns = time_ns();
    mrq_push(v, &x);
    tofu_k_st.notices++;
    publish(v);
    tofu_k_event(v->t);
    return 0;
}

/* ---- commands ---- */
#define CMDS 256
struct cmd {
    int used;
    int t, vcq; /* owner process (-1: it ended) and its VCQ index */
    struct tofu_desc d;
    int node;
    uint32_t ops_left;
    int wait_reply;
    int status;
    uint64_t old;              /* atomics: value before */
};
static struct cmd cmds[CMDS];

int tofu_k_piggy_copy(uint8_t *d, uint32_t slot, uint32_t off, uint32_t len)
{
    if (slot >= CMDS || !cmds[slot].used || off + len > sizeof cmds[slot].d.piggy)
        return -1;
    memcpy(d, cmds[slot].d.piggy + off, len);
    return 0;
}

static uint8_t lcl_type(uint8_t op)
{
    if (op == TOFU_DESC_GET)
        return TOFU_MRQ_LCL_GET;
    if (op == TOFU_DESC_ARMW8 || op == TOFU_DESC_CSWAP8)
        return TOFU_MRQ_LCL_ARMW;
    return TOFU_MRQ_LCL_PUT;
}

/* Local completion: TCQ entry (asked for, or failed), local MRQ notice (asked
 * for, or failed: errors are always reported). */
static void complete(struct cmd *c)
{
    if (c->t < 0) { /* its process ended: nothing to write */
        c->used = 0;
        return;
    }
    struct vcq *v = &vcqs[c->t][c->vcq];
    uint64_t now = time_ns();
    if ((c->d.flags & TOFU_F_TCQ_NOTICE) || c->status) {
        struct tofu_tcq_entry t = { .cbdata = c->d.cbdata, .status = c->status,
                                    .model_ns = c->d.model_local_ns, .wall_ns = now };
        tcq_push(v, &t);
    }
    if ((c->d.flags & TOFU_F_LOCAL_MRQ) || c->status) {
        struct tofu_mrq_entry m = { .type = lcl_type(c->d.op), .edata = c->d.edata,
                                    .status = c->status, .vcq_id = c->d.rmt_vcq,
                                    .rmt_value = c->old, .lcl_stadd = c->d.lcl_stadd,
                                    .rmt_stadd = c->d.rmt_stadd, .len = c->d.len,
                                    .model_ns = c->d.model_local_ns, .wall_ns = now };
        mrq_push(v, &m);
    }
    tofu_k_st.cmds_done++;
    if (c->status)
        tofu_k_st.cmds_failed++;
    v->inflight--;
    c->used = 0;
    publish(v);
    tofu_k_event(c->t);
}

static void maybe_complete(struct cmd *c)
{
    if (c->used && c->ops_left == 0 && !c->wait_reply)
        complete(c);
}

void tofu_k_cmd_op_done(uint32_t slot1, int mbcf_status)
{
    if (slot1 == 0 || slot1 > CMDS || !cmds[slot1 - 1].used)
        return;
    struct cmd *c = &cmds[slot1 - 1];
    if (mbcf_status) {
        if (!c->status)
            c->status = tofu_k_remote_status(mbcf_status);
        c->wait_reply = 0;     /* a refused request gets no reply */
    }
    if (c->ops_left)
        c->ops_left--;
    maybe_complete(c);
}

/* Only from the node the command went to, addressed to the command's VCQ. */
void tofu_k_cmd_reply(uint32_t slot, int src, const struct tofu_msg *m)
{
    if (slot >= CMDS || !cmds[slot].used || cmds[slot].node != src || !cmds[slot].wait_reply)
        return;
    struct cmd *c = &cmds[slot];
    if (c->t >= 0 && (vcqs[c->t][c->vcq].r.tni != m->dst_tni || vcqs[c->t][c->vcq].r.cq != m->dst_cq))
        return;
    if (m->kind == TOFU_MSG_ARMW_REPLY)
        c->old = m->aux;
    c->wait_reply = 0;
    maybe_complete(c);
}

/* Target rank of a VCQ id: -1 when its coordinates are not a node or the TNI
 * does not exist. */
static int vcq_node(uint64_t id)
{
    struct tofu_coords co;
    for (int i = 0; i < 6; i++)
        co.c[i] = TOFU_VCQ_COORD(id, i);
    if (TOFU_VCQ_TNI(id) >= cfg.n_tni)
        return -1;
    int64_t r = tofu_coords_to_rank(&cfg.shape, &co);
    return r < 0 ? -1 : (int)r;
}

/* Start command c (its descriptor validated here): 0, or a TOFU_ERR_* status
 * to complete it with at once. */
static int start(struct cmd *c, uint32_t slot)
{
    const struct tofu_desc *d = &c->d;
    uint32_t slot1 = slot + 1;
    if ((d->flags & ~TOFU_F_KNOWN) || d->op < TOFU_DESC_PUT || d->op > TOFU_DESC_NOP)
        return TOFU_ERR_TCQ_DESC;
    if (d->op == TOFU_DESC_NOP)
        return 0;
    c->node = vcq_node(d->rmt_vcq);
    if (c->node < 0)
        return TOFU_ERR_INVALID_VCQ_ID;
    struct vcq *v = &vcqs[c->t][c->vcq];
    struct tofu_msg m = { .edata = d->edata, .notice = !!(d->flags & TOFU_F_REMOTE_MRQ),
                          .dst_tni = TOFU_VCQ_TNI(d->rmt_vcq), .dst_cq = TOFU_VCQ_CQ(d->rmt_vcq),
                          .src_tni = v->r.tni, .src_cq = v->r.cq, .cmd = slot,
                          .src_vcq = tofu_k_vcq_id(v->r.tni, v->r.cq), .stadd = d->rmt_stadd,
                          .len = d->len, .model_ns = d->model_deliver_ns };
    uint64_t va;
    int st;
    switch (d->op) {
    case TOFU_DESC_PUT:
    case TOFU_DESC_PUT_PIGGY:
        if (d->len > MBCF_PUT_MAX)
            return TOFU_ERR_TCQ_LENGTH;
        if (d->op == TOFU_DESC_PUT_PIGGY) {
            if (d->len > sizeof d->piggy)
                return TOFU_ERR_TCQ_LENGTH;
            va = TOFU_KSRC_PIGGY | (uint64_t)slot << 32;
        } else if ((st = tofu_k_local_stadd(c->t, d->lcl_stadd, d->len, 0, &va)) != 0) {
            return st;
        } else {
            va = TOFU_KSRC_USER(c->t, va);
        }
        (void)tofu_k_post_put(c->node, TOFU_WT(m.dst_tni, m.dst_cq), d->rmt_stadd, va,
                              (uint32_t)d->len, slot1);
        c->ops_left = 1;
        if (m.notice) {
            m.kind = TOFU_MSG_NOTICE;
            (void)tofu_k_post_msg(c->node, &m, slot1);
            c->ops_left = 2;
        }
        return 0;
    case TOFU_DESC_GET:
        if (d->len > MBCF_PUT_MAX)
            return TOFU_ERR_TCQ_LENGTH;
        if ((st = tofu_k_local_stadd(c->t, d->lcl_stadd, d->len, 1, &va)) != 0)
            return st;
        m.kind = TOFU_MSG_GET_REQ;
        m.aux = d->lcl_stadd;
        break;
    default:   /* ARMW8, CSWAP8 */
        if (d->op == TOFU_DESC_ARMW8 && d->armw_op != 1 && d->armw_op != 2)
            return TOFU_ERR_TCQ_DESC;
        m.kind = TOFU_MSG_ARMW_REQ;
        m.len = 8;
        m.armw_op = d->op == TOFU_DESC_CSWAP8 ? TOFU_ARMW_CSWAP : d->armw_op;
        m.aux = d->op == TOFU_DESC_CSWAP8 ? d->op2 : d->op1;
        m.aux2 = d->op1;
        break;
    }
    (void)tofu_k_post_msg(c->node, &m, slot1);
    c->ops_left = 1;
    c->wait_reply = 1;
    return 0;
}

/* Take descriptors of VCQ i of process t while there is a command slot, room
 * to post, and room in its TCQ/MRQ for every command in flight. */
static uint32_t pull(int t, int i)
{
    struct vcq *v = &vcqs[t][i];
    struct tofu_vcq_ctrl ctl;
    if (mbcf_k_read(t, v->r.ctrl, &ctl, sizeof ctl))
        return 0;
    uint32_t taken = 0;
    while (v->toq_head != ctl.toq_tail) {
        uint32_t q = v->r.tcq_entries < v->r.mrq_entries ? v->r.tcq_entries : v->r.mrq_entries;
        if (v->inflight + (v->tcq_tail - ctl.tcq_head) >= q ||
            v->inflight + (v->mrq_tail - ctl.mrq_head) >= q || !tofu_k_post_room(2))
            break;
        uint32_t slot = 0;
        while (slot < CMDS && cmds[slot].used)
            slot++;
        if (slot == CMDS)
            break;
        struct cmd *c = &cmds[slot];
        memset(c, 0, sizeof *c);
        uint64_t ua = v->r.toq + (uint64_t)(v->toq_head % v->r.toq_entries) * sizeof c->d;
        if (mbcf_k_read(t, ua, &c->d, sizeof c->d))
            break;
        c->used = 1;
        c->t = t;
        c->vcq = i;
        v->toq_head++;
        v->inflight++;
        taken++;
        tofu_k_st.cmds++;
        c->status = start(c, slot);
        if (c->status || c->d.op == TOFU_DESC_NOP)
            complete(c);
    }
    publish(v);
    return taken;
}

/* ---- system calls ---- */
static int pow2_in(uint32_t v, uint32_t max) { return v && v <= max && !(v & (v - 1)); }

static long sys_info(uint64_t uout)
{
    if (load_cfg() < 0)
        return -ENODEV;
    struct tofu_info in = { .rank = net_rank(), .nodes = net_nodes(), .mode = cfg.mode,
                            .n_tni = (uint8_t)cfg.n_tni };
    for (int i = 0; i < 3; i++)
        in.log[i] = cfg.shape.log[i];
    memcpy(in.coords, cfg.me.c, 6);
    return copy_to_user(uout, &in, sizeof in) ? -EFAULT : 0;
}

/* What ended processes owned: their VCQs and registrations go, their
 * commands still in the engine complete into nothing. */
void tofu_k_reap(void)
{
    for (int t = 0; t < TOFU_K_PROCS; t++) {
        int any = 0;
        for (int i = 0; i < TOFU_VCQ_MAX; i++)
            any |= vcqs[t][i].used;
        if (!any || task_local_alive(t))
            continue;
        for (int i = 0; i < TOFU_VCQ_MAX; i++)
            vcqs[t][i].used = 0;
        for (int k = 0; k < CMDS; k++)
            if (cmds[k].used && cmds[k].t == t)
                cmds[k].t = -1;
        tofu_k_target_drop(t);
    }
}

static long sys_vcq_create(int t, uint64_t ur)
{
    if (load_cfg() < 0 || !tofu_k_net_up())
        return -ENODEV;
    if (t < 0)
        return -EINVAL;
    struct tofu_vcq_rings r;
    if (copy_from_user(&r, ur, sizeof r))
        return -EFAULT;
    if (!pow2_in(r.toq_entries, 4096) || !pow2_in(r.tcq_entries, 4096) ||
        !pow2_in(r.mrq_entries, 4096) || r.tni >= cfg.n_tni || r.cq >= 16 ||
        ((r.ctrl | r.toq | r.tcq | r.mrq) & 7))
        return -EINVAL;
    if (!tofu_k_user_ok(t, r.ctrl, sizeof(struct tofu_vcq_ctrl), 1) ||
        !tofu_k_user_ok(t, r.toq, (uint64_t)r.toq_entries * sizeof(struct tofu_desc), 0) ||
        !tofu_k_user_ok(t, r.tcq, (uint64_t)r.tcq_entries * sizeof(struct tofu_tcq_entry), 1) ||
        !tofu_k_user_ok(t, r.mrq, (uint64_t)r.mrq_entries * sizeof(struct tofu_mrq_entry), 1))
        return -EFAULT;
    tofu_k_reap(); /* (tni, cq) of an ended process is free again */
    if (vcq_find(r.tni, r.cq))
        return -EEXIST; /* this node's (TNI, CQ): another VCQ, maybe another process's */
    int free = -1;
    for (int i = TOFU_VCQ_MAX - 1; i >= 0; i--)
        if (!vcqs[t][i].used)
            free = i;
    if (free < 0)
        return -ENOSPC;
    struct tofu_vcq_ctrl zero;
    memset(&zero, 0, sizeof zero);
    if (copy_to_user(r.ctrl, &zero, sizeof zero))
        return -EFAULT;
    memset(&vcqs[t][free], 0, sizeof vcqs[t][free]);
    vcqs[t][free].r = r;
    vcqs[t][free].t = t;
    vcqs[t][free].used = 1;
    return free;
}

/* Only the caller's own VCQs: indices are per process. */
static long sys_vcq_free(int t, uint64_t i)
{
    if (t < 0 || i >= TOFU_VCQ_MAX || !vcqs[t][i].used)
        return -EINVAL;
    if (vcqs[t][i].inflight)
        return -EBUSY;
    vcqs[t][i].used = 0;
    return 0;
}

static long sys_doorbell(int t, uint64_t mask)
{
    if (t < 0 || (mask >> TOFU_VCQ_MAX))
        return -EINVAL;
    doorbells++;
    uint32_t n = 0;
    for (int i = 0; i < TOFU_VCQ_MAX; i++) {
        if (!(mask >> i & 1))
            continue;
        if (!vcqs[t][i].used)
            return -EINVAL;
        n += pull(t, i);
    }
    tofu_k_pump();
    net_tx_flush();
    return n;
}

struct wait_arg {
    int t;
    uint32_t seen;
};
static int changed(void *arg)
{
    const struct wait_arg *w = arg;
    return events[w->t] != w->seen;
}

/* timeout_ns < 0 is refused (-EINVAL): a wait always ends, by an event or
 * by its timeout (docs/tofu.md). */
static long sys_wait(int t, uint32_t seen, int64_t timeout_ns)
{
    if (t < 0 || timeout_ns < 0)
        return -EINVAL;
    waits++;
    for (int p = 0; p < TOFU_K_PROCS; p++) /* descriptors left behind for lack of room */
        for (int i = 0; i < TOFU_VCQ_MAX; i++)
            if (vcqs[p][i].used && task_local_alive(p))
                pull(p, i);
    tofu_k_pump();
    net_tx_flush();
    struct wait_arg w = { t, seen };
    if (changed(&w))
        return events[t];
    if (net_wait(changed, &w, timeout_ns) < 0)
        return -ETIMEDOUT;
    return events[t];
}

static long sys_stats(uint64_t uout)
{
    struct tofu_stats s = tofu_k_st;
    s.doorbells = doorbells;
    s.waits = waits;
    tofu_k_net_stats(&s);
    return copy_to_user(uout, &s, sizeof s) ? -EFAULT : 0;
}

/* Diagnostics: the task side (VCQ indices, commands) and the transport on
 * the console; `why` is the caller's tag for the log. */
static long sys_dump(long why)
{
    unsigned used = 0;
    for (int i = 0; i < CMDS; i++)
        used += cmds[i].used != 0;
    int me = caller();
    kprintf("tofu-dump: (%ld) events %u doorbells %llu waits %llu cmds in use %u\n", why,
            me < 0 ? 0 : events[me], (unsigned long long)doorbells, (unsigned long long)waits, used);
    for (int t = 0; t < TOFU_K_PROCS; t++)
        for (int i = 0; i < TOFU_VCQ_MAX; i++) {
            struct vcq *v = &vcqs[t][i];
            struct tofu_vcq_ctrl ctl;
            if (!v->used || mbcf_k_read(t, v->r.ctrl, &ctl, sizeof ctl))
                continue;
            kprintf("tofu-dump: process %d vcq %d: toq %u/%u tcq %u/%u mrq %u/%u lost %u "
                    "inflight %u\n",
                    t, i, v->toq_head, ctl.toq_tail, ctl.tcq_head, v->tcq_tail,
                    ctl.mrq_head, v->mrq_tail, v->mrq_lost, v->inflight);
        }
    tofu_k_net_dump();
    return 0;
}

long tofu_k_syscall(long nr, uint64_t a1, uint64_t a2, uint64_t a3, uint64_t a4)
{
    int t = caller();
    switch (nr) {
    case SYS_tofu_info:       return sys_info(a1);
    case SYS_tofu_vcq_create: return sys_vcq_create(t, a1);
    case SYS_tofu_vcq_free: return sys_vcq_free(t, a1);
    case SYS_tofu_reg_mem: return tofu_k_reg_mem(t, a1, a2, (long)a3, a4);
    case SYS_tofu_dereg_mem: return tofu_k_dereg_mem(t, a1);
    case SYS_tofu_doorbell: return sys_doorbell(t, a1);
    case SYS_tofu_wait: return sys_wait(t, (uint32_t)a1, (int64_t)a2);
    case SYS_tofu_stats:      return sys_stats(a1);
    case SYS_tofu_dump:       return sys_dump((long)a1);
    }
    return -ENOSYS;
}
