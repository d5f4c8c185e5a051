/* mpi_group.c - MPI entry points of process groups (MPI-3.1 sec 6.3): ordered
 * lists of world ranks. MPI_GROUP_EMPTY is handle 1. */
#include "mpi_comm.h"
#include "mpi_errhandler.h"
#include "mpi_group.h"
#include <stdlib.h>
#include <string.h>

static struct group **groups;
static int ngroups, capgroups;

struct group *group_get(MPI_Group g)
{
    static struct group empty = { 1, 0, NULL, 1 };
    if (g == MPI_GROUP_EMPTY)
        return &empty;
    if (g <= 1 || g >= ngroups || !groups[g])
        return NULL;
    return groups[g];
}

int group_new(int n, const int *world, MPI_Group *out)
{
    if (n == 0) {
        *out = MPI_GROUP_EMPTY;
        return MPI_SUCCESS;
    }
    int h = -1;
    for (int i = 2; i < ngroups; i++)
        if (!groups[i]) {
            h = i;
            break;
        }
    if (h < 0) {
        if (ngroups == capgroups) {
            int nc = capgroups ? capgroups * 2 : 16;
            struct group **t = realloc(groups, (size_t)nc * sizeof *t);
            if (!t)
                return MPI_ERR_NO_MEM;
            memset(t + capgroups, 0, (size_t)(nc - capgroups) * sizeof *t);
            groups = t;
            capgroups = nc;
            if (ngroups < 2)
                ngroups = 2;
        }
        h = ngroups++;
    }
    struct group *g = malloc(sizeof *g);
    int *w = malloc((size_t)n * sizeof(int));
    if (!g || !w) {
        free(g);
        free(w);
        return MPI_ERR_NO_MEM;
    }
    memcpy(w, world, (size_t)n * sizeof(int));
    *g = (struct group){ 1, n, w, 1 };
    groups[h] = g;
    *out = h;
    return MPI_SUCCESS;
}

static int pos_of(const struct group *g, int world)
{
    for (int i = 0; i < g->size; i++)
        if (g->world[i] == world)
            return i;
    return MPI_UNDEFINED;
}

#define GETG(g, h, fn)                                              \
    struct group *g = group_get(h);                                 \
    if (!g)                                                         \
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_GROUP, fn)

int PMPI_Group_size(MPI_Group h, int *size)
{
    GETG(g, h, "MPI_Group_size");
    *size = g->size;
    return MPI_SUCCESS;
}
MPI_ALIAS(Group_size);

int PMPI_Group_rank(MPI_Group h, int *rank)
{
    GETG(g, h, "MPI_Group_rank");
    *rank = pos_of(g, mpi_world_rank);
    return MPI_SUCCESS;
}
MPI_ALIAS(Group_rank);

int PMPI_Group_translate_ranks(MPI_Group h1, int n, const int r1[], MPI_Group h2, int r2[])
{
    GETG(a, h1, "MPI_Group_translate_ranks");
    struct group *b = group_get(h2);
    if (!b)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_GROUP, "MPI_Group_translate_ranks");
    for (int i = 0; i < n; i++) {
        if (r1[i] == MPI_PROC_NULL) {
            r2[i] = MPI_PROC_NULL;
            continue;
        }
        if (r1[i] < 0 || r1[i] >= a->size)
            return mpi_err(MPI_COMM_WORLD, MPI_ERR_RANK, "MPI_Group_translate_ranks");
        r2[i] = pos_of(b, a->world[r1[i]]);
    }
    return MPI_SUCCESS;
}
MPI_ALIAS(Group_translate_ranks);

int PMPI_Group_compare(MPI_Group h1, MPI_Group h2, int *result)
{
    GETG(a, h1, "MPI_Group_compare");
    struct group *b = group_get(h2);
    if (!b)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_GROUP, "MPI_Group_compare");
    if (a->size != b->size) {
        *result = MPI_UNEQUAL;
        return MPI_SUCCESS;
    }
    int same = 1, set = 1;
    for (int i = 0; i < a->size; i++) {
        if (a->world[i] != b->world[i])
            same = 0;
        if (pos_of(b, a->world[i]) == MPI_UNDEFINED)
            set = 0;
    }
    *result = same ? MPI_IDENT : set ? MPI_SIMILAR : MPI_UNEQUAL;
    return MPI_SUCCESS;
}
MPI_ALIAS(Group_compare);

static int from_list(int n, const int *w, MPI_Group *out, const char *fn)
{
    int e = group_new(n, w, out);
    return e ? mpi_err(MPI_COMM_WORLD, e, fn) : MPI_SUCCESS;
}

int PMPI_Group_incl(MPI_Group h, int n, const int ranks[], MPI_Group *out)
{
    GETG(g, h, "MPI_Group_incl");
    if (n < 0 || n > g->size)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Group_incl");
    int *w = malloc((size_t)(n ? n : 1) * sizeof(int));
    if (!w)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_NO_MEM, "MPI_Group_incl");
    for (int i = 0; i < n; i++) {
        if (ranks[i] < 0 || ranks[i] >= g->size) {
            free(w);
            return mpi_err(MPI_COMM_WORLD, MPI_ERR_RANK, "MPI_Group_incl");
        }
        w[i] = g->world[ranks[i]];
        for (int j = 0; j < i; j++)
            if (w[j] == w[i]) {
                free(w);
                return mpi_err(MPI_COMM_WORLD, MPI_ERR_RANK, "MPI_Group_incl");
            }
    }
    int e = from_list(n, w, out, "MPI_Group_incl");
    free(w);
    return e;
}
MPI_ALIAS(Group_incl);

int PMPI_Group_excl(MPI_Group h, int n, const int ranks[], MPI_Group *out)
{
    GETG(g, h, "MPI_Group_excl");
    if (n < 0 || n > g->size)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Group_excl");
    char *drop = calloc((size_t)g->size + 1, 1);
    int *w = malloc((size_t)g->size * sizeof(int) + sizeof(int));
    if (!drop || !w) {
        free(drop);
        free(w);
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_NO_MEM, "MPI_Group_excl");
    }
    for (int i = 0; i < n; i++) {
        if (ranks[i] < 0 || ranks[i] >= g->size || drop[ranks[i]]) {
            free(drop);
            free(w);
            return mpi_err(MPI_COMM_WORLD, MPI_ERR_RANK, "MPI_Group_excl");
        }
        drop[ranks[i]] = 1;
    }
    int k = 0;
    for (int i = 0; i < g->size; i++)
        if (!drop[i])
            w[k++] = g->world[i];
    int e = from_list(k, w, out, "MPI_Group_excl");
    free(drop);
    free(w);
    return e;
}
MPI_ALIAS(Group_excl);

static int range_list(struct group *g, int n, int ranges[][3], int *w, int *k)
{
    *k = 0;
    for (int i = 0; i < n; i++) {
        int f = ranges[i][0], l = ranges[i][1], s = ranges[i][2];
        if (s == 0)
            return MPI_ERR_ARG;
        for (int r = f; s > 0 ? r <= l : r >= l; r += s) {
            if (r < 0 || r >= g->size || *k >= g->size)
                return MPI_ERR_RANK;
            w[(*k)++] = r;
        }
    }
    return MPI_SUCCESS;
}

int PMPI_Group_range_incl(MPI_Group h, int n, int ranges[][3], MPI_Group *out)
{
    GETG(g, h, "MPI_Group_range_incl");
    int *w = malloc((size_t)g->size * sizeof(int) + sizeof(int)), k;
    if (!w)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_NO_MEM, "MPI_Group_range_incl");
    int e = range_list(g, n, ranges, w, &k);
    if (!e)
        e = PMPI_Group_incl(h, k, w, out);
    else
        e = mpi_err(MPI_COMM_WORLD, e, "MPI_Group_range_incl");
    free(w);
    return e;
}
MPI_ALIAS(Group_range_incl);

int PMPI_Group_range_excl(MPI_Group h, int n, int ranges[][3], MPI_Group *out)
{
    GETG(g, h, "MPI_Group_range_excl");
    int *w = malloc((size_t)g->size * sizeof(int) + sizeof(int)), k;
    if (!w)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_NO_MEM, "MPI_Group_range_excl");
    int e = range_list(g, n, ranges, w, &k);
    if (!e)
        e = PMPI_Group_excl(h, k, w, out);
    else
        e = mpi_err(MPI_COMM_WORLD, e, "MPI_Group_range_excl");
    free(w);
    return e;
}
MPI_ALIAS(Group_range_excl);

static int setop(MPI_Group h1, MPI_Group h2, MPI_Group *out, int kind, const char *fn)
{
    GETG(a, h1, fn);
    struct group *b = group_get(h2);
    if (!b)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_GROUP, fn);
    int *w = malloc((size_t)(a->size + b->size + 1) * sizeof(int)), k = 0;
    if (!w)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_NO_MEM, fn);
    for (int i = 0; i < a->size; i++) {
        int inb = pos_of(b, a->world[i]) != MPI_UNDEFINED;
        if (kind == 0 || (kind == 1 && inb) || (kind == 2 && !inb))
            w[k++] = a->world[i];
    }
    if (kind == 0)
        for (int i = 0; i < b->size; i++)
            if (pos_of(a, b->world[i]) == MPI_UNDEFINED)
                w[k++] = b->world[i];
    int e = from_list(k, w, out, fn);
    free(w);
    return e;
}

int PMPI_Group_union(MPI_Group a, MPI_Group b, MPI_Group *out)
{
    return setop(a, b, out, 0, "MPI_Group_union");
}
MPI_ALIAS(Group_union);

int PMPI_Group_intersection(MPI_Group a, MPI_Group b, MPI_Group *out)
{
    return setop(a, b, out, 1, "MPI_Group_intersection");
}
MPI_ALIAS(Group_intersection);

int PMPI_Group_difference(MPI_Group a, MPI_Group b, MPI_Group *out)
{
    return setop(a, b, out, 2, "MPI_Group_difference");
}
MPI_ALIAS(Group_difference);

int PMPI_Group_free(MPI_Group *h)
{
    if (!h || !group_get(*h))
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_GROUP, "MPI_Group_free");
    if (*h != MPI_GROUP_EMPTY) {
        free(groups[*h]->world);
        free(groups[*h]);
        groups[*h] = NULL;
    }
    *h = MPI_GROUP_NULL;
    return MPI_SUCCESS;
}
MPI_ALIAS(Group_free);
