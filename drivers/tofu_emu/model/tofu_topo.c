/* tofu_topo.c - Tofu torus topology: shape from the logical 3-D size, rank <->
 * coordinates, dimension-order routes (see tofu_topo.h for the mapping). */
#include "tofu_topo.h"

/* Inner (a, b, c) axis sizes of the Tofu unit (docs/architecture.md "Tofu facts"). */
static const uint8_t inner_full[3] = { 2, 3, 2 };

static const char *const port_names[TOFU_NPORTS] = {
    "X+", "X-", "Y+", "Y-", "Z+", "Z-", "a", "b+", "b-", "c"
};

const char *tofu_port_name(enum tofu_port port)
{
    return (unsigned)port < TOFU_NPORTS ? port_names[port] : "?";
}

int tofu_shape_init(struct tofu_shape *s, uint32_t lx, uint32_t ly, uint32_t lz)
{
    uint32_t l[3] = { lx, ly, lz };
    for (int i = 0; i < 3; i++) {
        if (l[i] == 0)
            return -1;
        uint32_t in = l[i] % inner_full[i] == 0 ? inner_full[i] : 1;
        uint32_t out = l[i] / in;
        if (out > TOFU_MAX_OUTER)
            return -1;
        s->log[i] = l[i];
        s->size[i] = (uint8_t)out;
        s->size[TOFU_DIM_A + i] = (uint8_t)in;
    }
    return 0;
}

uint32_t tofu_shape_nodes(const struct tofu_shape *s)
{
    return s->log[0] * s->log[1] * s->log[2];
}

int tofu_rank_to_log(const struct tofu_shape *s, uint32_t rank, uint32_t log[3])
{
    if (rank >= tofu_shape_nodes(s))
        return -1;
    log[0] = rank % s->log[0];
    log[1] = (rank / s->log[0]) % s->log[1];
    log[2] = rank / (s->log[0] * s->log[1]);
    return 0;
}

int64_t tofu_log_to_rank(const struct tofu_shape *s, const uint32_t log[3])
{
    for (int i = 0; i < 3; i++)
        if (log[i] >= s->log[i])
            return -1;
    return (int64_t)log[0] + (int64_t)s->log[0] * (log[1] + (int64_t)s->log[1] * log[2]);
}

int tofu_rank_to_coords(const struct tofu_shape *s, uint32_t rank, struct tofu_coords *c)
{
    uint32_t log[3];
    if (tofu_rank_to_log(s, rank, log) < 0)
        return -1;
    for (int i = 0; i < 3; i++) {
        uint32_t in = s->size[TOFU_DIM_A + i];
        uint32_t out = log[i] / in, pos = log[i] % in;
        if (out & 1)                 /* snake: odd outer positions run backwards */
            pos = in - 1 - pos;
        c->c[i] = (uint8_t)out;
        c->c[TOFU_DIM_A + i] = (uint8_t)pos;
    }
    return 0;
}

int64_t tofu_coords_to_rank(const struct tofu_shape *s, const struct tofu_coords *c)
{
    uint32_t log[3];
    for (int i = 0; i < 3; i++) {
        uint32_t out = c->c[i], pos = c->c[TOFU_DIM_A + i], in = s->size[TOFU_DIM_A + i];
        if (out >= s->size[i] || pos >= in)
            return -1;
        if (out & 1)
            pos = in - 1 - pos;
        log[i] = out * in + pos;
    }
    return tofu_log_to_rank(s, log);
}

/* Signed steps along one dimension: rings (X, Y, Z, b) go the shorter way
 * (ties +), meshes (a, c) go straight. */
static int dim_steps(const struct tofu_shape *s, int d, int from, int to)
{
    int n = s->size[d], diff = to - from;
    if (d == TOFU_DIM_A || d == TOFU_DIM_C)
        return diff;
    if (diff < 0)
        diff += n;
    return diff <= n / 2 ? diff : diff - n;
}

static int dim_port(int d, int step)
{
    static const int plus[TOFU_NDIMS] = { TOFU_PORT_XP, TOFU_PORT_YP, TOFU_PORT_ZP,
                                          TOFU_PORT_A, TOFU_PORT_BP, TOFU_PORT_C };
    static const int minus[TOFU_NDIMS] = { TOFU_PORT_XM, TOFU_PORT_YM, TOFU_PORT_ZM,
                                           TOFU_PORT_A, TOFU_PORT_BM, TOFU_PORT_C };
    return step > 0 ? plus[d] : minus[d];
}

unsigned tofu_hops(const struct tofu_shape *s, const struct tofu_coords *from,
                   const struct tofu_coords *to)
{
    unsigned h = 0;
    for (int d = 0; d < TOFU_NDIMS; d++) {
        int k = dim_steps(s, d, from->c[d], to->c[d]);
        h += (unsigned)(k < 0 ? -k : k);
    }
    return h;
}

unsigned tofu_hops_rank(const struct tofu_shape *s, uint32_t from, uint32_t to)
{
    struct tofu_coords a, b;
    if (tofu_rank_to_coords(s, from, &a) < 0 || tofu_rank_to_coords(s, to, &b) < 0)
        return 0;
    return tofu_hops(s, &a, &b);
}

int tofu_route(const struct tofu_shape *s, uint32_t from, uint32_t to,
               struct tofu_hop *hops, unsigned max)
{
    struct tofu_coords cur, dst;
    if (tofu_rank_to_coords(s, from, &cur) < 0 || tofu_rank_to_coords(s, to, &dst) < 0)
        return -1;
    unsigned n = 0;
    for (int d = 0; d < TOFU_NDIMS; d++) {
        int k = dim_steps(s, d, cur.c[d], dst.c[d]);
        int step = k > 0 ? 1 : -1;
        for (; k != 0; k -= step) {
            if (n >= max)
                return -1;
            hops[n].node = (uint32_t)tofu_coords_to_rank(s, &cur);
            hops[n].port = (uint8_t)dim_port(d, step);
            n++;
            int v = cur.c[d] + step, size = s->size[d];
            cur.c[d] = (uint8_t)((v + size) % size);
        }
    }
    return (int)n;
}

int64_t tofu_neighbor(const struct tofu_shape *s, uint32_t rank, enum tofu_port port)
{
    static const int8_t dim[TOFU_NPORTS] = { 0, 0, 1, 1, 2, 2, 3, 4, 4, 5 };
    static const int8_t step[TOFU_NPORTS] = { 1, -1, 1, -1, 1, -1, 1, 1, -1, 1 };
    struct tofu_coords c;
    if ((unsigned)port >= TOFU_NPORTS || tofu_rank_to_coords(s, rank, &c) < 0)
        return -1;
    int d = dim[port], size = s->size[d];
    if (size < 2)
        return -1;
    if (d == TOFU_DIM_A || d == TOFU_DIM_C)
        c.c[d] = (uint8_t)(1 - c.c[d]);   /* mesh of 2: the one other node */
    else
        c.c[d] = (uint8_t)((c.c[d] + step[port] + size) % size);
    return tofu_coords_to_rank(s, &c);
}
