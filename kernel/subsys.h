/* subsys.h - the subsystems linked into the kernel and their init entry
 * points: the only place that names them all (the composition root, called by
 * main.c). Each init registers the subsystem into the seams it plugs into
 * (network device drivers: net/netdev.h; frame kinds: net/net_proto.h; system
 * calls: syscall_table.h) and names nothing above it. */
#ifndef SUBSYS_H
#define SUBSYS_H

/* Network device drivers (drivers/<name>/): add themselves to netdev.h's registry. */
void e1000_register(void);
/* Network layer: probes the registered devices, handshake with the peers. */
void net_init(void);
/* MBCF kernel glue (mbcf/mbcf_kernel.c): its frame kind and system-call range. */
void mbcf_kernel_init(void);
/* Emulated Tofu controller (drivers/tofu_emu/ctl/tofu_k_plug.c): its frame kind and
 * system-call range. */
void tofu_k_init(void);

/* Node file system (kernel/fs_io.c): the launcher's input files, /out at power-off. */
void fs_io_init(void);

/* Runs all of the above in order, once, before the user program starts. */
void subsystems_init(void);

#endif
