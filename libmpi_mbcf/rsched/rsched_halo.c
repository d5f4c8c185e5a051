/* rsched_halo.c - SCALE-LES3 halo request sets of seed 000 (Table 1, sec 4.1):
 * sizes per direction, direction sets per case, periodic neighbours. */
#include "rsched_halo.h"

#include <string.h>

const int rsched_halo_k[RSCHED_HALO_NK] = { 60, 70, 80, 109, 218, 327, 436, 545, 654, 763, 872 };

static const char *const case_names[RSCHED_HALO_NCASES] = { "ew", "ns", "4dir", "diag", "all8" };

const char *rsched_halo_case_name(int hcase)
{
    return hcase >= 0 && hcase < RSCHED_HALO_NCASES ? case_names[hcase] : "?";
}

int rsched_halo_case_from_name(const char *name)
{
    for (int c = 0; c < RSCHED_HALO_NCASES; c++)
        if (name && !strcmp(name, case_names[c]))
            return c;
    return -1;
}

uint32_t rsched_halo_len(int dir, int k)
{
    uint32_t col = (uint32_t)(RSCHED_HALO_W + k + RSCHED_HALO_W) * 8;   /* one column, doubles */
    if (dir == RSCHED_E || dir == RSCHED_W)
        return col * RSCHED_HALO_W * RSCHED_HALO_I;
    if (dir == RSCHED_N || dir == RSCHED_S)
        return col * RSCHED_HALO_J;
    return col * RSCHED_HALO_W;
}

int rsched_halo_sends(int dir)
{
    return dir == RSCHED_E || dir == RSCHED_W ? 1 : 2;
}

static int case_has(int hcase, int dir)
{
    int diag = rsched_dir_is_diagonal(dir);
    int ew = dir == RSCHED_E || dir == RSCHED_W;
    switch (hcase) {
    case RSCHED_HALO_EW: return ew;
    case RSCHED_HALO_NS: return !diag && !ew;
    case RSCHED_HALO_4DIR: return !diag;
    case RSCHED_HALO_DIAG: return diag;
    case RSCHED_HALO_ALL: return 1;
    }
    return 0;
}

int rsched_halo_neighbor(int px, int py, int x, int y, int dir)
{
    int dx, dy;
    rsched_dir_offset(dir, &dx, &dy);
    int nx = ((x + dx) % px + px) % px, ny = ((y + dy) % py + py) % py;
    return ny * px + nx;
}

int rsched_halo_puts(int hcase, int k, int px, int py, int x, int y,
                     struct rsched_put *out, int max)
{
    static const int post_order[RSCHED_NDIR] = {
        RSCHED_NE, RSCHED_NW, RSCHED_SE, RSCHED_SW, RSCHED_E, RSCHED_W, RSCHED_N, RSCHED_S
    };
    int n = 0;
    for (int o = 0; o < RSCHED_NDIR; o++) {
        int dir = post_order[o];
        if (!case_has(hcase, dir))
            continue;
        for (int s = 0; s < rsched_halo_sends(dir) && n < max; s++) {
            out[n].dir = dir;
            out[n].len = rsched_halo_len(dir, k);
            out[n].dest = rsched_halo_neighbor(px, py, x, y, dir);
            n++;
        }
    }
    return n;
}
