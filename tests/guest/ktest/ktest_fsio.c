/* ktest_fsio.c - files in and out through the launcher (--in, --out): reads
 * the input file named by argv[1] from the working directory, lists the
 * working directory, and writes out/result.txt (the input's bytes, its size
 * and its MPI-style rank) and out/sub/big.bin (argv[2] bytes of a pattern);
 * with --ppn P > 1 the processes of a node share the tree and write
 * out/result-<local>.txt and out/sub/big-<local>.bin instead.
 * With argv[3] = "fail" it exits 3 after writing, with "hang" it never ends
 * (the launcher's timeout stops it): the output must still come back. Exit 0 when the input was read whole. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cluster_abi.h"
#include "cluster_user.h"

int main(int argc, char **argv)
{
    const char *in = argc > 1 ? argv[1] : "deck.txt";
    long big = argc > 2 ? atol(argv[2]) : 0;
    int fail = argc > 3 && !strcmp(argv[3], "fail"), hang = argc > 3 && !strcmp(argv[3], "hang");
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
    char res[64], bigname[64];
    int rank = ni.rank * (ni.ppn > 0 ? ni.ppn : 1) + ni.local;
    if (ni.ppn > 1) {
        snprintf(res, sizeof res, "out/result-%d.txt", ni.local);
        snprintf(bigname, sizeof bigname, "out/sub/big-%d.bin", ni.local);
    } else {
        snprintf(res, sizeof res, "out/result.txt");
        snprintf(bigname, sizeof bigname, "out/sub/big.bin");
    }
    FILE *o = fopen(res, "w");
    if (!o || fwrite(buf, 1, n, o) != n || fprintf(o, "size %zu rank %d\n", n, rank) < 0 || fclose(o)) {
        perror("fsio: result");
        return 1;
    }
    mkdir("out/sub", 0755);
    FILE *b = fopen(bigname, "w");
    for (long i = 0; b && i < big; i++)
        fputc((int)(i * 7 % 251), b);
    if (!b || fclose(b)) {
        perror("fsio: big");
        return 1;
    }
    printf("fsio: wrote %s and %ld bytes to %s\n", res, big, bigname);
    while (hang)
        sleep(1);
    return fail ? 3 : 0;
}
