/* ult_mpi_bench.c - the evaluation of seed 002 (MPI+myth) on 2 ranks:
 *   latency  concurrent latency: T threads per rank ping-pong R times each
 *            with their partner thread on the other rank; -v ult (libmyth
 *            ULTs, offload, the seed's system), pthread (kernel threads,
 *            offload: the seed's "MPI+Pthread+Offloading"), plain (one
 *            thread, MPI_Init, the T*R ping-pongs one after the other)
 *   overlap  T ULTs per rank each: Sendrecv S bytes, compute C us, Sendrecv
 *            S bytes (seed: "communicate, compute, communicate"); -c sweeps C
 *   sched    T ULTs per rank, each K times: Sendrecv then compute C us; prints
 *            how many compute parts each worker ran (the seed's load-balance
 *            figure; run it under MPI_MBCF_ULT_WAIT=suspend and =poll)
 *   halo     miniFE-style: a 1-D ring of ranks, each with N cells; per
 *            iteration one ULT per neighbour exchanges a halo of H doubles
 *            (Sendrecv), T ULTs update the interior, then a dot product
 *            (Allreduce) as in CG; -v ult / pthread / plain; prints a checksum
 *            that must agree between the variants
 * Output: one CSV line per measurement on rank 0:
 *   bench,variant,threads,size,compute_us,reps,elapsed_us,per_op_us,extra
 * Timing: MPI_Wtime, median of -r repetitions. */
#include "myth_mpi.h"
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int rank, peer, nthreads = 8, reps = 5, rounds = 100, size = 8, ksteps = 8;
static double compute_us = 0;
static const char *compute_list = "0";
static const char *variant = "ult";
#define MAXT 256

static void compute(double us)          /* busy work of about us microseconds */
{
    double t0 = MPI_Wtime();
    while ((MPI_Wtime() - t0) * 1e6 < us)
        ;
}

/* ---- running T bodies as ULTs, pthreads, or one after the other ---- */
typedef void *(*body_t)(void *);
static void run_all(body_t f, void **args, int n)
{
    if (!strcmp(variant, "ult")) {
        myth_thread_t th[MAXT];
        for (int i = 0; i < n; i++)
            th[i] = myth_create(f, args[i]);
        for (int i = 0; i < n; i++)
            myth_join(th[i], NULL);
    } else if (!strcmp(variant, "pthread")) {
        pthread_t th[MAXT];
        for (int i = 0; i < n; i++)
            pthread_create(&th[i], NULL, f, args[i]);
        for (int i = 0; i < n; i++)
            pthread_join(th[i], NULL);
    } else {
        for (int i = 0; i < n; i++)
            f(args[i]);
    }
}

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_d);
    return v[n / 2];
}

/* ---- latency ---- */
struct pp { int tag; char buf[65536]; };
static void *pingpong(void *a)
{
    struct pp *p = a;
    for (int r = 0; r < rounds; r++) {
        if (rank == 0) {
            MPI_Send(p->buf, size, MPI_BYTE, peer, p->tag, MPI_COMM_WORLD);
            MPI_Recv(p->buf, size, MPI_BYTE, peer, p->tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else {
            MPI_Recv(p->buf, size, MPI_BYTE, peer, p->tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(p->buf, size, MPI_BYTE, peer, p->tag, MPI_COMM_WORLD);
        }
    }
    return NULL;
}

static void bench_latency(void)
{
    static struct pp ps[MAXT];
    void *args[MAXT];
    for (int i = 0; i < nthreads; i++) {
        ps[i].tag = i;
        args[i] = &ps[i];
    }
    double t[64];
    for (int k = 0; k < reps; k++) {
        MPI_Barrier(MPI_COMM_WORLD);
        double t0 = MPI_Wtime();
        run_all(pingpong, args, nthreads);
        t[k] = (MPI_Wtime() - t0) * 1e6;
    }
    double m = median(t, reps);
    if (rank == 0)   /* per_op: time per round of T concurrent round trips; extra: round trips/s */
        printf("latency,%s,%d,%d,0,%d,%.1f,%.2f,%.0f\n", variant, nthreads, size, rounds, m,
               m / rounds, (double)nthreads * rounds / (m * 1e-6));
}

/* ---- overlap and sched ---- */
static atomic_int per_worker[64];
struct ov { int tag; char sb[65536], rb[65536]; };
static void *ov_body(void *a)
{
    struct ov *o = a;
    int steps = !strcmp(variant, "sched") ? ksteps : 1;
    for (int s = 0; s < steps; s++) {
        MPI_Sendrecv(o->sb, size, MPI_BYTE, peer, o->tag, o->rb, size, MPI_BYTE, peer, o->tag,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        int w = myth_get_worker_num();
        if (w >= 0 && w < 64)
            atomic_fetch_add(&per_worker[w], 1);
        compute(compute_us);
        if (steps == 1)
            MPI_Sendrecv(o->sb, size, MPI_BYTE, peer, o->tag, o->rb, size, MPI_BYTE, peer, o->tag,
                         MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    return NULL;
}

static void bench_overlap(const char *name)
{
    static struct ov os[MAXT];
    void *args[MAXT];
    for (int i = 0; i < nthreads; i++) {
        os[i].tag = i;
        args[i] = &os[i];
    }
    const char *v = variant;
    variant = "ult";
    if (!strcmp(name, "sched"))
        variant = "sched";       /* ov_body's K-step form; still ULTs */
    double t[64];
    for (int k = 0; k < reps; k++) {
        for (int w = 0; w < 64; w++)
            atomic_store(&per_worker[w], 0);
        MPI_Barrier(MPI_COMM_WORLD);
        double t0 = MPI_Wtime();
        myth_thread_t th[MAXT];
        for (int i = 0; i < nthreads; i++)
            th[i] = myth_create(ov_body, args[i]);
        for (int i = 0; i < nthreads; i++)
            myth_join(th[i], NULL);
        t[k] = (MPI_Wtime() - t0) * 1e6;
    }
    variant = v;
    double m = median(t, reps);
    char extra[256] = "";
    if (!strcmp(name, "sched")) {   /* compute parts per worker (last repetition) */
        int len = 0;
        for (int w = 0; w < myth_get_num_workers() && w < 64; w++)
            len += snprintf(extra + len, sizeof extra - (size_t)len, "%s%d", w ? "/" : "",
                            atomic_load(&per_worker[w]));
    }
    const char *pol = getenv("MPI_MBCF_ULT_WAIT");
    if (rank == 0)
        printf("%s,%s,%d,%d,%.0f,%d,%.1f,%.2f,%s\n", name, pol && *pol ? pol : "suspend", nthreads,
               size, compute_us, reps, m, m / nthreads, extra);
}

/* ---- halo: miniFE-style ring ---- */
static int ncells = 20000, halo = 512, iters = 20;
static double *u, *unew;
struct hx { int dir; double *send, *recv; };
static void *halo_body(void *a)
{
    struct hx *h = a;
    int tag = h->dir;                /* 0: to the right neighbour, 1: to the left */
    MPI_Sendrecv(h->send, halo, MPI_DOUBLE, peer, tag, h->recv, halo, MPI_DOUBLE, peer, 1 - tag,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    return NULL;
}
struct chunk { int lo, hi; double dot; };
static void *update_body(void *a)
{
    struct chunk *c = a;
    double d = 0;
    for (int i = c->lo; i < c->hi; i++) {
        unew[i] = 0.5 * u[i] + 0.25 * (u[i - 1] + u[i + 1]);
        d += unew[i] * unew[i];
    }
    c->dot = d;
    return NULL;
}

static void bench_halo(void)
{
    int n = ncells + 2 * halo;       /* [halo | cells | halo] */
    u = malloc(sizeof *u * (size_t)n);
    unew = malloc(sizeof *unew * (size_t)n);
    double t[64], check = 0;
    for (int k = 0; k < reps; k++) {
        for (int i = 0; i < n; i++)
            u[i] = unew[i] = (double)((rank * 7 + i) % 13);
        MPI_Barrier(MPI_COMM_WORLD);
        double t0 = MPI_Wtime();
        for (int it = 0; it < iters; it++) {
            struct hx hs[2] = { { 0, u + halo + ncells - halo, u + halo + ncells },
                                { 1, u + halo, u } };
            void *ha[2] = { &hs[rank], &hs[1 - rank] };   /* pairs up when run in turn */
            run_all(halo_body, ha, 2);          /* one thread per neighbour */
            static struct chunk cs[MAXT];
            void *ca[MAXT];
            int per = ncells / nthreads;
            for (int c = 0; c < nthreads; c++) {
                cs[c].lo = halo + c * per + (c == 0);
                cs[c].hi = c == nthreads - 1 ? halo + ncells - 1 : halo + (c + 1) * per;
                ca[c] = &cs[c];
            }
            run_all(update_body, ca, nthreads);
            double d = 0, g = 0;
            for (int c = 0; c < nthreads; c++)
                d += cs[c].dot;
            MPI_Allreduce(&d, &g, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
            double *sw = u;
            u = unew;
            unew = sw;
            check = g;
        }
        t[k] = (MPI_Wtime() - t0) * 1e6;
    }
    double m = median(t, reps);
    if (rank == 0)
        printf("halo,%s,%d,%d,0,%d,%.1f,%.2f,%.6e\n", variant, nthreads, halo, iters, m, m / iters,
               check);
    free(u);
    free(unew);
}

int main(int argc, char **argv)
{
    const char *plan = argc > 1 ? argv[1] : "";
    for (int i = 2; i + 1 < argc; i += 2) {
        const char *o = argv[i], *v = argv[i + 1];
        if (!strcmp(o, "-t")) nthreads = atoi(v);
        else if (!strcmp(o, "-s")) size = atoi(v);
        else if (!strcmp(o, "-c")) compute_list = v;
        else if (!strcmp(o, "-r")) reps = atoi(v);
        else if (!strcmp(o, "-n")) rounds = atoi(v);
        else if (!strcmp(o, "-k")) ksteps = atoi(v);
        else if (!strcmp(o, "-H")) halo = atoi(v);
        else if (!strcmp(o, "-N")) ncells = atoi(v);
        else if (!strcmp(o, "-i")) iters = atoi(v);
        else {
            fprintf(stderr, "ult_mpi_bench: unknown option %s\n", o);
            return 2;
        }
    }
    /* the plan: comma-separated BENCH[/VARIANT] items, run in one MPI session */
    char items[32][32];
    int nitems = 0, any_plain = 0, all_plain = 1, bad = 0;
    for (const char *p = plan; *p && nitems < 32;) {
        size_t l = strcspn(p, ",");
        if (l == 0 || l >= sizeof items[0]) {
            bad = 1;
            break;
        }
        memcpy(items[nitems], p, l);
        items[nitems][l] = 0;
        char *sl = strchr(items[nitems], '/');
        const char *b = items[nitems], *v = sl ? sl + 1 : "ult";
        if (sl)
            *sl = 0;
        int bk = !strcmp(b, "latency") || !strcmp(b, "halo");
        int bu = !strcmp(b, "overlap") || !strcmp(b, "sched");
        int vk = !strcmp(v, "ult") || !strcmp(v, "pthread") || !strcmp(v, "plain");
        if (!(bk && vk) && !(bu && !strcmp(v, "ult")))
            bad = 1;
        if (sl)
            *sl = '/';
        any_plain |= !strcmp(v, "plain");
        all_plain &= !strcmp(v, "plain");
        nitems++;
        p += l;
        if (*p == ',')
            p++;
    }
    if (!nitems || bad || (any_plain && !all_plain) || nthreads < 1 || nthreads > MAXT || reps < 1 ||
        reps > 64 || size < 0 || size > 65536 || halo < 1 || ncells < 2 * halo || ncells < nthreads) {
        fprintf(stderr, "usage: ult_mpi_bench ITEM[,ITEM...] [-t THREADS<=%d] [-s BYTES<=65536] "
                "[-c US[,US...]] [-r REPS<=64] [-n ROUNDS] [-k STEPS] [-H HALO] [-N CELLS] [-i ITERS]\n"
                "  ITEM: latency/ult|pthread|plain, halo/ult|pthread|plain, overlap, sched\n"
                "  (plain items run alone: plain MPI_Init, no offload)\n", MAXT);
        return 2;
    }
    if (!all_plain && (myth_init() || myth_mpi_register()))
        return 1;
    int provided = 0;
    if (!all_plain)
        MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    else
        MPI_Init(&argc, &argv);
    int nranks;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nranks);
    if (nranks != 2) {
        if (rank == 0)
            fprintf(stderr, "ult_mpi_bench: run on 2 ranks\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    peer = 1 - rank;
    if (rank == 0)
        printf("bench,variant,threads,size,compute_us,reps,elapsed_us,per_op_us,extra\n");
    for (int i = 0; i < nitems; i++) {
        char *sl = strchr(items[i], '/');
        variant = sl ? sl + 1 : "ult";
        if (sl)
            *sl = 0;
        if (!strcmp(items[i], "latency"))
            bench_latency();
        else if (!strcmp(items[i], "halo"))
            bench_halo();
        else
            for (const char *c = compute_list; *c;) {
                compute_us = atof(c);
                bench_overlap(items[i]);
                c += strcspn(c, ",");
                if (*c == ',')
                    c++;
            }
        fflush(stdout);
    }
    MPI_Finalize();
    if (!all_plain)
        myth_fini();
    return 0;
}
