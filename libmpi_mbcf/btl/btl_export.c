/* btl_export.c - byte transfer layer, exports: receive buffers are exported
 * for remote writes on the fly (page-rounded) and remembered, so a buffer
 * used again costs no system call; nothing is unexported. */
#include "btl.h"

#define EXP_MAX 256
static struct { uintptr_t s, e; } exp_done[EXP_MAX];
static int exp_n;

int btl_export(void *p, int64_t len)
{
    if (len <= 0)
        return 0;
    uintptr_t s = (uintptr_t)p & ~(uintptr_t)4095;
    uintptr_t e = ((uintptr_t)p + (uintptr_t)len + 4095) & ~(uintptr_t)4095;
    for (int i = 0; i < exp_n; i++)
        if (s >= exp_done[i].s && e <= exp_done[i].e)
            return 0;
    int st = mbcf_export((void *)s, e - s, MBCF_EXPORT_READ | MBCF_EXPORT_WRITE);
    if (st)
        return st;
    for (int i = 0; i < exp_n; i++)          /* grow a touching range */
        if (s <= exp_done[i].e && e >= exp_done[i].s) {
            if (s < exp_done[i].s) exp_done[i].s = s;
            if (e > exp_done[i].e) exp_done[i].e = e;
            return 0;
        }
    if (exp_n < EXP_MAX) {
        exp_done[exp_n].s = s;
        exp_done[exp_n].e = e;
        exp_n++;
    }
    return 0;
}
