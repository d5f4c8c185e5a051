/* ktest_fault.c - dies on purpose: argv[1] = null (read through NULL), write
 * (store to a read-only page), ud (invalid opcode), div (divide by zero), abort,
 * hang (sleeps forever: the launcher's timeout test). */
#include <stdio.h>
#include <time.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    const char *what = argc > 1 ? argv[1] : "null";
    printf("ktest_fault: about to fault (%s)\n", what);
    fflush(stdout);
    if (!strcmp(what, "null")) {
        volatile int *p = NULL;
        return *p;
    }
    if (!strcmp(what, "write")) {
        volatile char *p = (volatile char *)(void *)main;
        *p = 0;
    }
    if (!strcmp(what, "ud"))
        __asm__ volatile("ud2");
    if (!strcmp(what, "div")) {
        volatile int z = 0;
        return 10 / z;
    }
    if (!strcmp(what, "abort"))
        abort();
    if (!strcmp(what, "hang")) {
        struct timespec ts = { 1, 0 };
        for (;;)
            nanosleep(&ts, NULL);
    }
    printf("ktest_fault: still alive\n");
    return 0;
}
