/* shm_table.h - the table of node-local shared segments (shm_table.c):
 * key -> one physically contiguous run of pages and the number of page
 * mappings that still use it (over every process). Portable C: no locking
 * and no allocation here (kernel/shm.c does both); host test
 * tests/host/test_shm_table.c. */
#ifndef SHM_TABLE_H
#define SHM_TABLE_H
#include <stdint.h>

#define SHM_MAX_SEGS 64

struct shm_seg {
    int used;
    uint64_t key;
    uint64_t pa, npages; /* physical pages [pa, pa + npages * 4096) */
    uint64_t refs;       /* page mappings (PTEs) pointing into it */
};

struct shm_table {
    struct shm_seg seg[SHM_MAX_SEGS];
};

/* The segment named key, or NULL. */
struct shm_seg *shm_find_key(struct shm_table *t, uint64_t key);
/* The segment holding physical address pa, or NULL. */
struct shm_seg *shm_find_pa(struct shm_table *t, uint64_t pa);
/* A new segment (refs 0) for key over [pa, pa + npages pages): NULL when the
 * table is full or the key is taken. */
struct shm_seg *shm_add(struct shm_table *t, uint64_t key, uint64_t pa, uint64_t npages);
/* Drop n references; 1 when none is left (the slot is then free again and
 * the caller gives the pages back), 0 otherwise, -1 when n > refs. */
int shm_unref(struct shm_seg *s, uint64_t n);

#endif
