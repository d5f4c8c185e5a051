/* NAS Parallel Benchmarks (EP, IS, CG, MG, FT, LU, BT, SP) on MPI: shared declarations.
 * Written from the NPB 3.4 definitions (Bailey et al., RNR-94-007 / NAS-95-020) for
 * this cluster; each kernel is a function so that one process can run several of them
 * after a single MPI_Init (see npb_all.c). */
#ifndef NPB_H
#define NPB_H

#include <stdint.h>
#include <stddef.h>
#include <mpi.h>

/* Kernel return codes (also the process exit status of the thin mains). */
enum {
    NPB_OK = 0,          /* ran and verified */
    NPB_FAILED = 1,      /* ran, verification UNSUCCESSFUL */
    NPB_UNSUPPORTED = 2, /* class / process count / memory not usable; nothing ran */
};

int npb_ep(char cls);
int npb_is(char cls);
int npb_cg(char cls);
int npb_mg(char cls);
int npb_ft(char cls);
int npb_lu(char cls);
int npb_bt(char cls);
int npb_sp(char cls);

/* ---- random numbers (npb_rand.c): x_{k+1} = a * x_k mod 2^46, value x * 2^-46 ---- */
#define NPB_A    1220703125.0   /* 5^13, the NPB multiplier */
double randlc(double *x, double a);
void vranlc(int n, double *x, double a, double *y);
double npb_pow46(double a, int64_t n);        /* a^n mod 2^46 */

/* ---- run-time helpers (npb_util.c) ---- */
int npb_rank(void);
int npb_nprocs(void);
int npb_is_pow2(int n);
int npb_log2(int n);               /* n must be a power of two */
int npb_isqrt_exact(int np);       /* q with q * q == np, else 0 */
/* Prints "<KERNEL>: <msg>" once (rank 0) and returns NPB_UNSUPPORTED. */
int npb_refuse(const char *kernel, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Collective AND over MPI_COMM_WORLD: 1 only if ok is true on every rank (so all
 * ranks take the same error path, e.g. when one of them ran out of memory). */
int npb_all_ok(int ok);
/* malloc that never returns NULL for a zero size; NULL only when memory ran out. */
void *npb_alloc(size_t bytes);
/* Memory of this node in bytes (env NPB_MEM_MB, else sysconf), 0 if unknown. */
uint64_t npb_phys_mem(void);
double npb_max_time(double local_seconds);
/* |value - ref| / |ref| <= eps (false for NaN). */
int npb_rel_ok(double value, double ref, double eps);

/* ---- the standard result block (npb_print.c), printed by rank 0 ---- */
struct npb_result {
    const char *name;     /* "EP" */
    char cls;
    char size[32];        /* "33554432" or "64x  64x  64" */
    int iterations;
    double seconds;
    double mops;          /* Mop/s total */
    const char *optype;
    int verified;
    int threads;          /* threads per process; its line is printed only when > 0 */
};
void npb_print_result(const struct npb_result *r);

#endif
