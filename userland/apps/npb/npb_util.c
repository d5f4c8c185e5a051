/* Small run-time helpers shared by the NPB kernels: rank/size, power-of-two
 * rules, refusing a run with a clear message, collective "did everyone get
 * memory" checks, max-over-ranks timing and the relative-error test. */
#include "npb.h"
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int npb_rank(void)
{
    int r;
    MPI_Comm_rank(MPI_COMM_WORLD, &r);
    return r;
}

int npb_nprocs(void)
{
    int n;
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    return n;
}

int npb_is_pow2(int n)
{
    return n > 0 && (n & (n - 1)) == 0;
}

int npb_isqrt_exact(int np)
{
    int q = (int)(sqrt((double)np) + 0.5);
    return q * q == np ? q : 0;
}

int npb_log2(int n)
{
    int l = 0;
    while ((1 << l) < n)
        l++;
    return l;
}

int npb_refuse(const char *kernel, const char *fmt, ...)
{
    if (npb_rank() == 0) {
        va_list ap;
        va_start(ap, fmt);
        fprintf(stdout, " %s: ", kernel);
        vfprintf(stdout, fmt, ap);
        fprintf(stdout, "\n");
        va_end(ap);
        fflush(stdout);
    }
    return NPB_UNSUPPORTED;
}

int npb_all_ok(int ok)
{
    int mine = ok ? 1 : 0, all = 0;
    MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    return all;
}

void *npb_alloc(size_t bytes)
{
    return malloc(bytes ? bytes : 1);
}

uint64_t npb_phys_mem(void)
{
    /* NPB_MEM_MB (set by the launcher) states the node's memory when sysconf cannot */
    const char *env = getenv("NPB_MEM_MB");
    if (env && atol(env) > 0)
        return (uint64_t)atol(env) << 20;
#if defined(_SC_PHYS_PAGES) && defined(_SC_PAGESIZE)
    long pages = sysconf(_SC_PHYS_PAGES), psize = sysconf(_SC_PAGESIZE);
    if (pages > 0 && psize > 0)
        return (uint64_t)pages * (uint64_t)psize;
#endif
    return 0;
}

double npb_max_time(double local_seconds)
{
    double t = 0.0;
    MPI_Allreduce(&local_seconds, &t, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    return t;
}

int npb_rel_ok(double value, double ref, double eps)
{
    double err = fabs((value - ref) / ref);
    return err <= eps; /* NaN compares false */
}
