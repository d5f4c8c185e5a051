/* ktest_fsio.c - files in and out through the launcher (--in, --out): reads
 * the input file named by argv[1] from the working directory, lists the
 * working directory, and writes out/result.txt (the input's bytes, its size
 * and this node's rank) and out/sub/big.bin (argv[2] bytes of a pattern).
 * With argv[3] = "fail" it exits 3 after writing: the output must still come
 * back. Exit 0 when the input was read whole. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include "cluster_abi.h"
#include "cluster_user.h"

int main(int argc, char **argv)
{
    const char *in = argc > 1 ? argv[1] : "deck.txt";
    long big = argc > 2 ? atol(argv[2]) : 0;
    int fail = argc > 3;
    struct node_info ni = { 0 };
    cluster_syscall6(SYS_node_info, (long)&ni, 0, 0, 0, 0, 0);
    DIR *d = opendir(".");
    struct dirent *e;
    while (d && (e = readdir(d)))
        printf("fsio: cwd has %s\n", e->d_name);
    if (d)
        closedir(d);
    FILE *f = fopen(in, "r");
    if (!f) {
        perror("fsio: input");
        return 1;
    }
    static char buf[65536];
    size_t n = fread(buf, 1, sizeof buf, f);
    fclose(f);
    printf("fsio: read %zu bytes from %s\n", n, in);
    FILE *o = fopen("out/result.txt", "w");
    if (!o || fwrite(buf, 1, n, o) != n || fprintf(o, "size %zu rank %d\n", n, ni.rank) < 0 || fclose(o)) {
        perror("fsio: out/result.txt");
        return 1;
    }
    mkdir("out/sub", 0755);
    FILE *b = fopen("out/sub/big.bin", "w");
    for (long i = 0; b && i < big; i++)
        fputc((int)(i * 7 % 251), b);
    if (!b || fclose(b)) {
        perror("fsio: out/sub/big.bin");
        return 1;
    }
    printf("fsio: wrote out/result.txt and %ld bytes to out/sub/big.bin\n", big);
    return fail ? 3 : 0;
}
