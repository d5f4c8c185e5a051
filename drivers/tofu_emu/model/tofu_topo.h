/* tofu_topo.h - Tofu torus topology: 6-D coordinates (X, Y, Z, a, b, c), the
 * logical 3-D shape a job sees, rank <-> coordinate mapping, dimension-order
 * routes and hop counts.  Portable C (no kernel headers, no allocation);
 * shared by the kernel glue, libutofu, the RDMA scheduler and the collectives.
 *
 * Facts encoded (docs/architecture.md "Tofu facts"; Ajima et al., "The Tofu Interconnect D",
 * IEEE CLUSTER 2018; seed 000 sec 3.1.1 for Tofu1):
 *  - both Tofu1 and TofuD nodes sit on a 6-D mesh/torus with coordinates
 *    (X, Y, Z, a, b, c); a in 0..1 and c in 0..1 are meshes of 2, b in 0..2 a
 *    ring of 3; X, Y, Z are rings of the system's size;
 *  - the router has 10 ports: X+, X-, Y+, Y-, Z+, Z-, a, b+, b-, c.
 *
 * Our mapping (documented in docs/tofu.md): the launcher gives the logical
 * 3-D torus shape Lx x Ly x Lz (--tofu LxxLyxLz).  Rank r sits at logical
 * (x, y, z) = (r % Lx, (r / Lx) % Ly, r / (Lx * Ly)).  Each logical axis is
 * folded onto one outer and one inner physical axis: x -> (X, a), y -> (Y, b),
 * z -> (Z, c).  The inner axis takes its full size (2, 3, 2) when it divides
 * the logical size, else size 1; outer = logical / inner.  Along an axis,
 * outer = l / inner and inner = l % inner, reversed on odd outer positions
 * ("snake"), so logical neighbours l and l+1 are always one hop apart.
 * Routes go dimension by dimension in the order X, Y, Z, a, b, c, the shorter
 * way round each ring (ties: the + direction).
 */
#ifndef TOFU_TOPO_H
#define TOFU_TOPO_H

#include <stdint.h>

enum { TOFU_DIM_X, TOFU_DIM_Y, TOFU_DIM_Z, TOFU_DIM_A, TOFU_DIM_B, TOFU_DIM_C, TOFU_NDIMS };

/* Router ports (outgoing link directions), seed 000 sec 3.1.1: 10 links. */
enum tofu_port {
    TOFU_PORT_XP, TOFU_PORT_XM, TOFU_PORT_YP, TOFU_PORT_YM, TOFU_PORT_ZP, TOFU_PORT_ZM,
    TOFU_PORT_A, TOFU_PORT_BP, TOFU_PORT_BM, TOFU_PORT_C,
    TOFU_NPORTS
};

#define TOFU_MAX_OUTER   24   /* largest X, Y or Z size accepted */
#define TOFU_MAX_HOPS    40   /* 3 * 24/2 + 1 + 1 + 1 = 39 */
#define TOFU_MAX_NODES   (TOFU_MAX_OUTER * TOFU_MAX_OUTER * TOFU_MAX_OUTER * 12)

/* Physical coordinates, same field order as jtofu's union jtofu_phys_coords. */
struct tofu_coords {
    uint8_t c[TOFU_NDIMS];    /* X, Y, Z, a, b, c */
};

/* A job's shape: logical 3-D torus and the physical 6-D sizes derived from it. */
struct tofu_shape {
    uint32_t log[3];          /* Lx, Ly, Lz */
    uint8_t size[TOFU_NDIMS]; /* physical sizes X, Y, Z, a, b, c */
};

/* One hop of a route: the link leaving `node` (a rank) through `port`. */
struct tofu_hop {
    uint32_t node;
    uint8_t port;
};

/* Builds the shape for an Lx x Ly x Lz logical torus; 0, or -1 when a size is 0
 * or an outer size exceeds TOFU_MAX_OUTER. */
int tofu_shape_init(struct tofu_shape *s, uint32_t lx, uint32_t ly, uint32_t lz);
uint32_t tofu_shape_nodes(const struct tofu_shape *s);

/* rank -> logical (x, y, z) / physical coordinates; -1 if rank is out of range. */
int tofu_rank_to_log(const struct tofu_shape *s, uint32_t rank, uint32_t log[3]);
int tofu_rank_to_coords(const struct tofu_shape *s, uint32_t rank, struct tofu_coords *c);
/* physical coordinates / logical position -> rank; -1 if outside the shape. */
int64_t tofu_coords_to_rank(const struct tofu_shape *s, const struct tofu_coords *c);
int64_t tofu_log_to_rank(const struct tofu_shape *s, const uint32_t log[3]);

/* Number of links between two nodes on the dimension-order route. */
unsigned tofu_hops(const struct tofu_shape *s, const struct tofu_coords *from,
                   const struct tofu_coords *to);
unsigned tofu_hops_rank(const struct tofu_shape *s, uint32_t from, uint32_t to);

/* Fills hops[0..n-1] with the route from -> to and returns n (0 for from == to),
 * or -1 if a rank is out of range or n would exceed max. */
int tofu_route(const struct tofu_shape *s, uint32_t from, uint32_t to,
               struct tofu_hop *hops, unsigned max);

/* The neighbour of `rank` through `port`, or -1 when that port has no link
 * (dimension of size 1, or the mesh edge of a/c). */
int64_t tofu_neighbor(const struct tofu_shape *s, uint32_t rank, enum tofu_port port);

const char *tofu_port_name(enum tofu_port port);

#endif
