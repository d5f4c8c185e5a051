/* mbcf_khost.h - hosting one instance of the MBCF protocol engine
 * (mbcf_engine.c) in the kernel on the frames of one cluster kind: the
 * callbacks every host fills the same way (transmit through the network
 * layer, the clock, per-peer memory, DATA frames built straight into the
 * NIC's transmit buffer with loopback staged), making the engine, and the
 * power-off linger that keeps answering peers' retransmissions. MBCF's own
 * glue (mbcf_kernel.c) hosts one; any other kernel transport built on the
 * engine hosts its own (it names nothing above this layer). */
#ifndef MBCF_KHOST_H
#define MBCF_KHOST_H
#include <stddef.h>
#include <stdint.h>
#include "mbcf_engine.h"

struct mbcf_khost {
    int kind; /* CLUSTER_KIND_* of the engine's frames */
    /* Copy len bytes of a posted operation's source `src` (the host's own
     * encoding) into d: 0, or an MBCF_E_* status (the frame is voided). */
    int (*read_source)(uint64_t src, void *d, uint32_t len);
};

/* struct mbcf_callbacks members whose ctx is a struct mbcf_khost. */
int mbcf_khost_send_frame(void *ctx, int dst, const void *frame, uint32_t len);
uint64_t mbcf_khost_now(void *ctx);
int mbcf_khost_send_data(void *ctx, int dst, const struct mbcf_wire_hdr *h, uint64_t src,
                         const uint8_t *status);
void *mbcf_khost_alloc(void *ctx, size_t bytes);

/* A new engine with configuration c and callbacks cb, in pages of its own;
 * NULL (reported on the console under `name`) when it cannot be made. */
struct mbcf_engine *mbcf_khost_engine(const char *name, const struct mbcf_config *c,
                                      const struct mbcf_callbacks *cb);

/* Power-off linger: acknowledge what arrived, then keep polling the network
 * and ticking the engine (1 kHz) until no frame came for quiet_ns, at most
 * max_ns. step(arg), when not NULL, runs on every turn and returns 1 while
 * it needs the linger to go on past the quiet time. */
void mbcf_khost_linger(struct mbcf_engine *e, uint64_t quiet_ns, uint64_t max_ns,
                       int (*step)(void *arg), void *arg);

#endif
