/* utofu_core.c - libutofu: node configuration (SYS_tofu_info), TNIs and their
 * one-sided capabilities, VCQs (TOQ/TCQ/MRQ rings in our memory, registered
 * with SYS_tofu_vcq_create), memory registration, VCQ ids and coordinates. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "cluster_abi.h"
#include "utofu_internal.h"
#include "utofu_emu.h"

struct utofu_state utofu_st;

long utofu_sys(long nr, long a1, long a2, long a3, long a4)
{
    long r = syscall(nr, a1, a2, a3, a4);
    return r < 0 ? -errno : r;
}

int utofu_init(void)
{
    if (utofu_st.ready)
        return utofu_st.ready > 0 ? 0 : -1;
    utofu_st.ready = -1;
    if (utofu_sys(SYS_tofu_info, (long)&utofu_st.info, 0, 0, 0) < 0)
        return -1;
    utofu_st.p = tofu_params(utofu_st.info.mode == TOFU_ABI_MODE_TOFU1 ? TOFU_MODE_TOFU1
                                                                       : TOFU_MODE_TOFUD);
    if (tofu_shape_init(&utofu_st.shape, utofu_st.info.log[0], utofu_st.info.log[1],
                        utofu_st.info.log[2]))
        return -1;
    utofu_st.sim = malloc(sizeof *utofu_st.sim);
    if (!utofu_st.sim)
        return -1;
    tofu_sim_init(utofu_st.sim, utofu_st.p, &utofu_st.shape);
    utofu_st.ready = 1;
    return 0;
}

uint64_t utofu_emu_wall(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000ull + (uint64_t)t.tv_nsec;
}

/* Modeled now: the latest modeled time seen in an entry or notice, or the end
 * of this node's last modeled command if later (a new command is issued then). */
uint64_t utofu_emu_time(void)
{
    uint64_t s = utofu_st.sim ? tofu_sim_now(utofu_st.sim) : 0;
    return s > utofu_st.clock ? s : utofu_st.clock;
}

void utofu_see(uint64_t model_ns)
{
    if (model_ns > utofu_st.clock)
        utofu_st.clock = model_ns;
}

const char *utofu_emu_mode(void)
{
    return utofu_init() ? NULL : utofu_st.p->name;
}

int utofu_emu_info(struct tofu_info *out)
{
    if (utofu_init())
        return UTOFU_ERR_NOT_AVAILABLE;
    *out = utofu_st.info;
    return UTOFU_SUCCESS;
}

int utofu_emu_stats(struct tofu_stats *out)
{
    return utofu_sys(SYS_tofu_stats, (long)out, 0, 0, 0) ? UTOFU_ERR_FATAL : UTOFU_SUCCESS;
}

void utofu_emu_dump(long tag)
{
    (void)utofu_sys(SYS_tofu_dump, tag, 0, 0, 0);
}

int utofu_nosup(const char *name)
{
    fprintf(stderr, "utofu: %s: not supported by the emulated controller "
                    "(UTOFU_ERR_NOT_SUPPORTED)\n", name);
    return UTOFU_ERR_NOT_SUPPORTED;
}

/* ---- TNIs ---- */
int utofu_get_onesided_tnis(utofu_tni_id_t **tni_ids, size_t *num_tnis)
{
    if (!tni_ids || !num_tnis)
        return UTOFU_ERR_INVALID_POINTER;
    if (utofu_init())
        return UTOFU_ERR_NOT_AVAILABLE;
    utofu_tni_id_t *t = malloc(utofu_st.info.n_tni * sizeof *t);
    if (!t)
        return UTOFU_ERR_OUT_OF_MEMORY;
    for (unsigned i = 0; i < utofu_st.info.n_tni; i++)
        t[i] = (utofu_tni_id_t)i;
    *tni_ids = t;
    *num_tnis = utofu_st.info.n_tni;
    return UTOFU_SUCCESS;
}

int utofu_query_onesided_caps(utofu_tni_id_t tni_id, struct utofu_onesided_caps **tni_caps)
{
    static struct utofu_onesided_caps caps;
    if (!tni_caps)
        return UTOFU_ERR_INVALID_POINTER;
    if (utofu_init())
        return UTOFU_ERR_NOT_AVAILABLE;
    if (tni_id >= utofu_st.info.n_tni)
        return UTOFU_ERR_INVALID_TNI_ID;
    caps.flags = UTOFU_ONESIDED_CAP_FLAG_ARMW;
    caps.armw_ops = UTOFU_ONESIDED_CAP_ARMW_OP_CSWAP | UTOFU_ONESIDED_CAP_ARMW_OP_SWAP |
                    UTOFU_ONESIDED_CAP_ARMW_OP_ADD;
    caps.num_cmp_ids = 1;
    caps.num_reserved_stags = 0;
    caps.cache_line_size = 256;                  /* A64FX */
    caps.stag_address_alignment = 1;
    caps.max_toq_desc_size = sizeof(struct tofu_desc);
    caps.max_putget_size = utofu_st.p->max_putget;
    caps.max_piggyback_size = utofu_st.p->max_piggyback;
    caps.max_edata_size = 1;                     /* 8-bit edata */
    caps.max_mtu = 1408;                         /* MBCF_FRAG_MAX: one frame's data */
    caps.max_gap = 0;
    *tni_caps = &caps;
    return UTOFU_SUCCESS;
}

/* ---- VCQs ---- */
struct utofu_vcq *utofu_vcq_of(utofu_vcq_hdl_t h)
{
    struct utofu_vcq *v = (struct utofu_vcq *)h;
    if (!v || v < utofu_st.vcq || v >= utofu_st.vcq + TOFU_VCQ_MAX || !v->used)
        return NULL;
    return v;
}

static void *zalloc(size_t n)
{
    void *p = aligned_alloc(64, (n + 63) & ~(size_t)63);
    if (p)
        memset(p, 0, n);       /* present pages: the kernel checks them */
    return p;
}

int utofu_create_vcq(utofu_tni_id_t tni_id, unsigned long int flags, utofu_vcq_hdl_t *vcq_hdl)
{
    if (!vcq_hdl)
        return UTOFU_ERR_INVALID_POINTER;
    if (utofu_init())
        return UTOFU_ERR_NOT_AVAILABLE;
    if (tni_id >= utofu_st.info.n_tni)
        return UTOFU_ERR_INVALID_TNI_ID;
    if (flags & ~(UTOFU_VCQ_FLAG_THREAD_SAFE | UTOFU_VCQ_FLAG_EXCLUSIVE))
        return UTOFU_ERR_INVALID_FLAGS;
    struct utofu_vcq *v = NULL;
    uint32_t cq_used = 0;
    for (int i = 0; i < TOFU_VCQ_MAX; i++) {
        if (utofu_st.vcq[i].used && utofu_st.vcq[i].tni == tni_id)
            cq_used |= 1u << utofu_st.vcq[i].cq;
        else if (!utofu_st.vcq[i].used && !v)
            v = &utofu_st.vcq[i];
    }
    if (!v)
        return UTOFU_ERR_OUT_OF_RESOURCE;
    memset(v, 0, sizeof *v);
    v->toq_n = 256;
    v->tcq_n = v->mrq_n = 1024;
    v->ctrl = zalloc(sizeof *v->ctrl);
    v->toq = zalloc(v->toq_n * sizeof *v->toq);
    v->tcq = zalloc(v->tcq_n * sizeof *v->tcq);
    v->mrq = zalloc(v->mrq_n * sizeof *v->mrq);
    if (!v->ctrl || !v->toq || !v->tcq || !v->mrq)
        return UTOFU_ERR_OUT_OF_MEMORY;
    /* A CQ number is unique per TNI on the node, across its processes
     * (--ppn): process l tries CQ l first (so VCQ ids are predictable:
     * process l of every node on CQ l), then the next ones the kernel does
     * not refuse as taken (-EEXIST). */
    struct node_info ni;
    unsigned first = utofu_sys(SYS_node_info, (long)&ni, 0, 0, 0) == 0 && ni.local > 0
                         ? (unsigned)ni.local % 16
                         : 0;
    long k = -EEXIST;
    unsigned cq = 0;
    for (unsigned j = 0; j < 16 && k == -EEXIST; j++) {
        cq = (first + j) % 16;
        if (cq_used >> cq & 1)
            continue;
        struct tofu_vcq_rings r = { (uint64_t)v->ctrl, (uint64_t)v->toq, (uint64_t)v->tcq,
                                    (uint64_t)v->mrq, v->toq_n, v->tcq_n, v->mrq_n,
                                    (uint8_t)tni_id, (uint8_t)cq, 0 };
        k = utofu_sys(SYS_tofu_vcq_create, (long)&r, 0, 0, 0);
    }
    if (k < 0) {
        free(v->ctrl);
        free(v->toq);
        free(v->tcq);
        free(v->mrq);
        return k == -ENOSPC || k == -EEXIST ? UTOFU_ERR_OUT_OF_RESOURCE : UTOFU_ERR_FATAL;
    }
    v->kidx = (int)k;
    v->tni = (uint8_t)tni_id;
    v->cq = (uint8_t)cq;
    v->used = 1;
    *vcq_hdl = (utofu_vcq_hdl_t)v;
    return UTOFU_SUCCESS;
}

int utofu_create_vcq_with_cmp_id(utofu_tni_id_t tni_id, utofu_cmp_id_t cmp_id,
                                 unsigned long int flags, utofu_vcq_hdl_t *vcq_hdl)
{
    if (cmp_id != 0)
        return UTOFU_ERR_INVALID_CMP_ID;
    return utofu_create_vcq(tni_id, flags, vcq_hdl);
}

int utofu_free_vcq(utofu_vcq_hdl_t vcq_hdl)
{
    struct utofu_vcq *v = utofu_vcq_of(vcq_hdl);
    if (!v)
        return UTOFU_ERR_INVALID_VCQ_HDL;
    utofu_emu_flush();
    long r = utofu_sys(SYS_tofu_vcq_free, v->kidx, 0, 0, 0);
    if (r == -EBUSY)
        return UTOFU_ERR_BUSY;
    if (r < 0)
        return UTOFU_ERR_FATAL;
    free(v->ctrl); free(v->toq); free(v->tcq); free(v->mrq);
    v->used = 0;
    return UTOFU_SUCCESS;
}

int utofu_query_vcq_id(utofu_vcq_hdl_t vcq_hdl, utofu_vcq_id_t *vcq_id)
{
    struct utofu_vcq *v = utofu_vcq_of(vcq_hdl);
    if (!v)
        return UTOFU_ERR_INVALID_VCQ_HDL;
    if (!vcq_id)
        return UTOFU_ERR_INVALID_POINTER;
    *vcq_id = TOFU_VCQ_ID(utofu_st.info.coords, v->tni, v->cq);
    return UTOFU_SUCCESS;
}

int utofu_construct_vcq_id(uint8_t coords[], utofu_tni_id_t tni_id, utofu_cq_id_t cq_id,
                           utofu_cmp_id_t cmp_id, utofu_vcq_id_t *vcq_id)
{
    if (!coords || !vcq_id)
        return UTOFU_ERR_INVALID_POINTER;
    if (utofu_init())
        return UTOFU_ERR_NOT_AVAILABLE;
    if (tni_id >= utofu_st.info.n_tni)
        return UTOFU_ERR_INVALID_TNI_ID;
    if (cq_id >= 16)
        return UTOFU_ERR_INVALID_CQ_ID;
    if (cmp_id != 0)
        return UTOFU_ERR_INVALID_CMP_ID;
    struct tofu_coords c;
    memcpy(c.c, coords, 6);
    if (tofu_coords_to_rank(&utofu_st.shape, &c) < 0)
        return UTOFU_ERR_INVALID_COORDS;
    *vcq_id = TOFU_VCQ_ID(coords, tni_id, cq_id);
    return UTOFU_SUCCESS;
}

int utofu_vcq_rank(utofu_vcq_id_t id)
{
    struct tofu_coords c;
    for (int i = 0; i < 6; i++)
        c.c[i] = TOFU_VCQ_COORD(id, i);
    if (TOFU_VCQ_TNI(id) >= utofu_st.info.n_tni || TOFU_VCQ_CQ(id) >= 16)
        return -1;
    int64_t r = tofu_coords_to_rank(&utofu_st.shape, &c);
    return r < 0 ? -1 : (int)r;
}

int utofu_query_vcq_info(utofu_vcq_id_t vcq_id, uint8_t coords[], utofu_tni_id_t *tni_id,
                         utofu_cq_id_t *cq_id, uint16_t *extra_val)
{
    if (!coords || !tni_id || !cq_id || !extra_val)
        return UTOFU_ERR_INVALID_POINTER;
    if (utofu_init())
        return UTOFU_ERR_NOT_AVAILABLE;
    if (utofu_vcq_rank(vcq_id) < 0)
        return UTOFU_ERR_INVALID_VCQ_ID;
    for (int i = 0; i < 6; i++)
        coords[i] = TOFU_VCQ_COORD(vcq_id, i);
    *tni_id = TOFU_VCQ_TNI(vcq_id);
    *cq_id = TOFU_VCQ_CQ(vcq_id);
    *extra_val = 0;
    return UTOFU_SUCCESS;
}

int utofu_query_my_coords(uint8_t coords[])
{
    if (!coords)
        return UTOFU_ERR_INVALID_POINTER;
    if (utofu_init())
        return UTOFU_ERR_NOT_AVAILABLE;
    memcpy(coords, utofu_st.info.coords, 6);
    return UTOFU_SUCCESS;
}

/* ---- memory registration ---- */
int utofu_reg_mem(utofu_vcq_hdl_t vcq_hdl, void *addr, size_t size, unsigned long int flags,
                  utofu_stadd_t *stadd)
{
    if (!utofu_vcq_of(vcq_hdl))
        return UTOFU_ERR_INVALID_VCQ_HDL;
    if (!stadd)
        return UTOFU_ERR_INVALID_POINTER;
    if (flags & ~UTOFU_REG_MEM_FLAG_READ_ONLY)
        return UTOFU_ERR_INVALID_FLAGS;
    if (size == 0)
        return UTOFU_ERR_INVALID_SIZE;
    long r = utofu_sys(SYS_tofu_reg_mem, (long)addr, (long)size, (long)flags, (long)stadd);
    if (r == -ENOSPC)
        return UTOFU_ERR_OUT_OF_RESOURCE;
    if (r == -EFAULT)
        return UTOFU_ERR_INVALID_ADDRESS;
    return r < 0 ? UTOFU_ERR_INVALID_ARG : UTOFU_SUCCESS;
}

int utofu_dereg_mem(utofu_vcq_hdl_t vcq_hdl, utofu_stadd_t stadd, unsigned long int flags)
{
    if (!utofu_vcq_of(vcq_hdl))
        return UTOFU_ERR_INVALID_VCQ_HDL;
    if (flags)
        return UTOFU_ERR_INVALID_FLAGS;
    return utofu_sys(SYS_tofu_dereg_mem, (long)stadd, 0, 0, 0) ? UTOFU_ERR_INVALID_STADD
                                                             : UTOFU_SUCCESS;
}

/* ---- versions ---- */
void utofu_query_tofu_version(int *major_ver, int *minor_ver)
{
    /* generations as we number them: 1 = Tofu1 (K), 3 = TofuD (Fugaku) */
    int d = utofu_init() == 0 && utofu_st.info.mode == TOFU_ABI_MODE_TOFUD;
    if (major_ver)
        *major_ver = d ? 3 : 1;
    if (minor_ver)
        *minor_ver = 0;
}

void utofu_query_utofu_version(int *major_ver, int *minor_ver)
{
    if (major_ver)
        *major_ver = UTOFU_VERSION_MAJOR;
    if (minor_ver)
        *minor_ver = UTOFU_VERSION_MINOR;
}

const char *utofu_strerror(int rc)
{
    static const struct { int rc; const char *name; } names[] = {
        { UTOFU_SUCCESS, "UTOFU_SUCCESS" }, { UTOFU_ERR_NOT_FOUND, "UTOFU_ERR_NOT_FOUND" },
        { UTOFU_ERR_BUSY, "UTOFU_ERR_BUSY" }, { UTOFU_ERR_FULL, "UTOFU_ERR_FULL" },
        { UTOFU_ERR_NOT_AVAILABLE, "UTOFU_ERR_NOT_AVAILABLE" },
        { UTOFU_ERR_NOT_SUPPORTED, "UTOFU_ERR_NOT_SUPPORTED" },
        { UTOFU_ERR_TCQ_DESC, "UTOFU_ERR_TCQ_DESC" }, { UTOFU_ERR_TCQ_STADD, "UTOFU_ERR_TCQ_STADD" },
        { UTOFU_ERR_TCQ_LENGTH, "UTOFU_ERR_TCQ_LENGTH" }, { UTOFU_ERR_MRQ_OTHER, "UTOFU_ERR_MRQ_OTHER" },
        { UTOFU_ERR_MRQ_PEER, "UTOFU_ERR_MRQ_PEER" },
        { UTOFU_ERR_MRQ_RMT_MEMORY, "UTOFU_ERR_MRQ_RMT_MEMORY" },
        { UTOFU_ERR_MRQ_RMT_STADD, "UTOFU_ERR_MRQ_RMT_STADD" },
        { UTOFU_ERR_MRQ_RMT_LENGTH, "UTOFU_ERR_MRQ_RMT_LENGTH" },
        { UTOFU_ERR_INVALID_ARG, "UTOFU_ERR_INVALID_ARG" },
        { UTOFU_ERR_INVALID_POINTER, "UTOFU_ERR_INVALID_POINTER" },
        { UTOFU_ERR_INVALID_FLAGS, "UTOFU_ERR_INVALID_FLAGS" },
        { UTOFU_ERR_INVALID_COORDS, "UTOFU_ERR_INVALID_COORDS" },
        { UTOFU_ERR_INVALID_TNI_ID, "UTOFU_ERR_INVALID_TNI_ID" },
        { UTOFU_ERR_INVALID_VCQ_HDL, "UTOFU_ERR_INVALID_VCQ_HDL" },
        { UTOFU_ERR_INVALID_VCQ_ID, "UTOFU_ERR_INVALID_VCQ_ID" },
        { UTOFU_ERR_INVALID_STADD, "UTOFU_ERR_INVALID_STADD" },
        { UTOFU_ERR_INVALID_ADDRESS, "UTOFU_ERR_INVALID_ADDRESS" },
        { UTOFU_ERR_INVALID_SIZE, "UTOFU_ERR_INVALID_SIZE" },
        { UTOFU_ERR_INVALID_EDATA, "UTOFU_ERR_INVALID_EDATA" },
        { UTOFU_ERR_INVALID_OP, "UTOFU_ERR_INVALID_OP" },
        { UTOFU_ERR_OUT_OF_RESOURCE, "UTOFU_ERR_OUT_OF_RESOURCE" },
        { UTOFU_ERR_OUT_OF_MEMORY, "UTOFU_ERR_OUT_OF_MEMORY" }, { UTOFU_ERR_FATAL, "UTOFU_ERR_FATAL" },
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (names[i].rc == rc)
            return names[i].name;
    return "UTOFU_ERR_?";
}
