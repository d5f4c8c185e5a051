/* raw.h - user-level wrappers for the kernel's raw-frame system calls
 * (numbers and structures in kernel/uapi/cluster_abi.h).
 *
 * All functions return 0 / a length on success and a NEGATIVE errno on failure
 * (they do not touch errno):
 *   raw_send       -EINVAL bad rank, -EMSGSIZE len > RAW_PAYLOAD_MAX,
 *                  -EFAULT unreadable buffer, -ENOBUFS transmit ring full
 *   raw_recv       payload length; -EAGAIN (timeout 0, nothing queued),
 *                  -ETIMEDOUT, -EMSGSIZE (cap too small; the frame stays
 *                  queued), -EFAULT (bad buffer; the frame stays queued)
 *   raw_send_frame test hook: sends `len` bytes (14..CLUSTER_FRAME_MAX) as a
 *                  whole Ethernet frame; the kernel writes our source MAC into
 *                  it, and refuses a frame of a protocol kind other than RAW
 *                  with -EPERM (no program speaks for another node or MBCF)
 * Delivery is best effort: frames can be lost; order between two nodes is kept. */
#ifndef RAW_H
#define RAW_H
#include <stdint.h>
#include <stddef.h>
#include "cluster_abi.h"
#include "cluster_user.h"

#define RAW_PAYLOAD_MAX CLUSTER_PAYLOAD_MAX    /* 1496 bytes */
#define RAW_WAIT_FOREVER (-1)

int  raw_node_info(struct node_info *out);
int  raw_send(int dst_rank, const void *payload, size_t len);
/* timeout_ns: 0 = do not wait, > 0 = wait at most that long, < 0 = forever.
 * *src_rank (if not NULL) receives the sender's rank. */
long raw_recv(void *buf, size_t cap, int *src_rank, int64_t timeout_ns);
int  raw_net_stats(struct net_stats *out);
int  raw_send_frame(const void *frame, size_t len);
/* Fields < 0 are left unchanged; *cfg receives the settings in force. */
int  raw_net_config(struct net_config *cfg);
/* Shorthands for raw_net_config. */
int  raw_set_wait_mode(int mode, int64_t poll_budget_ns);  /* mode 0 adaptive, 1 poll */
int  raw_print_stats_at_exit(int on);

/* One block of `count` numbered 4-byte ping-pongs between ranks 0 and 1
 * (raw_pingpong.c), both ranks call it with the same seq0. Rank 0 stores the
 * round trips in ns, except the block's first (warm-up) and any with a lost
 * frame (resent, dropped); returns how many it stored (rank 1: 0). */
int  raw_pingpong_block(int me, uint32_t seq0, int count, uint64_t *rtt_ns);

/* One block of a raw-frame stream from rank 0 to rank 1 (raw_stream.c), the
 * bandwidth reference of the paired benchmarks; both ranks call it with the
 * same round number (> 0, new each block). Rank 0 sends `frames` max-size
 * frames back to back, rank 1 counts them and reports. Returns the received
 * payload over rank 0's time from first send to report, in MB/s, on rank 0
 * (0 if no report came), 0 on rank 1. Lost frames are not resent: the rate
 * counts what arrived; *received (if not NULL, rank 0) gets how many did. */
double raw_stream_block(int me, uint32_t round, int frames, uint64_t *received);
/* The same, flow-controlled so that nothing overflows on the way (the
 * lossless reference): rank 1 returns a credit every window/4 frames, rank 0
 * keeps at most window (>= 4) frames beyond the last credit in flight;
 * *stalls (rank 0, may be NULL) counts credits awaited 50 ms in vain (each
 * lets window/4 frames more go).
 * The window must fit the smallest queue on the path, which is not in the
 * guest (e1000 receive ring and raw queue: 1024 frames each) but on the
 * host: vde_switch sends to the receiving QEMU's unix datagram socket with
 * O_NONBLOCK and drops a frame on EAGAIN (vde2 src/vde_switch/datasock.c,
 * send_datasock). The two sockets are connected to each other, so the
 * queue is bounded by the switch socket's send buffer: net.core.wmem_default
 * 212,992 B over 2,304 B per 1514-byte datagram (skb truesize) = 93 max-size
 * frames (scripts/qemu/link_queue_frames measures it on this host). A window
 * of 128 lost 128 - 93 = 35 frames in each round whose first window found
 * the receiving QEMU descheduled. */
#define RAW_LINK_QUEUE_FRAMES 93
/* The window mpibench uses: well inside RAW_LINK_QUEUE_FRAMES (the END frame
 * and a credit in flight fit too), and still several credit round trips
 * (16 frames each) deep, so the stream is not slowed by waiting. */
#define RAW_PACED_WINDOW 64
double raw_stream_paced(int me, uint32_t round, int frames, int window, uint64_t *received,
                        int *stalls);

/* TSC time in ns (rate from node_info.tsc_hz), no system call per reading. */
uint64_t raw_now_ns(void);

/* The cycle counter (rate node_info.tsc_hz) and the system-call instruction
 * come from userland/lib/include/cluster_user.h: cluster_rdtsc, cluster_syscall6. */

#endif
