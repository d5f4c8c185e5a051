/* ktest_glibc.c - a static glibc program on a node: glibc's stdio decides the
 * buffering of stdout from fstat (libio/filedoalloc.c: a pty character device
 * is line-buffered), so a line printed with printf reaches the console before
 * a later raw write(2). Prints the two lines the cluster test orders. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(void)
{
    printf("ktest_glibc: first, through stdio\n");
    const char *m = "ktest_glibc: second, through write(2)\n";
    if (write(1, m, strlen(m)) < 0)
        return 1;
    return 0;
}
