/* hooks.c - weak defaults for the hooks the network code overrides (kapi.h). */
#include "kapi.h"

__attribute__((weak)) long net_syscall(long nr, long a1, long a2, long a3, long a4, long a5)
{
    (void)nr; (void)a1; (void)a2; (void)a3; (void)a4; (void)a5;
    return -ENOSYS;
}

__attribute__((weak)) void net_init(void) {}
__attribute__((weak)) void net_shutdown(void) {}
