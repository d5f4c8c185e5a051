/* netdev.h - the seam between the network layer (kernel/net/) and network
 * device drivers (drivers/): an operations table per device and a registry of
 * drivers. Models: Unikraft's uk_netdev (driver registration + ops callbacks)
 * and ixy's device.h (burst rx/tx on the driver's own buffers).
 *
 * Adding a device driver (e.g. drivers/tofu_emu):
 *  1. embed `struct netdev` in your device state, fill a `static const struct
 *     netdev_ops` (every member is required unless marked optional);
 *  2. write `probe()` that finds and starts the hardware and returns the
 *     netdev (NULL, after printing why, when it is absent);
 *  3. call netdev_driver_register(&your_driver) from your init, listed in
 *     kernel/subsys.c before net_init(); add your .c to KERNEL_SRCS in your
 *     folder's .mk. The network layer then probes every registered driver in
 *     registration order; the first device found carries the cluster frames
 *     (netdev_get(0)); later ones are reachable through netdev_get(i).
 * Nothing here blocks or locks: the kernel runs with interrupts off
 * (kernel/kapi.h execution model). */
#ifndef NETDEV_H
#define NETDEV_H
#include <stdint.h>

struct netdev;

/* One received frame, left in the driver's buffer until rx_release. */
struct netdev_pkt {
    const uint8_t *data;   /* frame without FCS */
    uint16_t len;
    uint8_t  bad;          /* 1: hardware error, or the frame did not fit one buffer */
};

struct netdev_ops {
    /* Receive: hand out up to max frames (0 when none); rx_release(n) gives
     * back the n oldest handed-out frames. */
    uint32_t (*rx_burst)(struct netdev *dev, struct netdev_pkt *pkts, uint32_t max);
    void     (*rx_release)(struct netdev *dev, uint32_t n);
    /* Transmit: reserve k <= n buffers (dev->buf_size bytes each) to build
     * frames in, returns k; tx_commit posts the first n reserved buffers with
     * lens[] (one doorbell for the burst). */
    uint32_t (*tx_reserve)(struct netdev *dev, uint8_t **bufs, uint32_t n);
    void     (*tx_commit)(struct netdev *dev, const uint16_t *lens, uint32_t n);
    /* Wait/interrupt control: irq_ack reads and clears the pending causes
     * (deasserts a level-triggered line); rx_irq(1) arms the receive interrupt,
     * rx_irq(0) masks every interrupt (pure polling). */
    uint32_t (*irq_ack)(struct netdev *dev);
    void     (*rx_irq)(struct netdev *dev, int on);
    /* GSI of the device's interrupt line and its polarity (for irq_register),
     * or -1 when it has none (then the network layer only polls). */
    int      (*irq_line)(struct netdev *dev, int *active_low);
    /* Station address: the receive filter accepts frames to mac. */
    void     (*set_mac)(struct netdev *dev, const uint8_t mac[6]);
    int      (*link_up)(struct netdev *dev);
    /* Statistics: frames the device dropped for lack of buffers (running total). */
    uint64_t (*rx_missed)(struct netdev *dev);
    /* Stop receive and transmit (power-off). */
    void     (*stop)(struct netdev *dev);
};

struct netdev {
    const struct netdev_ops *ops;
    const char *name;      /* "e1000" */
    uint32_t buf_size;     /* bytes of one transmit buffer */
};

struct netdev_driver {
    const char *name;
    struct netdev *(*probe)(void);
};

#define NETDEV_DRIVERS_MAX 4
#define NETDEV_MAX 4

/* Registers a driver (static storage). 0, or -ENOSPC. */
int netdev_driver_register(const struct netdev_driver *drv);
/* Probes every registered driver once (net_init). Returns the device count. */
int netdev_probe_all(void);
/* Device i in probe order, or NULL. */
struct netdev *netdev_get(int i);

#endif
