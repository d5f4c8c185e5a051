/* tofu_k_plug.c - plugs the emulated Tofu controller into the kernel's seams:
 * its CLUSTER_KIND_TOFU frame handlers in the network layer's protocol table
 * (kernel/net/net_proto.h) and its system calls SYS_TOFU_FIRST..LAST in the
 * system-call table (kernel/syscall_table.h); and its parts into each other
 * (the upcall table tofu_k_ops, tofu_k.h). Called from kernel/subsys.c. */
#include "kapi.h"
#include "net/net_proto.h"
#include "syscall_table.h"
#include "subsys.h"
#include "tofu_k_seam.h"
#include "tofu_k.h"

/* The controller's upcalls (tofu_k.h): the transport and the target reach
 * the layers above only through this table. */
const struct tofu_k_ops tofu_k_ops = {
    .check_range = tofu_k_check_range,
    .check_and_write = tofu_k_check_and_write,
    .message = tofu_k_message,
    .piggy_copy = tofu_k_piggy_copy,
    .op_done = tofu_k_cmd_op_done,
    .cmd_reply = tofu_k_cmd_reply,
    .vcq_owner = tofu_k_vcq_owner,
    .notice = tofu_k_notice,
    .reap = tofu_k_reap,
};

static long sc_tofu(const struct syscall_args *a)
{
    return tofu_k_syscall(a->nr, a->a1, a->a2, a->a3, a->a4);
}

/* Every number of the range goes to tofu_k_syscall, which knows the ones it
 * implements and answers -ENOSYS for the rest. */
static const syscall_fn tofu_calls[SYS_TOFU_LAST - SYS_TOFU_FIRST + 1] = {
    [0 ... SYS_TOFU_LAST - SYS_TOFU_FIRST] = sc_tofu,
};
static const struct syscall_range tofu_range = {
    "tofu", SYS_TOFU_FIRST, SYS_TOFU_LAST - SYS_TOFU_FIRST + 1, tofu_calls,
};

static const struct net_proto tofu_proto = {
    .kind = CLUSTER_KIND_TOFU, .name = "tofu",
    .rx = tofu_k_net_rx, .rx_done = tofu_k_net_rx_done, .tick = tofu_k_net_tick,
    .shutdown = tofu_k_net_shutdown,
};

void tofu_k_init(void)
{
    (void)net_proto_register(&tofu_proto);
    (void)syscall_register(&tofu_range);
}
