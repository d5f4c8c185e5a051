/* demo.c - the `make run` program: every node prints its rank and the node
 * count (SYS_node_info from cluster_abi.h) and exits 0. */
#include <stdio.h>
#include <unistd.h>
#include <sys/syscall.h>
#include "cluster_abi.h"

int main(void)
{
    struct node_info ni;
    if (syscall(SYS_node_info, &ni) != 0) {
        perror("node_info");
        return 1;
    }
    printf("demo: hello from node %d of %d (TSC %.0f MHz, torus %dx%dx%d)\n", ni.rank, ni.nodes,
           ni.tsc_hz / 1e6, ni.torus[0], ni.torus[1], ni.torus[2]);
    return 0;
}
