/* pcolltest.c - libmpi_mbcf's pseudo-collective mode of persistent
 * requests (seed 000 sec 4.1, libmpi_mbcf/pcoll/pml_pcoll.c) seen from a plain MPI
 * program on a 2-D periodic process grid (rank = y * PX + x, the Tofu
 * logical order): every received element checked in every round, statuses
 * checked, and which sets took the mode (MPIX_Mbcf_pcoll_starts) checked
 * against what the mode may take:
 *   halo4     E/W/N/S halo, Startall + Waitall                  mode
 *   comms     the same on MPI_COMM_WORLD and a duplicate, same tags in one
 *             set: matching must keep the communicators apart     mode
 *   wait1     MPI_Wait on one member, then Waitall on the rest    mode
 *   test      MPI_Test on one member until done, then Testall     mode
 *   waitany   MPI_Waitany until all done                          mode
 *   freed     the last round's requests freed while active (MPI_Request_free),
 *             a new set started: that start completes the freed round first,
 *             whose data is then checked (only with -m: on the ordinary
 *             path a freed receive ends at no time the program can know) mode
 *   single    the halo4 requests by MPI_Start one at a time       ordinary
 *   mixed     one send is MPI_Ssend_init                          fallback
 *   vector    one receive has a non-contiguous datatype           fallback
 *   bigger    receives longer than their sends (legal MPI)         fallback
 * "mode" sets must take the mode when it is on (-m: MPI_MBCF_RSCHED names a
 * scheduler on nodes with the emulated Tofu), never when it is off.
 *
 *   pcolltest [-m] [-n ROUNDS]      TAP lines on rank 0, exit 0 if all ok */
#include <mpi.h>
#include <mpix_mbcf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 1000             /* doubles per message */
#define NDIR 4             /* E W N S */
#define MAXR 16

static int rank, size, px, py, rounds = 4, expect_mode, tapno, fails;

enum { C_WAITALL, C_WAIT1, C_TEST, C_WAITANY, C_SINGLE, C_FREE };
enum { V_NONE, V_SSEND, V_VECTOR, V_BIGGER };

static int neighbour(int d)
{
    static const int dx[NDIR] = { 1, -1, 0, 0 }, dy[NDIR] = { 0, 0, 1, -1 };
    int x = rank % px, y = rank / px;
    return (y + dy[d] + py) % py * px + (x + dx[d] + px) % px;
}

static double val(int src, int tag, int round, int i, int comm)
{
    return src * 1e6 + tag * 1e4 + round * 100 + i % 97 + comm * 0.5;
}

static void tap(int ok, const char *name, const char *what)
{
    int all = 0;
    MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
    if (rank == 0)
        printf("%s %d - pcoll %s: %s\n", all ? "ok" : "not ok", ++tapno, name, what);
    fflush(stdout);
    fails += !all;
}

/* One set: receives from and sends to the four neighbours (twice, on two
 * communicators, when ncomm = 2), `rounds` rounds, completed as `how`. */
static void run(const char *name, int ncomm, int how, int variant, int want_mode)
{
    MPI_Comm comms[2] = { MPI_COMM_WORLD, MPI_COMM_NULL };
    if (ncomm == 2)
        MPI_Comm_dup(MPI_COMM_WORLD, &comms[1]);
    int nreq = 2 * NDIR * ncomm, nr = NDIR * ncomm;
    MPI_Request req[4 * NDIR];
    double *rbuf[2 * NDIR], *sbuf[2 * NDIR];
    MPI_Datatype vec = MPI_DATATYPE_NULL;
    MPI_Type_vector(N, 1, 2, MPI_DOUBLE, &vec);
    MPI_Type_commit(&vec);
    for (int c = 0; c < ncomm; c++)
        for (int d = 0; d < NDIR; d++) {
            int k = c * NDIR + d, stride = variant == V_VECTOR && d == 0 ? 2 : 1;
            rbuf[k] = calloc((size_t)(N * stride + 1), sizeof(double));
            sbuf[k] = calloc(N, sizeof(double));
            /* from the neighbour in direction d comes its send toward d^1 */
            if (stride == 2)
                MPI_Recv_init(rbuf[k], 1, vec, neighbour(d), d ^ 1, comms[c], &req[k]);
            else
                MPI_Recv_init(rbuf[k], N + (variant == V_BIGGER), MPI_DOUBLE, neighbour(d), d ^ 1,
                              comms[c], &req[k]);
            /* sends in the other communicator order than receives: only
             * matching by communicator pairs them right */
            int ks = nr + (ncomm - 1 - c) * NDIR + d;
            if (variant == V_SSEND && d == 2)
                MPI_Ssend_init(sbuf[k], N, MPI_DOUBLE, neighbour(d), d, comms[c], &req[ks]);
            else
                MPI_Send_init(sbuf[k], N, MPI_DOUBLE, neighbour(d), d, comms[c], &req[ks]);
        }
    long long s0 = MPIX_Mbcf_pcoll_starts(), used = -1;
    long bad = 0, badst = 0;
    for (int r = 0; r < rounds; r++) {
        for (int c = 0; c < ncomm; c++)
            for (int d = 0; d < NDIR; d++) {
                int k = c * NDIR + d;
                for (int i = 0; i < N; i++)
                    sbuf[k][i] = val(rank, d, r, i, c);
                memset(rbuf[k], 0, (size_t)N * sizeof(double));
            }
        MPI_Status st[4 * NDIR];
        for (int i = 0; i < nreq; i++)
            st[i].MPI_SOURCE = st[i].MPI_TAG = -7;
        if (how == C_SINGLE) {
            for (int i = 0; i < nreq; i++)
                MPI_Start(&req[i]);
        } else {
            MPI_Startall(nreq, req);
        }
        if (how == C_FREE && r == rounds - 1) {
            used = MPIX_Mbcf_pcoll_starts() - s0;
            for (int i = 0; i < nreq; i++)
                MPI_Request_free(&req[i]);
            /* a new set: to the east, from the west */
            double out = rank, in = -1;
            MPI_Request q[2];
            int w = (rank % px + px - 1) % px + rank / px * px, e = (rank % px + 1) % px + rank / px * px;
            MPI_Recv_init(&in, 1, MPI_DOUBLE, w, 99, MPI_COMM_WORLD, &q[0]);
            MPI_Send_init(&out, 1, MPI_DOUBLE, e, 99, MPI_COMM_WORLD, &q[1]);
            MPI_Startall(2, q);
            MPI_Waitall(2, q, MPI_STATUSES_IGNORE);
            bad += in != w;
            MPI_Request_free(&q[0]);
            MPI_Request_free(&q[1]);
        } else if (how == C_WAIT1) {
            MPI_Wait(&req[1], &st[1]);
            MPI_Waitall(nreq - 2, req + 2, st + 2);
            MPI_Wait(&req[0], &st[0]);
        } else if (how == C_TEST) {
            int flag = 0;
            while (!flag)
                MPI_Test(&req[0], &flag, &st[0]);
            do
                MPI_Testall(nreq - 1, req + 1, &flag, st + 1);
            while (!flag);
        } else if (how == C_WAITANY) {
            for (int j = 0; j < nreq; j++) {
                int idx = -1;
                MPI_Status s1;
                MPI_Waitany(nreq, req, &idx, &s1);
                if (idx >= 0 && idx < nreq)
                    st[idx] = s1;
                else
                    badst++;
            }
        } else {
            MPI_Waitall(nreq, req, st);
        }
        for (int c = 0; c < ncomm; c++)
            for (int d = 0; d < NDIR; d++) {
                int k = c * NDIR + d, stride = variant == V_VECTOR && d == 0 ? 2 : 1, cnt = -1;
                for (int i = 0; i < N; i++)
                    bad += rbuf[k][i * stride] != val(neighbour(d), d ^ 1, r, i, c);
                MPI_Get_count(&st[k], stride == 2 ? vec : MPI_DOUBLE, &cnt);
                if (how == C_FREE && r == rounds - 1)
                    continue;       /* freed: no statuses */
                badst += st[k].MPI_SOURCE != neighbour(d) || st[k].MPI_TAG != (d ^ 1) ||
                         cnt != (stride == 2 ? 1 : N);
            }
    }
    if (used < 0)
        used = MPIX_Mbcf_pcoll_starts() - s0;
    char what[200];
    snprintf(what, sizeof what, "%d rounds of %d requests, every element %s", rounds, nreq,
             bad ? "checked: WRONG" : "checked");
    tap(bad == 0, name, what);
    tap(badst == 0, name, "statuses give source, tag and count");
    int expect = want_mode && expect_mode ? rounds : 0;
    snprintf(what, sizeof what, "%lld of %d rounds in the pseudo-collective mode, %d expected%s%s",
             used, rounds, expect, *MPIX_Mbcf_pcoll_why() ? "; why not: " : "", MPIX_Mbcf_pcoll_why());
    tap(used == expect, name, what);
    for (int i = 0; i < nreq && how != C_FREE; i++)
        MPI_Request_free(&req[i]);
    for (int k = 0; k < nr; k++) {
        free(rbuf[k]);
        free(sbuf[k]);
    }
    MPI_Type_free(&vec);
    if (ncomm == 2)
        MPI_Comm_free(&comms[1]);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int a = 1; a < argc; a++) {
        if (!strcmp(argv[a], "-m"))
            expect_mode = 1;
        else if (!strcmp(argv[a], "-n") && a + 1 < argc)
            rounds = atoi(argv[++a]);
        else {
            if (rank == 0)
                fprintf(stderr, "usage: pcolltest [-m] [-n ROUNDS]\n");
            MPI_Abort(MPI_COMM_WORLD, 2);
        }
    }
    int dims[2] = { 0, 0 };
    MPI_Dims_create(size, 2, dims);
    px = dims[0];
    py = dims[1];
    if (size > MAXR || rounds < 1) {
        if (rank == 0)
            fprintf(stderr, "pcolltest: at most %d processes, rounds >= 1\n", MAXR);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    if (rank == 0)
        printf("# pcolltest: %d processes as %dx%d, MPI_MBCF_RSCHED=%s, mode %s\n", size, px, py,
               getenv("MPI_MBCF_RSCHED") ? getenv("MPI_MBCF_RSCHED") : "(unset)",
               expect_mode ? "expected" : "not expected");
    run("halo4", 1, C_WAITALL, V_NONE, 1);
    run("comms", 2, C_WAITALL, V_NONE, 1);
    run("wait1", 1, C_WAIT1, V_NONE, 1);
    run("test", 1, C_TEST, V_NONE, 1);
    run("waitany", 1, C_WAITANY, V_NONE, 1);
    if (expect_mode)    /* on the ordinary path freed receives end at no known time */
        run("freed", 1, C_FREE, V_NONE, 1);
    run("single", 1, C_SINGLE, V_NONE, 0);
    run("mixed", 1, C_WAITALL, V_SSEND, 0);
    run("vector", 1, C_WAITALL, V_VECTOR, 0);
    run("bigger", 1, C_WAITALL, V_BIGGER, 0);
    if (rank == 0)
        printf("1..%d\n", tapno);
    MPI_Finalize();
    return fails ? 1 : 0;
}
