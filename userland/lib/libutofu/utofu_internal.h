/* utofu_internal.h - state shared by the files of libutofu: the node's Tofu
 * configuration, the VCQs (rings in our memory) and the timing model. */
#ifndef UTOFU_INTERNAL_H
#define UTOFU_INTERNAL_H
#include <stdint.h>
#include "utofu.h"
#include "tofu_abi.h"
#include "tofu_model.h"

struct utofu_vcq {
    int used;
    int kidx;                       /* kernel VCQ index (doorbell mask bit) */
    uint8_t tni, cq;
    struct tofu_vcq_ctrl *ctrl;
    struct tofu_desc *toq;
    struct tofu_tcq_entry *tcq;
    struct tofu_mrq_entry *mrq;
    uint32_t toq_n, tcq_n, mrq_n;
    uint32_t toq_tail;              /* written, not yet published to ctrl->toq_tail */
    uint64_t last_model_ns, last_wall_ns;
};

struct utofu_state {
    int ready;                      /* 1 ok, -1 no Tofu on this node */
    struct tofu_info info;
    const struct tofu_params *p;
    struct tofu_shape shape;
    struct tofu_sim *sim;
    uint64_t clock;                 /* utofu_emu_time() */
    uint32_t events_seen;
    struct utofu_vcq vcq[TOFU_VCQ_MAX];
};
extern struct utofu_state utofu_st;

/* 0 when the node has a Tofu controller (loads the configuration once). */
int utofu_init(void);
long utofu_sys(long nr, long a1, long a2, long a3, long a4);
struct utofu_vcq *utofu_vcq_of(utofu_vcq_hdl_t h);
/* Rank of a VCQ id's node, or -1. */
int utofu_vcq_rank(utofu_vcq_id_t id);
/* Appends a descriptor to the VCQ's TOQ (flushing first when it is full). */
int utofu_post(struct utofu_vcq *v, const struct tofu_desc *d);
/* Sleep briefly in the kernel until something arrives. */
void utofu_idle(void);
void utofu_see(uint64_t model_ns);
/* A call outside the emulated subset: names itself on stderr, returns
 * UTOFU_ERR_NOT_SUPPORTED. */
int utofu_nosup(const char *name);
/* NOSUP_FN(fn, report, parameters...) defines int fn(parameters) as
 * "return report("fn");": the body of every call outside the subset
 * (utofu_nosup.c; jtofu.c with its own report). The parameters stay unused. */
#define NOSUP_FN(fn, report, ...)                                         \
    _Pragma("GCC diagnostic push")                                        \
    _Pragma("GCC diagnostic ignored \"-Wunused-parameter\"")              \
    int fn(__VA_ARGS__) { return report(#fn); }                           \
    _Pragma("GCC diagnostic pop")

#endif
