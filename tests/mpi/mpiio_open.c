/* mpiio_open.c - conformance: MPI-IO file manipulation (MPI-3.1 sec 13.2):
 * the default file error handler MPI_ERRORS_RETURN (sec 13.7), open of a
 * missing file (MPI_ERR_NO_SUCH_FILE), MPI_MODE_EXCL on an existing file
 * (MPI_ERR_FILE_EXISTS), invalid access modes (MPI_ERR_AMODE), writes on a
 * read-only handle, get_amode/get_group/get_info, set_size, get_size,
 * preallocate, sync, close, delete, MPI_MODE_DELETE_ON_CLOSE, and files
 * opened on MPI_COMM_SELF by each process. */
#include "tap.h"
#include "mpiio_util.h"
#include <string.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    tap_start(60);
    int me = tap_rank(), n = tap_size();
    MPI_Comm w = MPI_COMM_WORLD;
    char name[64], self_name[80];
    mpiio_name(name, sizeof name, "open", w);
    MPI_File fh = MPI_FILE_NULL;

    MPI_Errhandler eh;
    MPI_File_get_errhandler(MPI_FILE_NULL, &eh);
    CHECK(eh == MPI_ERRORS_RETURN, "default file error handler is MPI_ERRORS_RETURN");
    MPI_Errhandler_free(&eh);

    int e = MPI_File_open(w, name, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
    CHECK(mpiio_class(e) == MPI_ERR_NO_SUCH_FILE, "open of a missing file -> MPI_ERR_NO_SUCH_FILE (%d)",
          mpiio_class(e));
    e = MPI_File_open(w, name, MPI_MODE_RDONLY | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
    CHECK(mpiio_class(e) == MPI_ERR_AMODE, "RDONLY|WRONLY -> MPI_ERR_AMODE");
    e = MPI_File_open(w, name, MPI_MODE_RDONLY | MPI_MODE_CREATE, MPI_INFO_NULL, &fh);
    CHECK(mpiio_class(e) == MPI_ERR_AMODE, "RDONLY|CREATE -> MPI_ERR_AMODE");
    e = MPI_File_open(w, name, MPI_MODE_RDONLY | MPI_MODE_EXCL, MPI_INFO_NULL, &fh);
    CHECK(mpiio_class(e) == MPI_ERR_AMODE, "RDONLY|EXCL -> MPI_ERR_AMODE");
    e = MPI_File_open(w, name, MPI_MODE_CREATE, MPI_INFO_NULL, &fh);
    CHECK(mpiio_class(e) == MPI_ERR_AMODE, "none of RDONLY/WRONLY/RDWR -> MPI_ERR_AMODE");
    e = MPI_File_open(w, name, MPI_MODE_RDWR | MPI_MODE_SEQUENTIAL | MPI_MODE_CREATE, MPI_INFO_NULL, &fh);
    CHECK(mpiio_class(e) == MPI_ERR_AMODE, "RDWR|SEQUENTIAL -> MPI_ERR_AMODE");
    MPI_Barrier(w);
    e = MPI_File_open(w, name, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
    CHECK(mpiio_class(e) == MPI_ERR_NO_SUCH_FILE, "refused opens created nothing");

    /* create, then the same name with EXCL */
    int amode = MPI_MODE_CREATE | MPI_MODE_EXCL | MPI_MODE_RDWR;
    e = MPI_File_open(w, name, amode, MPI_INFO_NULL, &fh);
    CHECK(e == MPI_SUCCESS && fh != MPI_FILE_NULL, "open CREATE|EXCL|RDWR of a new file");
    int got = -1;
    MPI_File_get_amode(fh, &got);
    CHECK(got == amode, "get_amode returns the access mode");
    MPI_Group g, gw;
    int cmp = -1;
    MPI_File_get_group(fh, &g);
    MPI_Comm_group(w, &gw);
    MPI_Group_compare(g, gw, &cmp);
    CHECK(cmp == MPI_IDENT, "get_group is the communicator's group");
    MPI_Group_free(&g);
    MPI_Group_free(&gw);
    MPI_Info info = MPI_INFO_NULL;
    e = MPI_File_get_info(fh, &info);
    CHECK(e == MPI_SUCCESS && info != MPI_INFO_NULL, "get_info returns a new info object");
    if (info != MPI_INFO_NULL)
        MPI_Info_free(&info);
    MPI_Offset sz = -1;
    MPI_File_get_size(fh, &sz);
    CHECK(sz == 0, "a new file has size 0");

    e = MPI_File_set_size(fh, 1000);
    MPI_File_get_size(fh, &sz);
    CHECK(e == MPI_SUCCESS && sz == 1000, "set_size 1000 grows the file (%lld)", (long long)sz);
    unsigned char b[16];
    memset(b, 0xee, sizeof b);
    MPI_Status st;
    e = MPI_File_read_at(fh, 500, b, 16, MPI_BYTE, &st);
    int cnt = -1;
    MPI_Get_count(&st, MPI_BYTE, &cnt);
    int zero = 1;
    for (int i = 0; i < 16; i++)
        zero &= b[i] == 0;
    CHECK(e == MPI_SUCCESS && cnt == 16 && zero, "the grown part reads as zeros");
    MPI_Barrier(w);
    e = MPI_File_set_size(fh, 100);
    MPI_File_get_size(fh, &sz);
    CHECK(e == MPI_SUCCESS && sz == 100, "set_size 100 truncates the file (%lld)", (long long)sz);
    e = MPI_File_preallocate(fh, 4096);
    MPI_File_get_size(fh, &sz);
    CHECK(e == MPI_SUCCESS && sz == 4096, "preallocate 4096 grows the file (%lld)", (long long)sz);
    e = MPI_File_preallocate(fh, 10);
    MPI_File_get_size(fh, &sz);
    CHECK(e == MPI_SUCCESS && sz == 4096, "preallocate 10 does not shrink it (%lld)", (long long)sz);
    MPI_Barrier(w);
    if (me == 0) {
        tap_fill(b, 16, 7);
        MPI_File_write_at(fh, 4090, b, 16, MPI_BYTE, &st);
    }
    e = MPI_File_sync(fh);
    CHECK(e == MPI_SUCCESS, "sync");
    MPI_Barrier(w);
    MPI_File_sync(fh);
    MPI_File_get_size(fh, &sz);
    CHECK(sz == 4106, "a write past the end grows the file for every process (%lld)", (long long)sz);
    e = MPI_File_close(&fh);
    CHECK(e == MPI_SUCCESS && fh == MPI_FILE_NULL, "close sets the handle to MPI_FILE_NULL");

    e = MPI_File_open(w, name, amode, MPI_INFO_NULL, &fh);
    CHECK(mpiio_class(e) == MPI_ERR_FILE_EXISTS, "CREATE|EXCL of an existing file -> MPI_ERR_FILE_EXISTS (%d)",
          mpiio_class(e));

    /* a read-only handle reads but refuses writes */
    e = MPI_File_open(w, name, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
    CHECK(e == MPI_SUCCESS, "open RDONLY of the existing file");
    memset(b, 0, sizeof b);
    e = MPI_File_read_at(fh, 4090, b, 16, MPI_BYTE, &st);
    CHECK(e == MPI_SUCCESS && tap_same(b, 16, 7), "read on the RDONLY handle sees the data");
    e = MPI_File_write_at(fh, 0, b, 4, MPI_BYTE, &st);
    int c = mpiio_class(e);
    CHECK(c == MPI_ERR_READ_ONLY || c == MPI_ERR_ACCESS,
          "write on a RDONLY handle -> MPI_ERR_READ_ONLY or MPI_ERR_ACCESS (%d)", c);
    MPI_File_get_size(fh, &sz);
    CHECK(sz == 4106, "the refused write changed nothing");
    MPI_File_close(&fh);

    /* delete: only one process; afterwards the file is gone for all */
    MPI_Barrier(w);
    if (me == 0) {
        e = MPI_File_delete(name, MPI_INFO_NULL);
        CHECK(e == MPI_SUCCESS, "delete of the closed file");
        e = MPI_File_delete(name, MPI_INFO_NULL);
        CHECK(mpiio_class(e) == MPI_ERR_NO_SUCH_FILE, "delete of a missing file -> MPI_ERR_NO_SUCH_FILE");
    }
    MPI_Barrier(w);
    e = MPI_File_open(w, name, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
    CHECK(mpiio_class(e) == MPI_ERR_NO_SUCH_FILE, "after delete, open -> MPI_ERR_NO_SUCH_FILE");

    /* DELETE_ON_CLOSE */
    e = MPI_File_open(w, name, MPI_MODE_CREATE | MPI_MODE_WRONLY | MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL,
                      &fh);
    CHECK(e == MPI_SUCCESS, "open with DELETE_ON_CLOSE");
    tap_fill(b, 16, me);
    e = MPI_File_write_at_all(fh, 16 * (MPI_Offset)me, b, 16, MPI_BYTE, &st);
    mpiio_sbs(fh, w);
    MPI_File_get_size(fh, &sz);
    CHECK(e == MPI_SUCCESS && sz == 16 * n, "collective write to it (size %lld)", (long long)sz);
    MPI_File_close(&fh);
    MPI_Barrier(w);
    e = MPI_File_open(w, name, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
    CHECK(mpiio_class(e) == MPI_ERR_NO_SUCH_FILE, "DELETE_ON_CLOSE: gone after close");

    /* each process its own file on MPI_COMM_SELF */
    snprintf(self_name, sizeof self_name, "%s.%d", name, me);
    e = MPI_File_open(MPI_COMM_SELF, self_name, MPI_MODE_CREATE | MPI_MODE_RDWR | MPI_MODE_DELETE_ON_CLOSE,
                      MPI_INFO_NULL, &fh);
    CHECK(e == MPI_SUCCESS, "open on MPI_COMM_SELF");
    int v[4] = { me, me + 1, me + 2, me + 3 }, r[4] = { 0 };
    MPI_File_write(fh, v, 4, MPI_INT, &st);
    MPI_File_seek(fh, 0, MPI_SEEK_SET);
    MPI_File_read(fh, r, 4, MPI_INT, &st);
    MPI_Get_count(&st, MPI_INT, &cnt);
    CHECK(cnt == 4 && memcmp(v, r, sizeof v) == 0, "COMM_SELF file: write, seek, read back");
    e = MPI_File_close(&fh);
    CHECK(e == MPI_SUCCESS, "close of the COMM_SELF file");

    int rc = tap_finish();
    MPI_Finalize();
    return rc;
}
