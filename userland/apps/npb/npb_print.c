/* The NPB result block (same fields and layout as the reference print_results),
 * printed once by rank 0.  scripts/qemu/npb parses these lines. */
#include "npb.h"
#include <stdio.h>

void npb_print_result(const struct npb_result *r)
{
    int np = npb_nprocs();
    if (npb_rank() != 0)
        return;
    printf("\n\n %s Benchmark Completed.\n", r->name);
    printf(" Class           = %24c\n", r->cls);
    printf(" Size            = %24s\n", r->size);
    printf(" Iterations      = %24d\n", r->iterations);
    printf(" Time in seconds = %24.4f\n", r->seconds);
    printf(" Total processes = %24d\n", np);
    if (r->threads > 0)
        printf(" Threads per rank = %23d\n", r->threads);
    printf(" Mop/s total     = %24.2f\n", r->mops);
    printf(" Mop/s/process   = %24.2f\n", r->mops / np);
    printf(" Operation type  = %24s\n", r->optype);
    printf(" Verification    = %24s\n", r->verified ? "SUCCESSFUL" : "UNSUCCESSFUL");
    printf(" Version         = %24s\n", "3.4");
    printf(" Implementation  = %24s\n", "cluster-os C+MPI");
    printf("\n");
    fflush(stdout);
}
