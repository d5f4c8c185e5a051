/* console_tag.c - program output on the node's serial console. With several
 * processes per node (--ppn P > 1) they share the one console, so every line
 * of process L starts with "[L] "; mpiexec turns it into rank node * P + L
 * (libmpi_mbcf/wrappers/mpiexec, docs/ppn.md). With P = 1 the output is unchanged. */
#include "kapi.h"
#include "console.h"
#include "node.h"
#include "task.h"

static uint8_t mid_line[64];   /* process L's last output did not end a line */

void console_write_user(const char *buf, size_t n)
{
    int l = current ? current->local : 0;
    if (node.ppn <= 1 || l < 0 || l >= 64) {
        console_write(buf, n);
        return;
    }
    while (n) {                      /* one console_write per line piece: tag and text stay together */
        char out[256];
        size_t o = 0;
        if (!mid_line[l]) {
            o = (size_t)ksnprintf(out, sizeof out, "[%d] ", l);
            mid_line[l] = 1;
        }
        while (n && o < sizeof out) {
            char ch = *buf++;
            n--;
            out[o++] = ch;
            if (ch == '\n') {
                mid_line[l] = 0;
                break;
            }
        }
        console_write(out, o);
    }
}
