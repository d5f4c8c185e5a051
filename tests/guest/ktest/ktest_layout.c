/* ktest_layout.c - prints the addresses MBCF relies on being equal on every
 * node: a static object, a sequence of mallocs (small and large), brk, the
 * stack, an mmap. The cluster test compares the lines across nodes. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

static int static_obj[16];

int main(void)
{
    int local = 0;
    void *a = malloc(100), *b = malloc(5000), *c = malloc(1 << 20), *d = malloc(32 << 20);
    void *m = mmap(NULL, 65536, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    printf("layout static=%p malloc=%p,%p,%p,%p brk=%p stack=%p mmap=%p\n", (void *)static_obj, a, b, c,
           d, sbrk(0), (void *)&local, m);
    return 0;
}
