/* ppn_shm.h - ppntest's "shm" mode (ppn_shm.c). */
#ifndef PPN_SHM_H
#define PPN_SHM_H
int test_shm(int ppn);
#endif
