/* ult_mpi_test.c - MPI from many ULTs per rank (seed 002; run on 2
 * ranks, host or QEMU). TAP lines from rank 0, every check reduced over
 * both ranks:
 *   exchange  U ULTs per rank (default 64), each trades M messages with
 *             the same ULT of the partner rank (sizes 8 B .. 4 KiB, eager and
 *             rendezvous), with Send/Recv, Sendrecv or Isend/Irecv+Waitall
 *             by ULT index; every byte checked, order per ULT checked
 *             (MPI non-overtaking), while the main ULT runs collectives
 *   unmatched one ULT waits on a receive no one sends; the others still
 *             finish (then the partner sends it, so it ends)
 * Options: -u ULTS, -m MSGS, --finalize-blocked (leave that receive
 * blocked and call MPI_Finalize: it must name it and exit non-zero). */
#include "myth_mpi.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TAG_UNMATCHED 999999
static int rank, size, peer, nults = 64, nmsgs = 8;

static unsigned char pat(int from, int ult, int k, int i)
{
    return (unsigned char)(from * 131 + ult * 31 + k * 7 + i);
}

static int msg_len(int ult, int k)
{
    static const int lens[] = { 8, 100, 1336, 1337, 4096, 0, 512, 2000 };
    return lens[(ult + k) % 8];
}

struct ult_arg { int idx; int errors; };

static void *exchanger(void *p)
{
    struct ult_arg *a = p;
    int u = a->idx, send_first = rank < peer;
    unsigned char sb[4096 + 8], rb[4096 + 8];
    for (int k = 0; k < nmsgs; k++) {
        int len = msg_len(u, k);
        for (int i = 0; i < len; i++)
            sb[i] = pat(rank, u, k, i);
        memset(rb, 0xee, sizeof rb);
        MPI_Status st;
        int mode = u % 3;
        if (mode == 0) {
            if (send_first) {
                MPI_Send(sb, len, MPI_BYTE, peer, u, MPI_COMM_WORLD);
                MPI_Recv(rb, (int)sizeof rb, MPI_BYTE, peer, u, MPI_COMM_WORLD, &st);
            } else {
                MPI_Recv(rb, (int)sizeof rb, MPI_BYTE, peer, u, MPI_COMM_WORLD, &st);
                MPI_Send(sb, len, MPI_BYTE, peer, u, MPI_COMM_WORLD);
            }
        } else if (mode == 1) {
            MPI_Sendrecv(sb, len, MPI_BYTE, peer, u, rb, (int)sizeof rb, MPI_BYTE, peer, u,
                         MPI_COMM_WORLD, &st);
        } else {
            MPI_Request r[2];
            MPI_Status sts[2];
            MPI_Irecv(rb, (int)sizeof rb, MPI_BYTE, peer, u, MPI_COMM_WORLD, &r[0]);
            MPI_Isend(sb, len, MPI_BYTE, peer, u, MPI_COMM_WORLD, &r[1]);
            MPI_Waitall(2, r, sts);
            st = sts[0];
        }
        int got;
        MPI_Get_count(&st, MPI_BYTE, &got);
        int want = msg_len(u, k);        /* the partner's k-th message has the same length */
        if (got != want || st.MPI_SOURCE != peer || st.MPI_TAG != u)
            a->errors++;
        for (int i = 0; i < want && i < got; i++)
            if (rb[i] != pat(peer, u, k, i)) {   /* k in the pattern: order checked too */
                a->errors++;
                break;
            }
        if (rb[got < 0 ? 0 : got] != 0xee)
            a->errors++;
    }
    return NULL;
}

static void *unmatched(void *p)
{
    int *v = p;
    MPI_Recv(v, 1, MPI_INT, peer, TAG_UNMATCHED, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    return NULL;
}

static void tap(int ok_local, const char *what)
{
    int ok = 0;
    MPI_Allreduce(&ok_local, &ok, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
    if (rank == 0)
        printf("%s - %s\n", ok ? "ok" : "not ok", what);
    fflush(stdout);
}

int main(int argc, char **argv)
{
    int finalize_blocked = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-u") && i + 1 < argc)
            nults = atoi(argv[++i]);
        else if (!strcmp(argv[i], "-m") && i + 1 < argc)
            nmsgs = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--finalize-blocked"))
            finalize_blocked = 1;
        else {
            fprintf(stderr, "usage: %s [-u ULTS] [-m MSGS] [--finalize-blocked]\n", argv[0]);
            return 2;
        }
    }
    if (nults < 1 || nults > 4096 || nmsgs < 1) {
        fprintf(stderr, "ult_mpi_test: -u wants 1..4096, -m at least 1\n");
        return 2;
    }
    if (myth_init() || myth_mpi_register())
        return 1;
    int provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size != 2) {
        if (rank == 0)
            fprintf(stderr, "ult_mpi_test: run on 2 ranks\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    peer = 1 - rank;
    if (rank == 0)
        printf("# %d workers per rank, %d ULTs x %d messages\n", myth_get_num_workers(), nults, nmsgs);
    tap(provided == MPI_THREAD_MULTIPLE, "MPI_Init_thread gives MPI_THREAD_MULTIPLE under libmyth");

    /* a receive that never matches, parked in its own ULT */
    int never = -1;
    myth_thread_t blocked = myth_create(unmatched, &never);

    struct ult_arg *args = calloc((size_t)nults, sizeof *args);
    myth_thread_t *th = calloc((size_t)nults, sizeof *th);
    for (int i = 0; i < nults; i++) {
        args[i].idx = i;
        th[i] = myth_create(exchanger, &args[i]);
    }
    /* collectives from the main ULT while the exchanges run */
    int coll_ok = 1;
    for (int k = 0; k < 5; k++) {
        int v = rank == 0 ? 1000 + k : -1, sum = 0, one = rank + 1;
        MPI_Bcast(&v, 1, MPI_INT, 0, MPI_COMM_WORLD);
        MPI_Allreduce(&one, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        coll_ok &= v == 1000 + k && sum == 3;
        MPI_Barrier(MPI_COMM_WORLD);
    }
    int errors = 0;
    for (int i = 0; i < nults; i++) {
        myth_join(th[i], NULL);
        errors += args[i].errors;
    }
    if (errors)
        printf("# rank %d: %d bad messages\n", rank, errors);
    char what[160];
    snprintf(what, sizeof what, "%d ULTs per rank x %d messages (Send/Recv, Sendrecv, Isend/Irecv+Waitall), "
             "every byte and the order checked", nults, nmsgs);
    tap(errors == 0, what);
    tap(coll_ok, "Bcast/Allreduce/Barrier from the main ULT while the ULTs exchange");
    tap(never == -1, "a ULT blocked on a receive no one matches does not stop the others");
    if (finalize_blocked) {
        if (rank == 0)
            printf("# MPI_Finalize with the unmatched receive still blocked\n");
        fflush(stdout);
        MPI_Finalize();
        printf("# rank %d: MPI_Finalize returned with a ULT blocked\n", rank);
        return 0;
    }
    int release = 4242;
    MPI_Send(&release, 1, MPI_INT, peer, TAG_UNMATCHED, MPI_COMM_WORLD);
    myth_join(blocked, NULL);
    tap(never == 4242, "the blocked ULT resumes when its message comes");
    free(args);
    free(th);
    MPI_Finalize();
    myth_fini();
    return 0;
}
