/* p2p_bsend.c - conformance: buffered sends (Buffer_attach/detach, Bsend,
 * Ibsend, Pack_size + MPI_BSEND_OVERHEAD sizing), detach returning the
 * buffer after pending sends, MPI_ERR_BUFFER when the buffer is too small. */
#include "tap.h"
#include <stdlib.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    tap_start(60);
    int me = tap_rank(), n = tap_size();
    int next = (me + 1) % n, prev = (me + n - 1) % n;
    int msgs = 20, len = 500, psz;
    MPI_Pack_size(len, MPI_INT, MPI_COMM_WORLD, &psz);
    int bsize = msgs * (psz + MPI_BSEND_OVERHEAD);
    char *buf = malloc((size_t)bsize);
    MPI_Buffer_attach(buf, bsize);
    int *data = malloc((size_t)len * sizeof(int));
    for (int m = 0; m < msgs; m++) {
        for (int i = 0; i < len; i++)
            data[i] = me * 1000000 + m * 1000 + i;
        MPI_Bsend(data, len, MPI_INT, next, 21, MPI_COMM_WORLD);   /* data reused at once */
    }
    int ok = 1;
    for (int m = 0; m < msgs; m++) {
        MPI_Recv(data, len, MPI_INT, prev, 21, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int i = 0; i < len; i++)
            ok &= data[i] == prev * 1000000 + m * 1000 + i;
    }
    CHECK(ok, "%d Bsends of %d ints arrive intact", msgs, len);
    MPI_Request r;
    int x = me;
    MPI_Ibsend(&x, 1, MPI_INT, next, 22, MPI_COMM_WORLD, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    int y;
    MPI_Recv(&y, 1, MPI_INT, prev, 22, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    CHECK(y == prev, "Ibsend");
    void *back;
    int bs;
    MPI_Buffer_detach(&back, &bs);
    CHECK(back == buf && bs == bsize, "Buffer_detach returns the attached buffer");

    /* too small a buffer: MPI_ERR_BUFFER with ERRORS_RETURN */
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    char small[200];
    MPI_Buffer_attach(small, sizeof small);
    int rc = MPI_Bsend(data, len, MPI_INT, next, 23, MPI_COMM_WORLD);
    int cls = -1;
    MPI_Error_class(rc, &cls);
    CHECK(cls == MPI_ERR_BUFFER, "Bsend larger than the buffer -> MPI_ERR_BUFFER");
    MPI_Buffer_detach(&back, &bs);
    free(buf);
    free(data);
    rc = tap_finish();
    MPI_Finalize();
    return rc;
}
