/* halo.c - the halo-exchange benchmark of seed 000 sec 4.1: SCALE-LES3's
 * halo (Table 1: 16 x 16 horizontal grid per process, k vertical levels,
 * halo width 2) on a 2-D periodic process grid, exchanged with persistent
 * requests (MPI_Send_init / MPI_Recv_init once, then MPI_Startall +
 * MPI_Waitall per exchange), with every received halo cell checked on every
 * exchange. Plain MPI: runs on libmpi_mbcf (guest and host backends) and on
 * MPICH.
 *
 *   halo [-c ew|ns|4dir|diag|all8|all[,...]] [-k K[,K...]] [-n ITERS] [-x PX -y PY]
 *        [-s off|rr1|rr2|rr4|bl1|bl2|bl4|bl4o|...[,...]] [-R] [-C]
 *
 * -s (default: $MPI_MBCF_RSCHED, else off) picks the exchange by setting
 * MPI_MBCF_RSCHED before each case's requests start: "off" is MPI's
 * ordinary protocol ("orig" of the seed's figures); a scheduler name makes
 * libmpi_mbcf run the same persistent requests in the seed's
 * pseudo-collective mode on the emulated Tofu (pml_pcoll.c, docs/rsched.md):
 * RDMA puts planned by RSched, timed in modeled Tofu time beside wall time
 * (guest build). The program itself only makes plain MPI calls. A request
 * set the mode cannot take falls back to MPI's ordinary protocol, and the
 * line says so (libmpi_mbcf's MPIX_Mbcf_pcoll_* tell); -R makes one such set
 * on purpose (E/W receives one double longer than their sends: legal MPI,
 * but the mode wants equal sizes). A comma list runs every case once per
 * scheduler.
 *
 * Messages as Table 1 counts them (14 for all 8 directions): E/W one packed
 * message each, (2+k+2)*2*16*8 B; N/S one per halo row, 2 x (2+k+2)*16*8 B;
 * diagonals one per halo row of the 2 x 2 corner, 2 x (2+k+2)*2*8 B. The
 * requests are posted in the order of rsched_halo_puts (diagonals, E, W,
 * N, N, S, S). Ranks sit on the grid as rank = y * PX + x (the Tofu logical
 * order of drivers/tofu_emu/model/tofu_topo.h). -C writes the grid the standard
 * way instead: MPI_Dims_create(P, 2) and a periodic MPI_Cart_create
 * (dimension 0 is y, dimension 1 is x, as row-major numbering makes the
 * last one vary fastest), neighbours by MPI_Cart_rank, the requests on the
 * Cartesian communicator.
 *
 * Per case and k, one line:
 *   RESULT halo case=C k=K procs=P grid=PXxPY iters=N bytes_per_proc=B sched=S
 *          median_us=M max_median_us=X model_us=D errors=E
 * (median over exchanges of the Startall..Waitall wall time on rank 0, the
 * largest such median over ranks, and in the Tofu mode the median modeled
 * time on rank 0, else -1), then a TAP line "ok - ..." when every halo cell
 * of every exchange held its neighbour's value. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rsched_halo.h"
#if __has_include(<mpix_mbcf.h>)
#include <mpix_mbcf.h>
#define HALO_MPIX 1
#endif
#ifdef HALO_TOFU
#include "utofu_emu.h"
#endif

#define H  RSCHED_HALO_W        /* halo width */
#define NI RSCHED_HALO_I        /* interior cells per process, x */
#define NJ RSCHED_HALO_J        /* interior cells per process, y */
#define SI (NI + 2 * H)         /* stored cells with halo */
#define SJ (NJ + 2 * H)
#define MAXMSG 64               /* messages per process, both ways */

struct grid {
    int px, py, x, y, rank, k, kk;  /* kk = k + 2H values per column */
    double *f;                      /* f[(j * SI + i) * kk + l] */
    const char *sched;              /* "off" or an RSched name */
    int loose;                      /* -R: E/W receives one double longer */
    MPI_Comm comm;                  /* the requests' communicator (-C: Cartesian) */
    int cart;
};

/* one message of the exchange */
struct msg {
    int dir, row;                   /* direction (rsched.h), halo row 0/1 or -1 = packed */
    int peer, tag, count;
    double *buf;                    /* in the field, or the pack buffer */
    int x0, x1, y0, y1;             /* cell range it covers (packed: all rows) */
};

/* Cell value: distinct per global cell, level and exchange; exact in double. */
static double value(const struct grid *g, int i, int j, int l, int iter)
{
    int gi = ((g->x * NI + i - H) % (g->px * NI) + g->px * NI) % (g->px * NI);
    int gj = ((g->y * NJ + j - H) % (g->py * NJ) + g->py * NJ) % (g->py * NJ);
    return (double)(((long)gi * 4096 + gj) * 1024 + l) + iter / 1024.0;
}

static double *cell(const struct grid *g, int i, int j)
{
    return &g->f[((long)j * SI + i) * g->kk];
}

/* Interior cells I send toward a neighbour at offset d (-1, 0, +1). */
static void send_range(int d, int n, int *lo, int *hi)
{
    *lo = d > 0 ? n : H;            /* the last H interior cells, the first H, or all */
    *hi = d > 0 ? n + H : d < 0 ? 2 * H : n + H;
}

/* Halo cells filled from a neighbour at offset d. */
static void recv_range(int d, int n, int *lo, int *hi)
{
    *lo = d > 0 ? n + H : d < 0 ? 0 : H;
    *hi = d > 0 ? n + 2 * H : d < 0 ? H : n + H;
}

static int case_dirs(int hcase, int *dirs)
{
    struct rsched_put puts[RSCHED_MAX_PUTS];
    int n = rsched_halo_puts(hcase, 0, 1, 1, 0, 0, puts, RSCHED_MAX_PUTS), nd = 0;
    for (int i = 0; i < n; i++)
        if (nd == 0 || dirs[nd - 1] != puts[i].dir)
            dirs[nd++] = puts[i].dir;
    return nd;
}

/* Sends (toward d) or receives (from d) of one direction, as Table 1 splits them. */
static int plan_dir(const struct grid *g, int dir, int sending, double *packbuf, struct msg *m)
{
    int dx, dy;
    rsched_dir_offset(dir, &dx, &dy);
    int x0, x1, y0, y1;
    if (sending) {
        send_range(dx, NI, &x0, &x1);
        send_range(dy, NJ, &y0, &y1);
    } else {
        recv_range(dx, NI, &x0, &x1);
        recv_range(dy, NJ, &y0, &y1);
    }
    /* the sender's direction names the tag: a receive from d matches the
     * neighbour's send toward opposite(d) */
    int tagdir = sending ? dir : rsched_dir_opposite(dir);
    int peer = rsched_halo_neighbor(g->px, g->py, g->x, g->y, dir);
    if (g->cart) { /* periodic: MPI_Cart_rank wraps */
        int c[2] = { g->y + dy, g->x + dx };
        MPI_Cart_rank(g->comm, c, &peer);
    }
    if (dy == 0) {                  /* E/W: one packed message */
        m[0] = (struct msg){ dir, -1, peer, tagdir * 2,
                             (x1 - x0) * (y1 - y0) * g->kk + (!sending && g->loose), packbuf,
                             x0, x1, y0, y1 };
        return 1;
    }
    for (int r = 0; r < H; r++)     /* one message per halo row, contiguous */
        m[r] = (struct msg){ dir, r, peer, tagdir * 2 + r, (x1 - x0) * g->kk, cell(g, x0, y0 + r),
                             x0, x1, y0 + r, y0 + r + 1 };
    return H;
}

static void pack(const struct grid *g, const struct msg *m, int unpack)
{
    double *p = m->buf;
    for (int j = m->y0; j < m->y1; j++)
        for (int i = m->x0; i < m->x1; i++, p += g->kk)
            if (unpack)
                memcpy(cell(g, i, j), p, (size_t)g->kk * sizeof *p);
            else
                memcpy(p, cell(g, i, j), (size_t)g->kk * sizeof *p);
}

static void fill(const struct grid *g, int iter)
{
    for (int j = 0; j < SJ; j++)
        for (int i = 0; i < SI; i++) {
            int inside = i >= H && i < NI + H && j >= H && j < NJ + H;
            for (int l = 0; l < g->kk; l++)
                cell(g, i, j)[l] = inside ? value(g, i, j, l, iter) : -1.0;
        }
}

static long check(const struct grid *g, const struct msg *m, int iter)
{
    long bad = 0;
    for (int j = m->y0; j < m->y1; j++)
        for (int i = m->x0; i < m->x1; i++)
            for (int l = 0; l < g->kk; l++)
                bad += cell(g, i, j)[l] != value(g, i, j, l, iter);
    return bad;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* One case at one k: build the requests, run iters exchanges, report. */
static int run_case(struct grid *g, int hcase, int iters, int *tapno)
{
    int dirs[RSCHED_NDIR], nd = case_dirs(hcase, dirs);
    struct msg sends[MAXMSG], recvs[MAXMSG];
    int ns = 0, nr = 0;
    size_t ewcount = (size_t)H * NJ * g->kk;
    double *packs[RSCHED_NDIR] = { 0 }, *unpacks[RSCHED_NDIR] = { 0 };
    for (int d = 0; d < nd; d++) {
        int dy;
        int dx;
        rsched_dir_offset(dirs[d], &dx, &dy);
        if (dy == 0) {
            packs[d] = malloc(ewcount * sizeof(double));
            unpacks[d] = malloc((ewcount + 1) * sizeof(double));
            if (!packs[d] || !unpacks[d]) {
                fprintf(stderr, "halo: out of memory\n");
                MPI_Abort(MPI_COMM_WORLD, 1);
            }
        }
        nr += plan_dir(g, dirs[d], 0, unpacks[d], &recvs[nr]);
        ns += plan_dir(g, dirs[d], 1, packs[d], &sends[ns]);
    }
    MPI_Request req[2 * MAXMSG];
    long bytes = 0;
    for (int i = 0; i < ns; i++) {
        if ((uint32_t)sends[i].count * 8 != rsched_halo_len(sends[i].dir, g->k)) {
            fprintf(stderr, "halo: message %d of %s is %d B, Table 1 says %u\n", i,
                    rsched_dir_name(sends[i].dir), sends[i].count * 8,
                    (unsigned)rsched_halo_len(sends[i].dir, g->k));
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
        bytes += (long)sends[i].count * 8;
    }
    /* libmpi_mbcf reads MPI_MBCF_RSCHED when a request set first starts */
    setenv("MPI_MBCF_RSCHED", g->sched, 1);
    for (int i = 0; i < nr; i++)
        MPI_Recv_init(recvs[i].buf, recvs[i].count, MPI_DOUBLE, recvs[i].peer, recvs[i].tag,
                      g->comm, &req[i]);
    for (int i = 0; i < ns; i++)
        MPI_Send_init(sends[i].buf, sends[i].count, MPI_DOUBLE, sends[i].peer, sends[i].tag,
                      g->comm, &req[nr + i]);
    double *model = malloc((size_t)iters * sizeof *model);
#ifdef HALO_MPIX
    long long starts0 = MPIX_Mbcf_pcoll_starts();
#endif
    double *t = malloc((size_t)iters * sizeof *t);
    long bad = 0;
    for (int it = 0; it < iters; it++) {
        fill(g, it);
        for (int i = 0; i < ns; i++)
            if (sends[i].row < 0)
                pack(g, &sends[i], 0);
        MPI_Barrier(MPI_COMM_WORLD);
        double t0 = MPI_Wtime();
#ifdef HALO_TOFU
        uint64_t m0 = utofu_emu_time();
#endif
        MPI_Startall(nr + ns, req);
        MPI_Waitall(nr + ns, req, MPI_STATUSES_IGNORE);
        t[it] = MPI_Wtime() - t0;
        model[it] = -1e-6;
#ifdef HALO_TOFU
        model[it] = (double)(utofu_emu_time() - m0) * 1e-9;
#endif
        for (int i = 0; i < nr; i++) {
            if (recvs[i].row < 0)
                pack(g, &recvs[i], 1);
            bad += check(g, &recvs[i], it);
        }
    }
    /* the mode ran when every exchange was a pseudo-collective start */
    const char *used = "off";
    double model_med = -1;
#ifdef HALO_MPIX
    if (MPIX_Mbcf_pcoll_starts() - starts0 == iters) {
        used = g->sched;
        qsort(model, (size_t)iters, sizeof *model, cmp_double);
        model_med = model[iters / 2] * 1e6;
    } else if (strcmp(g->sched, "off") && g->rank == 0) {
        printf("# halo %s k=%d: RSched mode %s not used (%s): MPI protocol instead\n",
               rsched_halo_case_name(hcase), g->k, g->sched, MPIX_Mbcf_pcoll_why());
    }
#endif
    free(model);
    for (int i = 0; i < nr + ns; i++)
        MPI_Request_free(&req[i]);
    for (int d = 0; d < nd; d++) {
        free(packs[d]);
        free(unpacks[d]);
    }
    qsort(t, (size_t)iters, sizeof *t, cmp_double);
    double med = iters ? t[iters / 2] * 1e6 : 0, maxmed = 0;
    free(t);
    long allbad = 0;
    MPI_Reduce(&med, &maxmed, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    MPI_Allreduce(&bad, &allbad, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    if (g->rank == 0) {
        printf("RESULT halo case=%s k=%d procs=%d grid=%dx%d iters=%d bytes_per_proc=%ld sched=%s "
               "median_us=%.2f max_median_us=%.2f model_us=%.2f errors=%ld\n",
               rsched_halo_case_name(hcase), g->k, g->px * g->py, g->px, g->py, iters, bytes, used,
               med, maxmed, model_med, allbad);
        printf("%s %d - halo %s k=%d on %dx%d sched=%s: %d exchanges of %d messages, every halo cell %s\n",
               allbad ? "not ok" : "ok", ++*tapno, rsched_halo_case_name(hcase), g->k, g->px,
               g->py, used, iters, ns, allbad ? "checked: WRONG VALUES" : "checked");
        fflush(stdout);
    }
    return allbad != 0;
}

static void usage(void)
{
    fprintf(stderr, "usage: halo [-c ew|ns|4dir|diag|all8|all[,...]] [-k K[,K...]] [-n ITERS] [-x PX -y PY]"
                    " [-s off|rr1|..|bl4o[,...]] [-R] [-C]\n");
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    struct grid g = { 0 };
    int size, cases = -1, iters = 20, ks[RSCHED_HALO_NK + 8], nk = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &g.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int a = 1; a < argc; a++) {
        const char *v = a + 1 < argc ? argv[a + 1] : NULL;
        if (!strcmp(argv[a], "-c") && v) {
            /* a comma list of cases, or all: a bit mask */
            char *cl = strdup(v), *sv = NULL;
            cases = 0;
            for (char *t = strtok_r(cl, ",", &sv); t; t = strtok_r(NULL, ",", &sv)) {
                int c = strcmp(t, "all") ? rsched_halo_case_from_name(t) : -2;
                if (c == -1) {
                    usage();
                    MPI_Abort(MPI_COMM_WORLD, 2);
                }
                cases |= c == -2 ? -1 : 1 << c;
            }
            free(cl);
        } else if (!strcmp(argv[a], "-k") && v) {
            for (char *s = argv[a + 1]; *s && nk < (int)(sizeof ks / sizeof ks[0]); s++) {
                ks[nk++] = (int)strtol(s, &s, 10);
                if (*s != ',')
                    break;
            }
        } else if (!strcmp(argv[a], "-n") && v) {
            iters = atoi(v);
        } else if (!strcmp(argv[a], "-x") && v) {
            g.px = atoi(v);
        } else if (!strcmp(argv[a], "-y") && v) {
            g.py = atoi(v);
        } else if (!strcmp(argv[a], "-s") && v) {
            g.sched = v;
        } else if (!strcmp(argv[a], "-R")) {
            g.loose = 1;
            a--;            /* no value */
        } else if (!strcmp(argv[a], "-C")) {
            g.cart = 1;
            a--;
        } else {
            usage();
            MPI_Abort(MPI_COMM_WORLD, 2);
        }
        a++;
    }
    if (nk == 0)
        ks[nk++] = 60;
    if (g.px <= 0 || g.py <= 0) {
        int dims[2] = { 0, 0 };
        MPI_Dims_create(size, 2, dims);
        g.px = dims[0];
        g.py = dims[1];
    }
    if (g.px * g.py != size || iters < 1) {
        if (g.rank == 0)
            fprintf(stderr, "halo: grid %dx%d does not match %d processes (or iters < 1)\n", g.px,
                    g.py, size);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    if (!g.sched)
        g.sched = getenv("MPI_MBCF_RSCHED") ? getenv("MPI_MBCF_RSCHED") : "off";
    char *list = strdup(g.sched), *save = NULL;
    const char *scheds[32];
    int nsched = 0;
    for (char *t = strtok_r(list, ",", &save); t && nsched < 32; t = strtok_r(NULL, ",", &save))
        scheds[nsched++] = t;
    g.comm = MPI_COMM_WORLD;
    g.x = g.rank % g.px;
    g.y = g.rank / g.px;
    if (g.cart) {
        int dims[2] = { 0, 0 }, periods[2] = { 1, 1 }, c[2];
        MPI_Dims_create(size, 2, dims);
        MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &g.comm);
        MPI_Comm_rank(g.comm, &g.rank);
        MPI_Cart_coords(g.comm, g.rank, 2, c);
        g.py = dims[0];
        g.px = dims[1];
        g.y = c[0];
        g.x = c[1];
    }
    int fails = 0, tapno = 0;
    for (int i = 0; i < nk; i++) {
        if (ks[i] < 1 || ks[i] > 4096) {
            if (g.rank == 0)
                fprintf(stderr, "halo: k=%d out of range 1..4096\n", ks[i]);
            MPI_Abort(MPI_COMM_WORLD, 2);
        }
        g.k = ks[i];
        g.kk = g.k + 2 * H;
        g.f = malloc((size_t)SI * SJ * g.kk * sizeof(double));
        if (!g.f) {
            fprintf(stderr, "halo: out of memory\n");
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
        for (int si = 0; si < nsched; si++) {
            g.sched = scheds[si];
            for (int c = 0; c < RSCHED_HALO_NCASES; c++)
                if (cases & (1 << c))
                    fails += run_case(&g, c, iters, &tapno);
        }
        free(g.f);
    }
    if (g.rank == 0)
        printf("1..%d\n", tapno);
    free(list);
    MPI_Finalize();
    return fails ? 1 : 0;
}
