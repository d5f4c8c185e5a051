/* Thin main for one NPB kernel: `npb_<k> CLASS`.  Built once per kernel with
 * -DNPB_KERNEL=npb_<k>.  Exit status: 0 verified, 1 verification failed,
 * 2 not runnable (class, process count, memory), 3 usage. */
#include "npb.h"
#include <stdio.h>
#include <string.h>

#ifndef NPB_KERNEL
#error "build with -DNPB_KERNEL=npb_ep (or is, cg, mg, ft)"
#endif
#define STR2(x) #x
#define STR(x) STR2(x)

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    if (argc != 2 || strlen(argv[1]) != 1) {
        if (npb_rank() == 0)
            fprintf(stderr, "usage: %s CLASS   (CLASS is S, W or A)\n", STR(NPB_KERNEL));
        MPI_Finalize();
        return 3;
    }
    int rc = NPB_KERNEL(argv[1][0]);
    MPI_Finalize();
    return rc;
}
