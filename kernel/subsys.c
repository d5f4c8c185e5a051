/* subsys.c - starts the subsystems linked into the kernel (subsys.h): device
 * drivers and protocols register first, then the network layer comes up and
 * finds them. Adding a device or protocol = one line here. */
#include "subsys.h"

void subsystems_init(void)
{
    e1000_register();
    mbcf_kernel_init();
    tofu_k_init();
    net_init();
    fs_io_init();
}
