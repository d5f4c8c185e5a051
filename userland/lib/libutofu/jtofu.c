/* jtofu.c - jtofu-shaped coordinate and hop queries for the emulated Tofu
 * controller (one process per node: rank = node rank), over tofu_topo.c. */
#include <stdio.h>
#include <string.h>
#include "jtofu.h"
#include "utofu_internal.h"

static int nosup(const char *name)
{
    fprintf(stderr, "jtofu: %s: not implemented by the emulated controller "
                    "(JTOFU_ERR_NOT_IMPLEMENTED)\n", name);
    return JTOFU_ERR_NOT_IMPLEMENTED;
}

static int ready(void)
{
    return utofu_init() == 0;
}

int jtofu_initialize(jtofu_job_id_t job_id, jtofu_rank_t rank, const void *mapinfo)
{
    (void)job_id; (void)mapinfo;
    if (!ready())
        return JTOFU_ERR_INTERNAL;
    return rank == (jtofu_rank_t)utofu_st.info.rank ? JTOFU_SUCCESS : JTOFU_ERR_INVALID_ARG;
}

int jtofu_finalize(void) { return JTOFU_SUCCESS; }

static void phys_size(union jtofu_phys_coords *s)
{
    memcpy(s->a, utofu_st.shape.size, 6);
}

int jtofu_query_sys_size(union jtofu_phys_coords *sys_size)
{
    if (!sys_size)
        return JTOFU_ERR_INVALID_POINTER;
    if (!ready())
        return JTOFU_ERR_NOT_INITIALIZED;
    phys_size(sys_size);
    return JTOFU_SUCCESS;
}

int jtofu_query_phys_size(union jtofu_phys_coords *s) { return jtofu_query_sys_size(s); }

int jtofu_query_sys_torus(union jtofu_phys_coords *sys_torus)
{
    if (!sys_torus)
        return JTOFU_ERR_INVALID_POINTER;
    if (!ready())
        return JTOFU_ERR_NOT_INITIALIZED;
    /* 1 = torus: X, Y, Z, b are rings; a, c are meshes of 2 (tofu_topo.h) */
    const uint8_t t[6] = { 1, 1, 1, 0, 1, 0 };
    memcpy(sys_torus->a, t, 6);
    return JTOFU_SUCCESS;
}

int jtofu_query_ref_coords(union jtofu_phys_coords *ref_coords)
{
    if (!ref_coords)
        return JTOFU_ERR_INVALID_POINTER;
    memset(ref_coords, 0, sizeof *ref_coords);
    return ready() ? JTOFU_SUCCESS : JTOFU_ERR_NOT_INITIALIZED;
}

int jtofu_query_log_size(union jtofu_log_coords *log_size)
{
    if (!log_size)
        return JTOFU_ERR_INVALID_POINTER;
    if (!ready())
        return JTOFU_ERR_NOT_INITIALIZED;
    for (int i = 0; i < 3; i++)
        log_size->a[i] = utofu_st.shape.log[i];
    return JTOFU_SUCCESS;
}

int jtofu_query_phys_coords(jtofu_job_id_t job_id, jtofu_rank_t rank,
                            union jtofu_phys_coords *phys_coords)
{
    (void)job_id;
    if (!phys_coords)
        return JTOFU_ERR_INVALID_POINTER;
    if (!ready())
        return JTOFU_ERR_NOT_INITIALIZED;
    struct tofu_coords c;
    if (tofu_rank_to_coords(&utofu_st.shape, rank, &c))
        return JTOFU_ERR_INVALID_ARG;
    memcpy(phys_coords->a, c.c, 6);
    return JTOFU_SUCCESS;
}

int jtofu_query_log_coords(jtofu_job_id_t job_id, jtofu_rank_t rank,
                           union jtofu_log_coords *log_coords)
{
    (void)job_id;
    if (!log_coords)
        return JTOFU_ERR_INVALID_POINTER;
    if (!ready())
        return JTOFU_ERR_NOT_INITIALIZED;
    return tofu_rank_to_log(&utofu_st.shape, rank, log_coords->a) ? JTOFU_ERR_INVALID_ARG
                                                                 : JTOFU_SUCCESS;
}

int jtofu_query_max_proc_per_node(void) { return 1; }

static int one_rank(int64_t r, size_t max_ranks, jtofu_rank_t *ranks, size_t *num_ranks)
{
    if (!num_ranks || (max_ranks && !ranks))
        return JTOFU_ERR_INVALID_POINTER;
    if (r < 0)
        return JTOFU_ERR_INVALID_ARG;
    *num_ranks = 1;
    if (max_ranks)
        ranks[0] = (jtofu_rank_t)r;
    return JTOFU_SUCCESS;
}

int jtofu_query_ranks_from_phys_coords(jtofu_job_id_t job_id, union jtofu_phys_coords *phys_coords,
                                       size_t max_ranks, jtofu_rank_t *ranks, size_t *num_ranks)
{
    (void)job_id;
    if (!phys_coords)
        return JTOFU_ERR_INVALID_POINTER;
    if (!ready())
        return JTOFU_ERR_NOT_INITIALIZED;
    struct tofu_coords c;
    memcpy(c.c, phys_coords->a, 6);
    return one_rank(tofu_coords_to_rank(&utofu_st.shape, &c), max_ranks, ranks, num_ranks);
}

int jtofu_query_ranks_from_log_coords(jtofu_job_id_t job_id, union jtofu_log_coords *log_coords,
                                      size_t max_ranks, jtofu_rank_t *ranks, size_t *num_ranks)
{
    (void)job_id;
    if (!log_coords)
        return JTOFU_ERR_INVALID_POINTER;
    if (!ready())
        return JTOFU_ERR_NOT_INITIALIZED;
    return one_rank(tofu_log_to_rank(&utofu_st.shape, log_coords->a), max_ranks, ranks,
                    num_ranks);
}

int jtofu_query_onesided_hops(union jtofu_phys_coords *phys_coords, size_t *num_hops)
{
    if (!phys_coords || !num_hops)
        return JTOFU_ERR_INVALID_POINTER;
    if (!ready())
        return JTOFU_ERR_NOT_INITIALIZED;
    struct tofu_coords me, to;
    memcpy(me.c, utofu_st.info.coords, 6);
    memcpy(to.c, phys_coords->a, 6);
    if (tofu_coords_to_rank(&utofu_st.shape, &to) < 0)
        return JTOFU_ERR_INVALID_ARG;
    *num_hops = tofu_hops(&utofu_st.shape, &me, &to);
    return JTOFU_SUCCESS;
}

void jtofu_query_jtofu_version(int *major_ver, int *minor_ver)
{
    if (major_ver)
        *major_ver = JTOFU_VERSION_MAJOR;
    if (minor_ver)
        *minor_ver = JTOFU_VERSION_MINOR;
}

/* ---- outside the subset: JTOFU_ERR_NOT_IMPLEMENTED, named on stderr ---- */
NOSUP_FN(jtofu_add_job, nosup, jtofu_job_id_t job_id, const void *mapinfo)
NOSUP_FN(jtofu_delete_job, nosup, jtofu_job_id_t job_id)
NOSUP_FN(jtofu_query_onesided_paths, nosup, union jtofu_phys_coords *phys_coords, size_t max_paths,
         union jtofu_path_coords path_coords[], size_t *num_paths)
NOSUP_FN(jtofu_query_barrier_paths, nosup, union jtofu_phys_coords *phys_coords, size_t max_paths,
         union jtofu_path_coords path_coords[], size_t *num_paths)
NOSUP_FN(jtofu_query_barrier_hops, nosup, union jtofu_phys_coords *phys_coords, size_t *num_hops)
NOSUP_FN(jtofu_create_mapinfo_by_envvars, nosup, void **mapinfo,
         size_t *mapinfo_size, unsigned int *num_proc)
