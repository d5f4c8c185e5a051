/* mpit.c - conformance: the tool information interface MPI_T (MPI-3.1 sec
 * 14.3): init/finalize, every control and performance variable's info and a
 * read of each integer control variable (ours), categories; on libmpi_mbcf also
 * the named variables: MPI_MBCF_EAGER reads the eager limit, MPI_MBCF_SPIN
 * can be written and read back, MPI_MBCF_EAGER cannot be written
 * (MPI_T_ERR_CVAR_SET_NEVER), the msgs_sent counter grows by the messages
 * this rank sends. Prints TAP; exits non-zero on any failure. */
#include "tap.h"
#include <string.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    tap_start(60);
    int prov = -1;
    int e = MPI_T_init_thread(MPI_THREAD_SINGLE, &prov);
    CHECK(e == MPI_SUCCESS && prov >= MPI_THREAD_SINGLE, "MPI_T_init_thread");
    int ncv = -1, npv = -1, ncat = -1;
    MPI_T_cvar_get_num(&ncv);
    MPI_T_pvar_get_num(&npv);
    MPI_T_category_get_num(&ncat);
#ifdef LIBMPI_MBCF
    int counts_ok = ncv >= 4 && npv >= 5 && ncat == 2;
#else
    int counts_ok = ncv >= 0 && npv >= 0 && ncat >= 0;
#endif
    CHECK(counts_ok, "%d control, %d performance variables, %d categories", ncv, npv, ncat);
    int ok = 1;
    for (int i = 0; i < ncv; i++) {
        char name[256], desc[1024];
        int nl = sizeof name, dl = sizeof desc, verb, bind, scope;
        MPI_Datatype dt;
        MPI_T_enum en;
        e = MPI_T_cvar_get_info(i, name, &nl, &verb, &dt, &en, desc, &dl, &bind, &scope);
        ok &= e == MPI_SUCCESS;
#ifdef LIBMPI_MBCF
        ok &= nl == (int)strlen(name) + 1;
        if (e == MPI_SUCCESS && bind == MPI_T_BIND_NO_OBJECT && (dt == MPI_INT)) {
            MPI_T_cvar_handle h;
            int cnt = 0, v;
            ok &= MPI_T_cvar_handle_alloc(i, NULL, &h, &cnt) == MPI_SUCCESS && cnt == 1;
            ok &= MPI_T_cvar_read(h, &v) == MPI_SUCCESS;
            MPI_T_cvar_handle_free(&h);
        }
#else
        (void)verb; (void)dt; (void)en; (void)bind; (void)scope;
#endif
    }
    CHECK(ok, "cvar_get_info for every control variable, read of the int ones");
    ok = 1;
    for (int i = 0; i < npv; i++) {
        char name[256], desc[1024];
        int nl = sizeof name, dl = sizeof desc, verb, cls, bind, ro, cont, at;
        MPI_Datatype dt;
        MPI_T_enum en;
        e = MPI_T_pvar_get_info(i, name, &nl, &verb, &cls, &dt, &en, desc, &dl, &bind, &ro, &cont,
                                &at);
        ok &= e == MPI_SUCCESS && nl == (int)strlen(name) + 1;
    }
    CHECK(ok, "pvar_get_info for every performance variable");
    ok = 1;
    for (int i = 0; i < ncat; i++) {
        char name[256], desc[1024];
        int nl = sizeof name, dl = sizeof desc, nc, np, nk;
        ok &= MPI_T_category_get_info(i, name, &nl, desc, &dl, &nc, &np, &nk) == MPI_SUCCESS;
    }
    CHECK(ok, "category_get_info for every category");
#ifdef LIBMPI_MBCF
    int idx = -1;
    long long eager = -1;
    MPI_T_cvar_handle h;
    int cnt;
    e = MPI_T_cvar_get_index("MPI_MBCF_EAGER", &idx);
    MPI_T_cvar_handle_alloc(idx, NULL, &h, &cnt);
    MPI_T_cvar_read(h, &eager);
    CHECK(e == MPI_SUCCESS && eager >= 0 && eager <= 1336, "MPI_MBCF_EAGER reads %lld", eager);
    long long big = 5;
    e = MPI_T_cvar_write(h, &big);
    CHECK(e == MPI_T_ERR_CVAR_SET_NEVER, "MPI_MBCF_EAGER cannot be written (%d)", e);
    MPI_T_cvar_handle_free(&h);
    int spin = -5, old = -5, back = -5;
    MPI_T_cvar_get_index("MPI_MBCF_SPIN", &idx);
    MPI_T_cvar_handle_alloc(idx, NULL, &h, &cnt);
    MPI_T_cvar_read(h, &old);
    spin = 17;
    e = MPI_T_cvar_write(h, &spin);
    MPI_T_cvar_read(h, &back);
    MPI_T_cvar_write(h, &old);
    MPI_T_cvar_handle_free(&h);
    CHECK(e == MPI_SUCCESS && back == 17, "MPI_MBCF_SPIN written and read back (%d)", back);
    CHECK(MPI_T_cvar_get_index("NO_SUCH_VARIABLE", &idx) == MPI_T_ERR_INVALID_NAME,
          "unknown name: MPI_T_ERR_INVALID_NAME");
    int me = tap_rank(), n = tap_size();
    MPI_T_pvar_session ses;
    MPI_T_pvar_handle ph;
    unsigned long long before = 0, after = 0;
    MPI_T_pvar_session_create(&ses);
    e = MPI_T_pvar_get_index("msgs_sent", MPI_T_PVAR_CLASS_COUNTER, &idx);
    MPI_T_pvar_handle_alloc(ses, idx, NULL, &ph, &cnt);
    MPI_T_pvar_read(ses, ph, &before);
    int tok = me, got = -1;
    for (int k = 0; k < 3; k++)
        MPI_Sendrecv(&tok, 1, MPI_INT, (me + 1) % n, 4, &got, 1, MPI_INT, (me + n - 1) % n, 4,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_T_pvar_read(ses, ph, &after);
    CHECK(e == MPI_SUCCESS && (n == 1 ? after == before : after >= before + 3),
          "msgs_sent counter: %llu -> %llu after 3 sends", before, after);
    CHECK(MPI_T_pvar_start(ses, ph) == MPI_T_ERR_PVAR_NO_STARTSTOP,
          "continuous counter: pvar_start says MPI_T_ERR_PVAR_NO_STARTSTOP");
    MPI_T_pvar_handle_free(ses, &ph);
    MPI_T_pvar_session_free(&ses);
#endif
    e = MPI_T_finalize();
    CHECK(e == MPI_SUCCESS, "MPI_T_finalize");
#ifdef LIBMPI_MBCF
    CHECK(MPI_T_cvar_get_num(&ncv) == MPI_T_ERR_NOT_INITIALIZED,
          "after MPI_T_finalize: MPI_T_ERR_NOT_INITIALIZED");
#endif
    int rc = tap_finish();
    MPI_Finalize();
    return rc;
}
