/* a2a_link_main.c - driver of the Alltoall link-load model (a2a_link.h):
 * reads the very platform SMPI runs on (the XML and hostfile of
 * scripts/sim/platform.py: torus dimensions, link bandwidth and latency,
 * node limiter, loopback, and which physical node each rank sits on) and
 * prints one CSV row per message size:
 *   coll,shape,ppn,procs,alg,bytes,t_us,thr_MBs,windows,max_link,max_hops,tov_us,throv_MBs
 * (t: windows in sequence; tov: windows overlapping perfectly, a2al_time_overlap)
 * thr = seed 004 eq. 1, (Np - Nlp) Nlp M / t.
 * Usage: a2a_link [-v] [-s STRIDE] [-n NODE_MBPS] [-f FLOW_MBPS] [-o MSG_NS] XML HOSTFILE SHAPE PPN
 *                 pairwise|doublespread SIZES
 *   -v prints each window's counts on stderr; -s N prices every N-th window
 *      only (each standing for N; a2al_profile_sampled);
 *   -n node bandwidth shared by the flows from and to a node (default: the
 *      platform's limiter_link, as SimGrid 3.32 charges it, docs/collectives.md
 *      (a2alink); 0 none); -f per-flow cap (default none, as on the SMPI
 *      platform; TofuD's TNI: 6350); -o overhead per window in ns (default 0).
 *   SIZES comma-separated, k/M suffixes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "a2a_link.h"

static void die(const char *what, const char *arg)
{
    fprintf(stderr, "a2a_link: %s%s%s\n", what, arg ? ": " : "", arg ? arg : "");
    exit(2);
}

/* the text of attribute name="..." into sbuf; 0 when absent */
static int attr_text(const char *text, const char *name, char *sbuf, size_t sn)
{
    char key[64];
    snprintf(key, sizeof key, " %s=\"", name);
    const char *p = strstr(text, key);
    if (!p)
        return 0;
    p += strlen(key);
    const char *e = strchr(p, '"');
    if (!e || (size_t)(e - p) >= sn)
        die("bad attribute in platform", name);
    memcpy(sbuf, p, (size_t)(e - p));
    sbuf[e - p] = 0;
    return 1;
}

/* attribute name as a number in MB/s (MBps, GBps) or ns (ns, us); 0 when absent */
static double attr(const char *text, const char *name)
{
    char s[64], *u;
    if (!attr_text(text, name, s, sizeof s))
        return 0;
    double v = strtod(s, &u);
    if (strcmp(u, "GBps") == 0 || strcmp(u, "us") == 0)
        v *= 1000;
    else if (u == s || (strcmp(u, "MBps") && strcmp(u, "ns")))
        die("unit not understood", s);
    return v;
}

static void read_platform(const char *path, struct a2al_plat *p)
{
    FILE *f = fopen(path, "r");
    if (!f)
        die("cannot open platform", path);
    static char text[1 << 16];
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = 0;
    for (char *c = text; *c; c++)
        if (*c == '\n' || *c == '\t')
            *c = ' ';
    char s[256];
    p->link_mbps = attr(text, "bw");
    p->hop_ns = attr(text, "lat");
    p->loop_mbps = attr(text, "loopback_bw");
    p->node_mbps = attr(text, "limiter_link");
    if (!(p->link_mbps > 0) || !attr_text(text, "topo_parameters", s, sizeof s))
        die("no TORUS cluster with bw and topo_parameters in", path);
    p->pd[0] = p->pd[1] = p->pd[2] = 1;
    char *q = s;
    for (int d = 0; d < 3 && *q; d++) {
        p->pd[d] = (int)strtol(q, &q, 10);
        if (p->pd[d] < 1)
            die("bad torus dimensions", s);
        if (*q == ',')
            q++;
    }
    if (*q)
        die("more than 3 torus dimensions", s);
}

/* physical node of each rank from the hostfile (one "n<id>" line per rank) */
static int *read_hosts(const char *path, int procs, int nodes)
{
    FILE *f = fopen(path, "r");
    if (!f)
        die("cannot open hostfile", path);
    int *node_of = malloc(sizeof *node_of * (size_t)procs), r = 0, id;
    if (!node_of)
        die("out of memory", NULL);
    while (r < procs && fscanf(f, " n%d", &id) == 1) {
        if (id < 0 || id >= nodes)
            die("host outside the torus in", path);
        node_of[r++] = id;
    }
    fclose(f);
    if (r != procs)
        die("hostfile has fewer lines than ranks", path);
    return node_of;
}

static double parse_size(const char *s, char **end)
{
    double v = strtod(s, end);
    if (**end == 'k' || **end == 'K') { v *= 1024; (*end)++; }
    else if (**end == 'm' || **end == 'M') { v *= 1048576; (*end)++; }
    return v;
}

int main(int argc, char **argv)
{
    struct a2al_plat p;
    memset(&p, 0, sizeof p);
    double node = -1, flow = 0, msg = 0;
    int c, verbose = 0, stride = 1;
    while ((c = getopt(argc, argv, "n:f:o:s:v")) != -1) {
        if (c == 'n') node = atof(optarg);
        else if (c == 'f') flow = atof(optarg);
        else if (c == 'o') msg = atof(optarg);
        else if (c == 'v') verbose = 1;
        else if (c == 's') stride = atoi(optarg);
        else die("usage: a2a_link [-v] [-s STRIDE] [-n MBPS] [-f MBPS] [-o NS] XML HOSTS SHAPE PPN ALG SIZES", NULL);
    }
    if (argc - optind != 6)
        die("usage: a2a_link [-v] [-s STRIDE] [-n MBPS] [-f MBPS] [-o NS] XML HOSTS SHAPE PPN ALG SIZES", NULL);
    char **a = argv + optind;
    read_platform(a[0], &p);
    if (node >= 0)
        p.node_mbps = node;
    p.flow_mbps = flow;
    p.msg_ns = msg;
    int n[3], ppn = atoi(a[3]);
    if (coll_shape_parse(a[2], n) || ppn < 1)
        die("bad shape or ppn", a[2]);
    int nodes = n[0] * n[1] * n[2], procs = nodes * ppn;
    struct coll_shape sh;
    coll_shape_make(a[2], procs, &sh);
    enum a2al_alg alg;
    if (strcmp(a[4], "pairwise") == 0) alg = A2AL_PAIRWISE;
    else if (strcmp(a[4], "doublespread") == 0) alg = A2AL_DOUBLESPREAD;
    else die("algorithm must be pairwise or doublespread", a[4]);
    int *node_of = read_hosts(a[1], procs, p.pd[0] * p.pd[1] * p.pd[2]);
    struct a2al_prof pr;
    if (stride < 1)
        die("stride must be >= 1", NULL);
    if (a2al_profile_sampled(&p, &sh, node_of, alg, stride, &pr))
        die("out of memory", NULL);
    int mlink = 0, mhops = 0, nwin = 0;
    for (int i = 0; i < pr.nwin; i++) {
        nwin += pr.w[i].weight;
        if (pr.w[i].link > mlink) mlink = pr.w[i].link;
        if (pr.w[i].hops > mhops) mhops = pr.w[i].hops;
        if (verbose)
            fprintf(stderr, "window %d: link %d node %d hops %d%s%s\n", i, pr.w[i].link,
                    pr.w[i].node, pr.w[i].hops, pr.w[i].inter ? " inter" : "",
                    pr.w[i].intra ? " intra" : "");
    }
    for (char *s = a[5]; *s;) {
        char *e;
        double m = parse_size(s, &e);
        if (e == s || m < 0)
            die("bad size list", a[5]);
        double t = a2al_time(&p, &pr, m);
        double to = a2al_time_overlap(&p, &pr, m);
        printf("alltoall,%s,%d,%d,%s,%.0f,%.3f,%.1f,%d,%d,%d,%.3f,%.1f\n", a[2], ppn, procs, a[4], m,
               t * 1e6, t > 0 ? (double)(procs - ppn) * ppn * m / t / 1e6 : 0, nwin, mlink, mhops,
               to * 1e6, to > 0 ? (double)(procs - ppn) * ppn * m / to / 1e6 : 0);
        s = *e == ',' ? e + 1 : e;
    }
    a2al_prof_free(&pr);
    free(node_of);
    return 0;
}
