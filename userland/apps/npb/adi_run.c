/* NPB BT/SP driver: class and process-count checks, memory check and
 * allocation, one untimed step, the timed loop of niter ADI steps,
 * verification (NPB 3.4: error norm of u against the exact solution and
 * RMS norm of the final right-hand side divided by dt, tolerance 1e-8)
 * and the result block. */
#include "adi_int.h"
#include "npb.h"
#include <ctype.h>
#include <stdio.h>

int adi_run(const struct adi_bench *b, char cls)
{
    struct adi_state st = {0}, *s = &st;
    const struct adi_class *c = NULL;
    for (int i = 0; i < b->nclasses; i++)
        if (b->classes[i].cls == toupper((unsigned char)cls))
            c = &b->classes[i];
    if (!c)
        return npb_refuse(b->name, "unknown class '%c' (use S, W or A)", cls);
    s->np = npb_nprocs();
    s->me = npb_rank();
    s->q = npb_isqrt_exact(s->np);
    if (!s->q)
        return npb_refuse(b->name, "needs a square number of processes (1, 4, 9, ...), got %d", s->np);
    if (c->n / s->q < 3)
        return npb_refuse(b->name, "class %c with %d processes gives cells under 3 points per axis", c->cls, s->np);
    /* memory per process: u, rhs, forcing with 2 ghost layers, derived quantities, solver storage */
    double cell = c->n / (double)s->q + 1, g = cell + 4;
    double need = (s->q * (g * g * g * 15.0 + cell * cell * cell * (double)b->lhs_per_point) + g * g * g * 6.0) * 8.0;
    uint64_t phys = npb_phys_mem();
    int ok = !(phys && need > phys / 10 * 9);
    ok = ok && adi_setup(s, c, b->name, (size_t)(cell + 1) * (size_t)(cell + 1) * b->fwd_per_line, b->lhs_per_point);
    if (!npb_all_ok(ok)) {
        adi_free(s);
        return npb_refuse(b->name, "class %c needs %.0f MB per process with %d processes: not enough memory",
                          c->cls, need / 1048576.0, s->np);
    }
    if (s->me == 0) {
        printf("\n NAS Parallel Benchmarks 3.4 -- %s Benchmark\n\n", b->name);
        printf(" Size: %4dx%4dx%4d  (class %c)\n Iterations: %4d    dt: %11.7f\n", c->n, c->n, c->n, c->cls,
               c->niter, c->dt);
        printf(" Number of processes: %5d  (multi-partition, %d cells each)\n\n", s->np, s->q);
        fflush(stdout);
    }
    adi_initialize(s);
    adi_exact_rhs(s);
    /* one untimed step touches all data, then start over (as the reference) */
    b->step(s);
    adi_initialize(s);
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    for (int step = 1; step <= c->niter; step++) {
        if (s->me == 0 && (step % 20 == 0 || step == c->niter || step == 1)) {
            printf(" Time step %4d\n", step);
            fflush(stdout);
        }
        b->step(s);
    }
    double tm = npb_max_time(MPI_Wtime() - t0);

    double xce[5], xcr[5];
    adi_error_norm(s, xce);
    adi_copy_faces(s);
    adi_compute_rhs(s);
    adi_rhs_norm(s, xcr);
    for (int m = 0; m < 5; m++)
        xcr[m] /= s->dt;
    int verified = adi_verify(s, xcr, xce);

    double n = c->n;
    double mop = b->flops[0] * n * n * n + b->flops[1] * n * n + b->flops[2] * n + b->flops0;
    struct npb_result r = {.name = b->name, .cls = c->cls, .iterations = c->niter, .seconds = tm,
                           .mops = tm > 0 ? 1e-6 * c->niter * mop / tm : 0.0,
                           .optype = "floating point", .verified = verified};
    snprintf(r.size, sizeof r.size, "%4dx%4dx%4d", c->n, c->n, c->n);
    npb_print_result(&r);
    adi_free(s);
    return verified ? NPB_OK : NPB_FAILED;
}
