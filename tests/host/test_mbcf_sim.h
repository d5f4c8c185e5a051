/* test_mbcf_sim.h - a simulated cluster for the MBCF engine host tests and the
 * engine fuzz target: N engines on a virtual clock, a link with seeded loss,
 * duplication, delay jitter (reordering) and transmit back-pressure, and per
 * node a simulated task memory with page permissions and one registered FIFO.
 * Every target-side write and FIFO append is logged, so tests can check
 * exactly-once, in-order application per pair of nodes. */
#ifndef TEST_MBCF_SIM_H
#define TEST_MBCF_SIM_H
#include <stdint.h>
#include <stddef.h>
#include "mbcf_engine.h"
#include "mbcf_fifo_ring.h"

#define SIM_MAX_NODES 4
#define SIM_PAGE      4096ull
#define SIM_PAGES     96
#define SIM_BASE      0x10000000ull        /* vaddr of page 0 of task memory */
#define SIM_VA(page)  (SIM_BASE + (uint64_t)(page) * SIM_PAGE)
#define SIM_SRC_BYTES (1u << 20)           /* local source arena (addresses = offsets) */
/* Page map of every node's task memory. */
#define SIM_PG_RW       0
#define SIM_PG_RO       1
#define SIM_PG_NOEXP    2
#define SIM_PG_UNMAPPED 3
#define SIM_REGION_PAGES 16                /* sender s writes pages 16s .. 16s+15 */
#define SIM_PG_READONLY_PAGE 64
#define SIM_PG_NOEXP_PAGE    65
#define SIM_PG_UNMAPPED_PAGE 66
#define SIM_PG_CROSS_PAGE    67            /* RW, followed by page 68 NOEXP */
#define SIM_FIFO_PAGE        80            /* FIFO ring: pages 80..95 */
#define SIM_FIFO_BYTES       (16 * SIM_PAGE)
#define SIM_KERNEL_VA   0xffff800000001000ull
#define SIM_NONCANON_VA 0x0000900000000000ull

struct sim_log {            /* one application at a target */
    uint8_t src, kind;      /* kind: 1 = write fragment, 2 = FIFO append */
    uint32_t len;
    uint64_t addr;          /* write: vaddr; FIFO: first 8 payload bytes */
};

struct sim_cqe { uint64_t cookie; int node, status; };

struct sim;
struct sim_node {
    struct sim *sim;
    int rank;
    struct mbcf_engine *eng;
    void *engmem;
    uint8_t *mem;                       /* SIM_PAGES pages */
    uint8_t perm[SIM_PAGES];
    uint8_t *src;                       /* SIM_SRC_BYTES */
    int cur_src;                        /* sender of the frame being received */
    int fifo_registered;
    struct mbcf_ring_producer prod;
    struct mbcf_ring_consumer cons;
    int drain_per_step;                 /* FIFO entries consumed per tick (-1: all, every step) */
    struct sim_log *log; size_t nlog, caplog;
    struct sim_cqe *cq; size_t ncq, capcq;
    struct sim_log *fifo_got; size_t nfifo, capfifo;  /* consumed entries */
    int dead_why[SIM_MAX_NODES];        /* peer_dead callback: MBCF_DEAD_*, 0 = alive */
    uint64_t dead_at[SIM_MAX_NODES];    /* ... and the virtual time it came */
};

struct sim_pkt { uint64_t t; uint32_t id; int src, dst; uint32_t len; uint8_t data[MBCF_WIRE_MAX]; };

struct sim {
    int n;
    uint64_t now, tick_ns, next_tick;
    uint64_t rng;
    unsigned loss_pm, dup_pm, txfail_pm;   /* per mille */
    uint64_t delay_ns, jitter_ns;
    int link_down;                          /* drop everything */
    uint8_t down[SIM_MAX_NODES];            /* node off: frames to it lost, no ticks */
    uint64_t pause_until[SIM_MAX_NODES];    /* node starved (its emulator not running)
                                               until then: no ticks, frames to it wait */
    /* a loaded host: at each tick every running node is starved with
     * probability stall_pm / 1000, for a uniform 0 .. stall_ns */
    unsigned stall_pm;
    uint64_t stall_ns;
    /* optional: return 1 to lose this frame (tests that drop chosen frames) */
    int (*drop)(struct sim *s, int src, int dst, const void *f, uint32_t len);
    struct sim_pkt **heap; size_t nheap, capheap;
    uint32_t pkt_id;
    uint64_t sent, dropped, duped, txfail;
    uint64_t data_reads;                    /* send_data calls that read a source */
    /* frames as sent, for tests that inspect them */
    void (*on_send)(struct sim *s, int src, int dst, const void *f, uint32_t len);
    struct sim_node node[SIM_MAX_NODES];
};

uint64_t sim_rand(struct sim *s);
/* n nodes, seed, engine config tweak (may be NULL). */
void sim_init(struct sim *s, int n, uint64_t seed, void (*tweak)(struct mbcf_config *c));
void sim_free(struct sim *s);
/* Advance to the next event (frame delivery or tick) and process it. */
void sim_step(struct sim *s);
size_t sim_in_flight(const struct sim *s);
/* Expected status of a remote write to [va, va+len) on any node (page map above). */
int sim_expect_put(uint64_t va, uint64_t len);

#endif
