/* mpi4_session.c - conformance: the Sessions Model (MPI-4.0 sec 11.3) next
 * to the World Model: process sets mpi://WORLD and mpi://SELF, their info,
 * groups and communicators from them (MPI_Comm_create_from_group), an
 * intercommunicator from two groups, session error handlers; and the
 * MPI-4.0 info and error additions: MPI_Info_create_env,
 * MPI_Info_get_string, MPI_Comm_dup_with_info/idup_with_info,
 * MPI_ERRORS_ABORT, the new error classes, the handle conversions of
 * messages and sessions. */
#include "tap.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int seen_code;
static void sess_handler(MPI_Session *s, int *code, ...)
{
    (void)s;
    seen_code = *code;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    tap_start(60);
    int me = tap_rank(), n = tap_size();

    MPI_Session s = MPI_SESSION_NULL;
    int e = MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, &s);
    CHECK(e == MPI_SUCCESS && s != MPI_SESSION_NULL, "Session_init after MPI_Init");
    int np = 0;
    MPI_Session_get_num_psets(s, MPI_INFO_NULL, &np);
    int world = 0, self = 0;
    for (int i = 0; i < np; i++) {
        char name[MPI_MAX_PSET_NAME_LEN];
        int len = 0;
        MPI_Session_get_nth_pset(s, MPI_INFO_NULL, i, &len, NULL); /* length query */
        int want = len;
        len = sizeof name;
        MPI_Session_get_nth_pset(s, MPI_INFO_NULL, i, &len, name);
        world |= !strcmp(name, "mpi://WORLD") && want == (int)strlen(name) + 1;
        self |= !strcmp(name, "mpi://SELF") && want == (int)strlen(name) + 1;
    }
    CHECK(np >= 2 && world && self, "process sets mpi://WORLD and mpi://SELF (%d sets)", np);

    MPI_Info pi;
    char v[32];
    int flag = 0, vl = sizeof v;
    MPI_Session_get_pset_info(s, "mpi://WORLD", &pi);
    MPI_Info_get_string(pi, "mpi_size", &vl, v, &flag);
    CHECK(flag && atoi(v) == n, "pset info of mpi://WORLD: mpi_size %s", flag ? v : "-");
    MPI_Info_free(&pi);

    MPI_Group g;
    MPI_Group_from_session_pset(s, "mpi://WORLD", &g);
    int gs = -1;
    MPI_Group_size(g, &gs);
    MPI_Comm c = MPI_COMM_NULL;
    e = MPI_Comm_create_from_group(g, "org.example.mpi4_session", MPI_INFO_NULL,
                                   MPI_ERRORS_RETURN, &c);
    int cs = -1, cr = -1, sum = -1;
    if (c != MPI_COMM_NULL) {
        MPI_Comm_size(c, &cs);
        MPI_Comm_rank(c, &cr);
        MPI_Allreduce(&me, &sum, 1, MPI_INT, MPI_SUM, c);
    }
    CHECK(e == MPI_SUCCESS && gs == n && cs == n && cr == me && sum == n * (n - 1) / 2,
          "Comm_create_from_group(mpi://WORLD): size %d rank %d, Allreduce works", cs, cr);
    MPI_Errhandler eh = MPI_ERRHANDLER_NULL;
    if (c != MPI_COMM_NULL) {
        MPI_Comm_get_errhandler(c, &eh);
        MPI_Comm_free(&c);
    }
    CHECK(eh == MPI_ERRORS_RETURN, "the new communicator has the given error handler");
    MPI_Group_free(&g);

    MPI_Group_from_session_pset(s, "mpi://SELF", &g);
    MPI_Group_size(g, &gs);
    MPI_Comm_create_from_group(g, "self", MPI_INFO_NULL, MPI_ERRORS_ARE_FATAL, &c);
    MPI_Comm_size(c, &cs);
    CHECK(gs == 1 && cs == 1, "mpi://SELF: a group and communicator of one");
    MPI_Comm_free(&c);
    MPI_Group_free(&g);

    /* an intercommunicator between the even and the odd ranks */
    if (n >= 2) {
        MPI_Group wg, even, odd;
        MPI_Group_from_session_pset(s, "mpi://WORLD", &wg);
        int range_e[1][3] = { { 0, n - 1, 2 } }, range_o[1][3] = { { 1, n - 1, 2 } };
        MPI_Group_range_incl(wg, 1, range_e, &even);
        MPI_Group_range_incl(wg, 1, range_o, &odd);
        MPI_Comm ic = MPI_COMM_NULL;
        e = MPI_Intercomm_create_from_groups(me % 2 ? odd : even, 0, me % 2 ? even : odd, 0,
                                             "org.example.inter", MPI_INFO_NULL,
                                             MPI_ERRORS_RETURN, &ic);
        int rs = -1, inter = 0;
        if (ic != MPI_COMM_NULL) {
            MPI_Comm_remote_size(ic, &rs);
            MPI_Comm_test_inter(ic, &inter);
            MPI_Comm_free(&ic);
        }
        CHECK(e == MPI_SUCCESS && inter && rs == (me % 2 ? (n + 1) / 2 : n / 2),
              "Intercomm_create_from_groups: remote size %d", rs);
        MPI_Group_free(&even);
        MPI_Group_free(&odd);
        MPI_Group_free(&wg);
    }

    /* session error handlers */
    MPI_Errhandler seh;
    MPI_Session_create_errhandler(sess_handler, &seh);
    MPI_Session_set_errhandler(s, seh);
    MPI_Session_call_errhandler(s, MPI_ERR_OTHER);
    CHECK(seen_code == MPI_ERR_OTHER, "Session_call_errhandler calls the session's handler");
#ifdef LIBMPI_MBCF /* Debian's MPICH 4.0.2 aborts here instead of calling the session's handler */
    e = MPI_Group_from_session_pset(s, "mpi://NO_SUCH_SET", &g);
    CHECK(e != MPI_SUCCESS && seen_code == e, "an unknown process set goes to the handler");
#endif
    MPI_Errhandler_free(&seh);
    MPI_Info si;
    e = MPI_Session_get_info(s, &si);
    CHECK(e == MPI_SUCCESS && si != MPI_INFO_NULL, "Session_get_info");
    MPI_Info_free(&si);
    MPI_Fint fs = MPI_Session_c2f(s);
    CHECK(MPI_Session_f2c(fs) == s, "Session_c2f/f2c");
    e = MPI_Session_finalize(&s);
    CHECK(e == MPI_SUCCESS && s == MPI_SESSION_NULL, "Session_finalize");

    /* Info_create_env, Info_get_string */
    char *args[] = { "prog", "-x", "3", NULL };
    MPI_Info env;
    e = MPI_Info_create_env(3, args, &env);
    vl = sizeof v;
    flag = 0;
    MPI_Info_get_string(env, "command", &vl, v, &flag);
    int nk = -1;
    MPI_Info_get_nkeys(env, &nk);
    CHECK(e == MPI_SUCCESS && nk >= 0, "Info_create_env gives an info object (%d keys)", nk);
#ifdef LIBMPI_MBCF /* the keys are the implementation's choice (MPI-4.0 sec 11.2.2) */
    CHECK(flag && !strcmp(v, "prog"), "Info_create_env: command from argv[0]");
#endif
    MPI_Info_free(&env);
    MPI_Info in;
    MPI_Info_create(&in);
    MPI_Info_set(in, "key", "a fairly long value");
    char small[6];
    vl = 0;
    MPI_Info_get_string(in, "key", &vl, small, &flag);
    CHECK(flag && vl == (int)strlen("a fairly long value") + 1,
          "Info_get_string with buflen 0 gives the length with the null (%d)", vl);
    vl = sizeof small;
    MPI_Info_get_string(in, "key", &vl, small, &flag);
    CHECK(flag && !strcmp(small, "a fai") && vl == 20,
          "Info_get_string truncates and still gives the full length");
    vl = sizeof v;
    MPI_Info_get_string(in, "nokey", &vl, v, &flag);
    CHECK(!flag, "Info_get_string of a missing key: flag false");

    /* Comm_dup_with_info / Comm_idup_with_info */
    MPI_Comm d1, d2;
    MPI_Request rq;
    MPI_Comm_dup_with_info(MPI_COMM_WORLD, in, &d1);
    MPI_Comm_idup_with_info(MPI_COMM_WORLD, in, &d2, &rq);
    MPI_Wait(&rq, MPI_STATUS_IGNORE);
    int r1 = -1, r2 = -1;
    MPI_Allreduce(&me, &r1, 1, MPI_INT, MPI_MAX, d1);
    MPI_Allreduce(&me, &r2, 1, MPI_INT, MPI_MAX, d2);
    CHECK(r1 == n - 1 && r2 == n - 1, "Comm_dup_with_info and Comm_idup_with_info work");
    MPI_Comm_free(&d1);
    MPI_Comm_free(&d2);
    MPI_Info_free(&in);

    /* MPI_ERRORS_ABORT is a valid handler; the new error classes exist */
#ifdef LIBMPI_MBCF /* Debian's MPICH 4.0.2 asserts in comm_set_errhandler.c:53 */
    e = MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_ABORT);
    CHECK(e == MPI_SUCCESS, "MPI_ERRORS_ABORT can be set");
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_ARE_FATAL);
#endif
    int cls[] = { MPI_ERR_SESSION, MPI_ERR_PROC_ABORTED, MPI_ERR_VALUE_TOO_LARGE,
                  MPI_T_ERR_NOT_SUPPORTED,
#ifdef MPI_T_ERR_NOT_ACCESSIBLE /* not in MPICH 4.0.2's mpi.h */
                  MPI_T_ERR_NOT_ACCESSIBLE
#endif
    };
    int ok = 1;
    for (int i = 0; i < (int)(sizeof cls / sizeof cls[0]); i++) {
        int k = -1, len = 0;
        char str[MPI_MAX_ERROR_STRING];
        ok &= MPI_Error_class(cls[i], &k) == MPI_SUCCESS && k == cls[i] &&
              cls[i] <= MPI_ERR_LASTCODE;
        ok &= MPI_Error_string(cls[i], str, &len) == MPI_SUCCESS && len > 0;
    }
    CHECK(ok, "the MPI-4.0 error classes have classes and strings");
    /* MPI-4.0 sec 7.4.2: hardware-guided and unguided splits */
    MPI_Comm sh, hg, hu;
    MPI_Info hw;
    MPI_Info_create(&hw);
    MPI_Info_set(hw, "mpi_hw_resource_type", "mpi_shared_memory");
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &sh);
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_HW_GUIDED, 0, hw, &hg);
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_HW_UNGUIDED, 0, MPI_INFO_NULL, &hu);
    int ssz = -1, gsz = -2, usz = 0;
    MPI_Comm_size(sh, &ssz);
    if (hg != MPI_COMM_NULL)
        MPI_Comm_size(hg, &gsz);
    if (hu != MPI_COMM_NULL)
        MPI_Comm_size(hu, &usz);
    CHECK(gsz == ssz, "HW_GUIDED mpi_shared_memory = COMM_TYPE_SHARED (%d, %d)", gsz, ssz);
    CHECK(usz < n, "HW_UNGUIDED gives MPI_COMM_NULL or a smaller communicator (%d of %d)", usz, n);
    MPI_Comm_free(&sh);
    if (hg != MPI_COMM_NULL)
        MPI_Comm_free(&hg);
    if (hu != MPI_COMM_NULL)
        MPI_Comm_free(&hu);
    MPI_Info_free(&hw);
    MPI_Message m = MPI_MESSAGE_NULL;
    CHECK(MPI_Message_f2c(MPI_Message_c2f(m)) == m, "Message_c2f/f2c");
    int rc = tap_finish();
    MPI_Finalize();
    return rc;
}
