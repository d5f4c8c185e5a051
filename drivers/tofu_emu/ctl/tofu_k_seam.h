/* tofu_k_seam.h - what the emulated Tofu controller offers the kernel's seams:
 * receive handler for CLUSTER_KIND_TOFU frames, timer tick, power-off linger,
 * and its system-call range (SYS_TOFU_FIRST..LAST, tofu_abi.h). Wired in by
 * tofu_k_plug.c; nothing here names the NIC driver. */
#ifndef TOFU_K_SEAM_H
#define TOFU_K_SEAM_H
#include <stdint.h>

void tofu_k_net_rx(int src_rank, const void *payload, uint32_t len);
void tofu_k_net_rx_done(void);
void tofu_k_net_tick(void);
void tofu_k_net_shutdown(void);
long tofu_k_syscall(long nr, uint64_t a1, uint64_t a2, uint64_t a3, uint64_t a4);

#endif
