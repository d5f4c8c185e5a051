/* pml_bsend.h - the buffer attached with MPI_Buffer_attach and its blocks
 * for buffered-mode sends (pml_bsend.c). */
#ifndef LIBMPI_MBCF_PML_BSEND_H
#define LIBMPI_MBCF_PML_BSEND_H
#include <stdint.h>

/* MPI_SUCCESS, or MPI_ERR_BUFFER (one attached already / none attached),
 * MPI_ERR_ARG (too small); detach waits for the buffered sends first. */
int bsend_attach(void *buf, int size);
int bsend_detach(void **buf, int *size);

void *bsend_alloc(int64_t bytes);   /* NULL: no buffer or no room */
void bsend_free(void *block);
int bsend_detach_wait(void);        /* until every buffered send completed */

#endif
