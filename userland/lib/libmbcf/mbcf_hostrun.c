/* mbcf_hostrun.c - launcher of the host MBCF backend (mbcf_host.c):
 *   mbcf-hostrun -n N [-t SECONDS] prog [args...]
 * Creates the shared segment (memfd), forks N ranks with ASLR disabled (so
 * static objects have the same address in every rank, as in our kernel),
 * passes MBCF_HOST_FD / MBCF_RANK / MBCF_SIZE, and waits. When one rank fails
 * (non-zero exit or signal) the others are killed; the launcher exits with
 * that rank's status (128+signal for a signal, 124 on timeout), else 0. */
#define _GNU_SOURCE
#include "mbcf_host.h"
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/personality.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <linux/futex.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static void usage(void)
{
    fprintf(stderr, "usage: mbcf-hostrun -n N [-t SECONDS] prog [args...]\n"
                    "  N in 1..%d; SECONDS: kill all ranks after that long (0: never)\n",
            HOST_MAX_RANKS);
    exit(2);
}

static void kill_all(pid_t *pids, int n, int sig)
{
    for (int i = 0; i < n; i++)
        if (pids[i] > 0)
            kill(pids[i], sig);
}

int main(int argc, char **argv)
{
    int n = 0, opt;
    double timeout = 0;
    while ((opt = getopt(argc, argv, "+n:t:")) != -1) {
        char *end;
        if (opt == 'n') {
            long v = strtol(optarg, &end, 10);
            if (*end || v < 1 || v > HOST_MAX_RANKS)
                usage();
            n = (int)v;
        } else if (opt == 't') {
            timeout = strtod(optarg, &end);
            if (*end || timeout < 0)
                usage();
        } else {
            usage();
        }
    }
    if (n == 0 || optind >= argc)
        usage();

    int fd = memfd_create("mbcf-host", 0);
    if (fd < 0 || ftruncate(fd, sizeof(struct host_seg)) < 0) {
        perror("mbcf-hostrun: memfd");
        return 1;
    }
    struct host_seg *seg = mmap(NULL, sizeof *seg, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (seg == MAP_FAILED) {
        perror("mbcf-hostrun: mmap");
        return 1;
    }
    seg->magic = HOST_SEG_MAGIC;
    seg->size = n;

    pid_t pids[HOST_MAX_RANKS];
    char fdbuf[16], rbuf[16], sbuf[16];
    snprintf(fdbuf, sizeof fdbuf, "%d", fd);
    snprintf(sbuf, sizeof sbuf, "%d", n);
    for (int i = 0; i < n; i++) {
        pid_t p = fork();
        if (p < 0) {
            perror("mbcf-hostrun: fork");
            kill_all(pids, i, SIGKILL);
            return 1;
        }
        if (p == 0) {
            snprintf(rbuf, sizeof rbuf, "%d", i);
            setenv("MBCF_HOST_FD", fdbuf, 1);
            setenv("MBCF_RANK", rbuf, 1);
            setenv("MBCF_SIZE", sbuf, 1);
            personality(ADDR_NO_RANDOMIZE);
            prctl(PR_SET_PDEATHSIG, SIGKILL);
            prctl(PR_SET_PTRACER, PR_SET_PTRACER_ANY);   /* process_vm_* when not root */
            execvp(argv[optind], &argv[optind]);
            fprintf(stderr, "mbcf-hostrun: %s: %s\n", argv[optind], strerror(errno));
            _exit(127);
        }
        pids[i] = p;
    }

    int left = n, result = 0;
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    while (left > 0) {
        int status;
        pid_t p = waitpid(-1, &status, timeout > 0 ? WNOHANG : 0);
        if (p == 0) {
            struct timespec t;
            clock_gettime(CLOCK_MONOTONIC, &t);
            double el = (double)(t.tv_sec - t0.tv_sec) + (double)(t.tv_nsec - t0.tv_nsec) * 1e-9;
            if (el > timeout) {
                fprintf(stderr, "mbcf-hostrun: timeout after %.0f s, killing all ranks\n", timeout);
                kill_all(pids, n, SIGKILL);
                if (!result)
                    result = 124;
                timeout = 0;   /* now wait blocking for the kills */
                continue;
            }
            usleep(10000);
            continue;
        }
        if (p < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        int rank = -1;
        for (int i = 0; i < n; i++)
            if (pids[i] == p)
                rank = i;
        if (rank < 0)
            continue;
        pids[rank] = 0;
        left--;
        /* the others see it dead (mbcf_dead_peers) and wake from mbcf_wait */
        __atomic_store_n(&seg->r[rank].exited, 1, __ATOMIC_RELEASE);
        if (rank < 64)
            __atomic_or_fetch(&seg->dead, 1ull << rank, __ATOMIC_RELEASE);
        for (int i = 0; i < n; i++) {
            __atomic_add_fetch(&seg->r[i].doorbell, 1, __ATOMIC_RELEASE);
            syscall(SYS_futex, &seg->r[i].doorbell, FUTEX_WAKE, 1, NULL, NULL, 0);
        }
        int code = 0;
        if (WIFEXITED(status))
            code = WEXITSTATUS(status);
        else if (WIFSIGNALED(status))
            code = 128 + WTERMSIG(status);
        if (code && !result) {
            fprintf(stderr, "mbcf-hostrun: rank %d failed (status %d), stopping the others\n",
                    rank, code);
            result = code;
            kill_all(pids, n, SIGTERM);
        }
    }
    return result;
}
