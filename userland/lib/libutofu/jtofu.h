/* jtofu.h - coordinate and hop queries shaped like Fujitsu's jtofu (include/
 * jtofu.h of the public fujitsu/tofu repository), for the emulated Tofu
 * controller: one process per node, the job is the running program, ranks are
 * node ranks (mapping in docs/tofu.md). Implemented: initialize/finalize, the
 * size queries, rank <-> physical/logical coordinates, one-sided hop counts,
 * max processes per node, version. Others return JTOFU_ERR_NOT_IMPLEMENTED,
 * naming themselves on stderr. */
#ifndef JTOFU_H
#define JTOFU_H
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define JTOFU_VERSION_MAJOR 0
#define JTOFU_VERSION_MINOR 0

typedef uint32_t jtofu_job_id_t;
typedef uint32_t jtofu_rank_t;

enum jtofu_return_code {
    JTOFU_SUCCESS = 0,
    JTOFU_ERR_NOT_INITIALIZED = -1,
    JTOFU_ERR_NOT_IMPLEMENTED = -2,
    JTOFU_ERR_INVALID_ARG     = -3,
    JTOFU_ERR_INVALID_POINTER = -4,
    JTOFU_ERR_EXCESS_FINALIZE = -5,
    JTOFU_ERR_OUT_OF_MEMORY   = -6,
    JTOFU_ERR_INTERNAL        = -100,
};

union jtofu_phys_coords {
    struct { uint8_t x, y, z, a, b, c; } s;
    uint8_t a[6];
};
union jtofu_log_coords {
    struct { uint32_t x, y, z; } s;
    uint32_t a[3];
};
union jtofu_path_coords {
    struct { uint8_t pa, pb, pc; } s;
    uint8_t a[3];
};

int jtofu_initialize(jtofu_job_id_t job_id, jtofu_rank_t rank, const void *mapinfo);
int jtofu_finalize(void);
int jtofu_add_job(jtofu_job_id_t job_id, const void *mapinfo);
int jtofu_delete_job(jtofu_job_id_t job_id);
int jtofu_query_sys_size(union jtofu_phys_coords *sys_size);
int jtofu_query_sys_torus(union jtofu_phys_coords *sys_torus);
int jtofu_query_ref_coords(union jtofu_phys_coords *ref_coords);
int jtofu_query_phys_size(union jtofu_phys_coords *phys_size);
int jtofu_query_log_size(union jtofu_log_coords *log_size);
int jtofu_query_phys_coords(jtofu_job_id_t job_id, jtofu_rank_t rank,
                            union jtofu_phys_coords *phys_coords);
int jtofu_query_log_coords(jtofu_job_id_t job_id, jtofu_rank_t rank,
                           union jtofu_log_coords *log_coords);
int jtofu_query_max_proc_per_node(void);
int jtofu_query_ranks_from_phys_coords(jtofu_job_id_t job_id, union jtofu_phys_coords *phys_coords,
                                       size_t max_ranks, jtofu_rank_t *ranks, size_t *num_ranks);
int jtofu_query_ranks_from_log_coords(jtofu_job_id_t job_id, union jtofu_log_coords *log_coords,
                                      size_t max_ranks, jtofu_rank_t *ranks, size_t *num_ranks);
int jtofu_query_onesided_paths(union jtofu_phys_coords *phys_coords, size_t max_paths,
                               union jtofu_path_coords path_coords[], size_t *num_paths);
int jtofu_query_barrier_paths(union jtofu_phys_coords *phys_coords, size_t max_paths,
                              union jtofu_path_coords path_coords[], size_t *num_paths);
/* Hops from this node to phys_coords on the dimension-order route. */
int jtofu_query_onesided_hops(union jtofu_phys_coords *phys_coords, size_t *num_hops);
int jtofu_query_barrier_hops(union jtofu_phys_coords *phys_coords, size_t *num_hops);
void jtofu_query_jtofu_version(int *major_ver, int *minor_ver);
int jtofu_create_mapinfo_by_envvars(void **mapinfo, size_t *mapinfo_size, unsigned int *num_proc);

#ifdef __cplusplus
}
#endif
#endif
