/* errors.c - conformance: error handlers and codes: MPI_ERRORS_RETURN on
 * invalid rank/tag/count/datatype/communicator/root, user error handlers
 * (Comm_create_errhandler, set/get), Error_string, Error_class, Wtime/Wtick,
 * Get_processor_name, Get_version, Initialized/Finalized, Init_thread levels. */
#include "tap.h"
#include <string.h>

static int handler_calls, handler_code;
static void my_handler(MPI_Comm *c, int *code, ...)
{
    (void)c;
    handler_calls++;
    handler_code = *code;
}

static int cls(int rc)
{
    int c = -1;
    MPI_Error_class(rc, &c);
    return c;
}

int main(int argc, char **argv)
{
    int provided = -1;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    tap_start(60);
    int n = tap_size();
    CHECK(provided >= MPI_THREAD_FUNNELED, "Init_thread provides FUNNELED");
    int flag = 0;
    MPI_Initialized(&flag);
    CHECK(flag, "Initialized");
    MPI_Errhandler eh;
    MPI_Comm_get_errhandler(MPI_COMM_WORLD, &eh);
    CHECK(eh == MPI_ERRORS_ARE_FATAL, "default handler is MPI_ERRORS_ARE_FATAL");
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    int x = 0;
    CHECK(cls(MPI_Send(&x, 1, MPI_INT, n, 0, MPI_COMM_WORLD)) == MPI_ERR_RANK, "send to rank n -> MPI_ERR_RANK");
    CHECK(cls(MPI_Send(&x, 1, MPI_INT, 0, -5, MPI_COMM_WORLD)) == MPI_ERR_TAG, "negative tag -> MPI_ERR_TAG");
    CHECK(cls(MPI_Send(&x, -1, MPI_INT, 0, 0, MPI_COMM_WORLD)) == MPI_ERR_COUNT, "negative count -> MPI_ERR_COUNT");
    CHECK(cls(MPI_Send(&x, 1, MPI_DATATYPE_NULL, 0, 0, MPI_COMM_WORLD)) == MPI_ERR_TYPE, "null datatype -> MPI_ERR_TYPE");
    CHECK(cls(MPI_Bcast(&x, 1, MPI_INT, n + 3, MPI_COMM_WORLD)) == MPI_ERR_ROOT, "bad root -> MPI_ERR_ROOT");
    CHECK(cls(MPI_Reduce_local(&x, &x, 1, MPI_DOUBLE_INT, MPI_SUM)) == MPI_ERR_OP, "SUM on a pair type -> MPI_ERR_OP");
    MPI_Datatype uncommitted;
    MPI_Type_contiguous(2, MPI_INT, &uncommitted);
    int two[2];
    CHECK(cls(MPI_Send(two, 1, uncommitted, 0, 0, MPI_COMM_WORLD)) == MPI_ERR_TYPE, "uncommitted datatype -> MPI_ERR_TYPE");
    MPI_Type_free(&uncommitted);

    MPI_Errhandler mine;
    MPI_Comm_create_errhandler(my_handler, &mine);
    MPI_Comm dup;
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Comm_set_errhandler(dup, mine);
    int rc = MPI_Send(&x, 1, MPI_INT, n + 1, 0, dup);
    CHECK(handler_calls == 1 && cls(handler_code) == MPI_ERR_RANK && cls(rc) == MPI_ERR_RANK,
          "user error handler called with MPI_ERR_RANK");
    MPI_Errhandler got;
    MPI_Comm_get_errhandler(dup, &got);
    CHECK(got == mine, "Comm_get_errhandler returns the user handler");
    MPI_Errhandler_free(&mine);
    MPI_Comm_free(&dup);

    char s[MPI_MAX_ERROR_STRING];
    int len = 0;
    MPI_Error_string(MPI_ERR_TRUNCATE, s, &len);
    CHECK(len > 0 && (int)strlen(s) == len, "Error_string: %s", s);
    CHECK(cls(MPI_ERR_TRUNCATE) == MPI_ERR_TRUNCATE && cls(MPI_SUCCESS) == MPI_SUCCESS, "Error_class of classes");

    double t0 = MPI_Wtime(), t1 = MPI_Wtime();
    CHECK(t1 >= t0 && MPI_Wtick() > 0 && MPI_Wtick() < 1, "Wtime monotonic, Wtick sane");
    char name[MPI_MAX_PROCESSOR_NAME];
    MPI_Get_processor_name(name, &len);
    CHECK(len > 0 && len < MPI_MAX_PROCESSOR_NAME, "Get_processor_name: %s", name);
    int v, sv;
    MPI_Get_version(&v, &sv);
    CHECK(v == 3 || v == 4, "Get_version %d.%d", v, sv);
    char lib[MPI_MAX_LIBRARY_VERSION_STRING];
    MPI_Get_library_version(lib, &len);
    CHECK(len > 0, "Get_library_version");
    rc = tap_finish();
    MPI_Finalize();
    MPI_Finalized(&flag);
    if (!flag)
        return 1;
    return rc;
}
