/* rsched_halo.h - the halo exchange of seed 000 sec 4.1 as RSched request
 * sets: SCALE-LES3 with a 16x16 horizontal grid, k vertical levels and a
 * halo of width 2 (Table 1), on a 2-D periodic process grid. Used by the host
 * simulation (rsched_sim.c), the tests and the halo benchmark. */
#ifndef LIBMPI_MBCF_RSCHED_HALO_H
#define LIBMPI_MBCF_RSCHED_HALO_H

#include <stdint.h>
#include "rsched.h"

/* Table 1: the vertical grid sizes of the evaluation. */
#define RSCHED_HALO_NK 11
extern const int rsched_halo_k[RSCHED_HALO_NK];
#define RSCHED_HALO_I 16   /* horizontal grid i x j (Table 1: 16 x 16) */
#define RSCHED_HALO_J 16
#define RSCHED_HALO_W 2    /* halo width */

/* The evaluated direction sets (sec 4.2-4.6). */
enum rsched_halo_case {
    RSCHED_HALO_EW,      /* east-west only: 2 puts, fig. 3/4 */
    RSCHED_HALO_NS,      /* north-south only: 4 puts, fig. 5/6 */
    RSCHED_HALO_4DIR,    /* E, W, N, S: 6 puts, fig. 7/8 */
    RSCHED_HALO_DIAG,    /* the 4 diagonals: 8 puts, fig. 9/10 */
    RSCHED_HALO_ALL,     /* all 8 directions: 14 puts, fig. 11/12 */
    RSCHED_HALO_NCASES
};
const char *rsched_halo_case_name(int hcase);   /* "ew" "ns" "4dir" "diag" "all8" */
int rsched_halo_case_from_name(const char *name);  /* -1 if unknown */

/* Bytes of one put in direction dir at vertical size k (Table 1):
 * E/W (2+k+2)*2*i*8, N/S (2+k+2)*j*8, diagonal (2+k+2)*2*8. */
uint32_t rsched_halo_len(int dir, int k);
/* Puts per direction (Table 1 header): E/W 1, N/S 2, diagonals 2. */
int rsched_halo_sends(int dir);

/* Request set of process (x, y) on a px x py periodic grid (rank = y*px + x),
 * in the order the benchmark posts its requests: the diagonals first (NE, NW,
 * SE, SW, each twice), then E, W, N, N, S, S; only the case's directions.
 * That is the order RoundRobin takes them in (sec 4.3: the same direction is
 * posted twice in a row so RoundRobin sends it from two engines at once;
 * sec 4.6: RoundRobin schedules the diagonals first). Returns the count. */
int rsched_halo_puts(int hcase, int k, int px, int py, int x, int y,
                     struct rsched_put *out, int max);
/* Rank of the neighbour of (x, y) in direction dir on the periodic grid. */
int rsched_halo_neighbor(int px, int py, int x, int y, int dir);

#endif
