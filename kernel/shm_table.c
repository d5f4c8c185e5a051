/* shm_table.c - the table of node-local shared segments (shm_table.h). */
#include "shm_table.h"

#define PAGE 4096ull

struct shm_seg *shm_find_key(struct shm_table *t, uint64_t key)
{
    for (int i = 0; i < SHM_MAX_SEGS; i++)
        if (t->seg[i].used && t->seg[i].key == key)
            return &t->seg[i];
    return 0;
}

struct shm_seg *shm_find_pa(struct shm_table *t, uint64_t pa)
{
    for (int i = 0; i < SHM_MAX_SEGS; i++) {
        struct shm_seg *s = &t->seg[i];
        if (s->used && pa >= s->pa && pa - s->pa < s->npages * PAGE)
            return s;
    }
    return 0;
}

struct shm_seg *shm_add(struct shm_table *t, uint64_t key, uint64_t pa, uint64_t npages)
{
    if (shm_find_key(t, key) || npages == 0)
        return 0;
    for (int i = 0; i < SHM_MAX_SEGS; i++)
        if (!t->seg[i].used) {
            struct shm_seg *s = &t->seg[i];
            s->used = 1;
            s->key = key;
            s->pa = pa;
            s->npages = npages;
            s->refs = 0;
            return s;
        }
    return 0;
}

int shm_unref(struct shm_seg *s, uint64_t n)
{
    if (n > s->refs)
        return -1;
    s->refs -= n;
    if (s->refs)
        return 0;
    s->used = 0;
    return 1;
}
