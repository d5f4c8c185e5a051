/* mpi4_session_only.c - conformance: a program of the Sessions Model alone
 * (MPI-4.0 sec 11.3), without MPI_Init: a session, the group of
 * mpi://WORLD, a communicator from it, collectives and point-to-point on
 * it, MPI_Session_finalize. Prints its own TAP lines (tap.c needs
 * MPI_COMM_WORLD, which this program never uses). */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    MPI_Session s;
    int e = MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, &s);
    int inited = -1;
    MPI_Initialized(&inited); /* the World Model is not initialized (MPI-4.0 sec 11.2) */
    MPI_Group g;
    MPI_Comm c = MPI_COMM_NULL;
    if (!e)
        e = MPI_Group_from_session_pset(s, "mpi://WORLD", &g);
    if (!e)
        e = MPI_Comm_create_from_group(g, "org.example.session_only", MPI_INFO_NULL,
                                       MPI_ERRORS_RETURN, &c);
    if (e || c == MPI_COMM_NULL) {
        printf("not ok 1 - session, group and communicator (error %d)\n", e);
        return 1;
    }
    int me, n, sum = -1, got = -1;
    MPI_Comm_rank(c, &me);
    MPI_Comm_size(c, &n);
    MPI_Allreduce(&me, &sum, 1, MPI_INT, MPI_SUM, c);
    MPI_Sendrecv(&me, 1, MPI_INT, (me + 1) % n, 0, &got, 1, MPI_INT, (me + n - 1) % n, 0, c,
                 MPI_STATUS_IGNORE);
    int ok[2] = { sum == n * (n - 1) / 2, got == (me + n - 1) % n }, all[2] = { 0, 0 };
    MPI_Reduce(ok, all, 2, MPI_INT, MPI_SUM, 0, c);
    if (me == 0) {
        printf("1..4\n");
        printf("ok 1 - np=%d session, group of mpi://WORLD, communicator from it\n", n);
        printf("%s 2 - np=%d Allreduce on it (%d of %d ranks right)\n",
               all[0] == n ? "ok" : "not ok", n, all[0], n);
        printf("%s 3 - np=%d Sendrecv ring on it (%d of %d ranks right)\n",
               all[1] == n ? "ok" : "not ok", n, all[1], n);
#ifdef TAP_SUITE
        int want = 1; /* the suite driver (tests/mpi/suite.c) called MPI_Init */
#else
        int want = 0;
#endif
        printf("%s 4 - np=%d MPI_Initialized says %d with a session only\n",
               inited == want ? "ok" : "not ok", n, inited);
        fflush(stdout);
    }
    MPI_Comm_free(&c);
    MPI_Group_free(&g);
    e = MPI_Session_finalize(&s);
    return e || (me == 0 && (all[0] != n || all[1] != n));
}
