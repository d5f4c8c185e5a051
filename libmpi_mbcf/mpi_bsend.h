/* mpi_bsend.h - blocks in the buffer attached with MPI_Buffer_attach
 * (mpi_bsend.c), for buffered-mode sends. */
#ifndef LIBMPI_MBCF_MPI_BSEND_H
#define LIBMPI_MBCF_MPI_BSEND_H
#include <stdint.h>

void *bsend_alloc(int64_t bytes);   /* NULL: no buffer or no room */
void bsend_free(void *block);
int bsend_detach_wait(void);        /* until every buffered send completed */

#endif
