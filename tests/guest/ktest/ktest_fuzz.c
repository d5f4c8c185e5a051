/* ktest_fuzz.c - fuzzes the system-call surface: for a fixed seed
 * and count, random numbers 0..1100 (Linux and the private 1000+ range) with
 * random arguments (three calls in four pick a number the kernel implements)
 * drawn from a pool of hostile values: NULL, kernel and
 * non-canonical addresses, unmapped, read-only and PROT_NONE pages, misaligned
 * pointers, pointers near the end of a mapping, huge lengths, -1, random words.
 * The node must survive every call; the program prints a summary line.
 *
 *   ktest_fuzz [count [seed [verbose]]]   defaults: 50000 calls, seed 11
 *
 * Calls are skipped or tamed only where the program itself would end or
 * block: exit/exit_group are skipped; kill/tkill/tgkill get signal 0; sleeps
 * and timed waits get short times (a huge sleep now sleeps forever); write and
 * writev to the console are cut to a few bytes; close, dup2 and dup3 never
 * touch fds 0-2 (the summary line must reach the console); futex waits get a short or bad
 * timeout and clone never CLONE_VM (no thread on a random stack); arch_prctl(SET_FS) is undone
 * at once (musl keeps its thread pointer there). Memory calls (mmap, munmap,
 * mprotect, mremap, madvise) get addresses in a sandbox (32 TiB up, with the
 * scratch pages in it), or hostile ones, never the program's own memory or
 * stack; lengths stay below the stack. The program touches the scratch pages
 * only before fuzzing: the kernel may unmap, protect or fill them at will.
 * With verbose every call is printed before it is made (to find the call that
 * brought a node down). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include "cluster_abi.h"
#include "tofu_abi.h"
#include "cluster_user.h"

#define PG 4096ul
#define SANDBOX 0x200000000000ul          /* memory calls play here ...     */
#define SANDBOX_LEN (1ul << 32)           /* ... mostly within 4 GiB of it  */
#define SCRATCH (SANDBOX + (1ul << 31))   /* pointer targets for the kernel */
#define SCRATCH_PAGES 16
#define RO_PAGE (SCRATCH + SCRATCH_PAGES * PG)
#define NONE_PAGE (RO_PAGE + PG)
#define MEM_TOP 0x7f0000000000ul          /* memory calls never reach above */

static uint64_t rng_state;
static uint64_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}
static uint64_t below(uint64_t n) { return n ? rnd() % n : 0; }

static long sys6(long nr, const uint64_t a[6])
{
    return cluster_syscall6(nr, (long)a[0], (long)a[1], (long)a[2], (long)a[3], (long)a[4], (long)a[5]);
}
static long sys2(long nr, uint64_t a, uint64_t b)
{
    const uint64_t v[6] = { a, b, 0, 0, 0, 0 };
    return sys6(nr, v);
}

/* Objects the kernel may read (never write) through a tamed argument. */
static const int64_t short_sleep[2] = { 0, 20000 };        /* 20 us */
static const int64_t bad_sleep[2] = { 0, 2000000000 };      /* nsec out of range */
static struct mbcf_rings rings[3];
static uint64_t iov_console[2];

/* A hostile value for any argument. */
static uint64_t any_arg(void)
{
    switch (below(16)) {
    case 0:  return 0;
    case 1:  return below(65);
    case 2:  return (uint64_t)-(int64_t)(1 + below(4096));
    case 3:  return rnd();
    case 4:  return SCRATCH + below(SCRATCH_PAGES * PG);                 /* any alignment */
    case 5:  return SCRATCH + SCRATCH_PAGES * PG - 1 - below(64);       /* runs off the end */
    case 6:  return RO_PAGE + below(PG);
    case 7:  return NONE_PAGE + below(PG);
    case 8:  return 0xffff800000000000ul + below(1ul << 32);            /* kernel direct map */
    case 9:  return 0x0000800000000000ul + below(1ul << 40);            /* non-canonical */
    case 10: return 0x600000000000ul + below(1ul << 40);                /* unmapped user */
    case 11: return 1ul << (32 + below(32));                            /* huge length */
    case 12: return ~0ul;
    case 13: return PG * below(64);
    case 14: return below(1ul << 32);                                   /* low 4 GiB (kernel image?) */
    default: return SCRATCH + 8 * below(SCRATCH_PAGES * PG / 8);        /* aligned, in scratch */
    }
}

/* An address for a memory call: sandbox or hostile, never our own memory. */
static uint64_t mem_addr(void)
{
    switch (below(8)) {
    case 0:  return 0;
    case 1:  return 0xffff800000000000ul + PG * below(1 << 20);
    case 2:  return 0x0000800000000000ul - PG * below(2);               /* SYSRET guard page / non-canonical */
    case 3:  return SANDBOX + below(SANDBOX_LEN);                       /* misaligned */
    case 4:  return SCRATCH + PG * below(SCRATCH_PAGES + 2);
    default: return SANDBOX + PG * below(SANDBOX_LEN / PG);
    }
}

static uint64_t mem_len(uint64_t addr)
{
    uint64_t len;
    switch (below(8)) {
    case 0:  len = 0; break;
    case 1:  len = 1ul << (20 + below(27)); break;                      /* 1 MiB .. 64 TiB */
    case 2:  return ~0ul - below(PG);                                   /* wraps */
    case 3:  len = 1 + below(3 * PG); break;
    default: len = PG * (1 + below(16)); break;
    }
    /* Below the program's own mappings and stack (addresses in the sandbox);
     * from address 0 not up to the program at 4 MiB. */
    if (addr >= SANDBOX && addr < MEM_TOP && len > MEM_TOP - addr)
        len = MEM_TOP - addr;
    if (addr < SANDBOX && len > (1ul << 20) && len < ~0ul - PG)
        len = 1ul << 20;
    return len;
}

/* The numbers the kernel implements (kernel/syscall.c, net and MBCF calls):
 * three calls in four pick one of these, the rest any number 0..1100. */
/* clang-format off */
static const short implemented[] = {
    0, 1, 3, 9, 10, 11, 12, 13, 14, 16, 20, 24, 25, 28, 35, 39, 60, 62, 63, 96, 97, 99, 102, 104, 107, 108,
    110, 158, 160, 186, 200, 204, 218, 228, 229, 230, 231, 234, 302, 318,
    56, 202, 203, 273, 309, 324,                         /* threads */
    2, 4, 5, 6, 8, 17, 18, 19, 21, 32, 33, 72, 74, 75, 77, 79, 80, 81, 82, 83, 84, 85, 87,
    217, 257, 258, 262, 263, 264, 269, 292, 316, 332,    /* files */
    1000, 1001, 1002, 1003, 1004, 1005, 1010, 1011, 1012, 1013, 1014, 1015, 1016,
    1040,                                                /* shm_map (node-local shared memory) */
};
/* clang-format on */

static long pick_nr(void)
{
    if (below(4))
        return implemented[below(sizeof implemented / sizeof implemented[0])];
    return (long)below(1101);
}

static uint64_t saved_fs;

/* Tames a call (see the top comment); 0 = skip it. */
static int tame(long nr, uint64_t a[6])
{
    switch (nr) {
    case 60: case 231:                                   /* exit, exit_group */
        return 0;
    case 62: case 200: a[1] = 0; return 1;               /* kill, tkill: signal 0 */
    case 234: a[2] = 0; return 1;                        /* tgkill */
    case 35: {                                           /* nanosleep: never a time from memory */
        const uint64_t pick[6] = { (uint64_t)short_sleep, (uint64_t)bad_sleep, 0, 0x10, NONE_PAGE,
                                   0xffff800000000000ul };
        a[0] = pick[below(6)];
        return 1;
    }
    case 230: {                                          /* clock_nanosleep */
        const uint64_t pick[3] = { (uint64_t)short_sleep, (uint64_t)bad_sleep, 0x10 };
        a[2] = pick[below(3)];
        return 1;
    }
    case 1: case 20:                                     /* write, writev */
        if ((int)a[0] == 1 || (int)a[0] == 2) {
            if (nr == 1 && a[2] > 16)
                a[2] = below(17);
            if (nr == 20) {
                a[1] = below(2) ? (uint64_t)iov_console : any_arg();
                if (a[1] != (uint64_t)iov_console)
                    a[0] = 3 + below(5);                 /* scratch iovecs: not the console */
                a[2] = below(3);
            }
        }
        return 1;
    case 9: case 10: case 11: case 25: case 28:          /* mmap mprotect munmap mremap madvise */
        a[0] = mem_addr();
        a[1] = mem_len(a[0]);
        if (nr == 25) {
            a[2] = mem_len(a[0]);
            a[3] = below(4);                             /* MAYMOVE, FIXED, both, none */
            a[4] = mem_addr();
        }
        if (nr == 9) {
            a[2] = below(8);
            a[3] = (below(4) ? 0x22 : rnd() & 0x1000ff) | (below(3) ? 0 : (below(2) ? 0x10 : 0x100000));
            a[4] = below(4) ? (uint64_t)-1 : any_arg();
            a[5] = below(4) ? 0 : any_arg();
        }
        return 1;
    case 3: /* close: never the console */
        if (a[0] <= 2)
            a[0] += 3;
        return 1;
    case 33:
    case 292: /* dup2, dup3: never onto the console */
        if (a[1] <= 2)
            a[1] += 3;
        return 1;
    case 158:                                            /* arch_prctl: undone after the call */
        return 1;
    case 56:                                             /* clone: never a real thread on a random stack */
        a[0] &= ~0x100ul;                                /* no CLONE_VM: always refused */
        return 1;
    case 202: {                                          /* futex: a wait never without a short timeout */
        const uint64_t pick[3] = { (uint64_t)short_sleep, (uint64_t)bad_sleep, 0x10 };
        a[3] = pick[below(3)];
        return 1;
    }
    case SYS_raw_recv:
        a[3] = below(100000);                            /* at most 0.1 ms */
        return 1;
    case SYS_mbcf_setup:
        if (below(2))
            a[0] = (uint64_t)&rings[below(3)];
        return 1;
    case SYS_mbcf_wait:
        a[0] = below(100000);
        return 1;
    case SYS_tofu_wait: /* (seen, timeout): < 0 is -EINVAL */
        a[1] = below(100000);
        return 1;
    case SYS_shm_map: /* a few keys, small sizes, any flags */
        a[0] = below(4);
        if (below(4))
            a[1] = below(5) * 4096 + below(2);
        a[2] = below(5) ? below(4) : any_arg();
        return 1;
    default:
        return 1;
    }
}

int main(int argc, char **argv)
{
    long count = argc > 1 ? atol(argv[1]) : 50000;
    uint64_t seed = argc > 2 ? strtoull(argv[2], 0, 0) : 11;
    int verbose = argc > 3;
    setvbuf(stdout, NULL, _IOLBF, 0);
    rng_state = seed * 0x9E3779B97F4A7C15ull | 1;

    /* Scratch pages filled with hostile values (struct fields the kernel reads
     * become pointers and lengths from the pool), then a read-only and a
     * PROT_NONE page right after them. */
    if (mmap((void *)SCRATCH, (SCRATCH_PAGES + 2) * PG, PROT_READ | PROT_WRITE,
             MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) != (void *)SCRATCH) {
        printf("not ok - ktest_fuzz: scratch mapping\n");
        return 1;
    }
    for (uint64_t *w = (uint64_t *)SCRATCH; w < (uint64_t *)NONE_PAGE; w++)
        *w = below(4) ? any_arg() : rnd();
    mprotect((void *)RO_PAGE, PG, PROT_READ);
    mprotect((void *)NONE_PAGE, PG, PROT_NONE);
    /* Ring sets for mbcf_setup: plausible sizes, hostile places. */
    rings[0] = (struct mbcf_rings){ SCRATCH, SCRATCH + PG, SCRATCH + 2 * PG, 16, 16 };
    rings[1] = (struct mbcf_rings){ SCRATCH, SCRATCH + PG, RO_PAGE, 16, 16 };    /* read-only CQ */
    rings[2] = (struct mbcf_rings){ SCRATCH + 8, NONE_PAGE, SCRATCH + 3 * PG, 4096, 65536 };
    iov_console[0] = SCRATCH;
    iov_console[1] = 8;
    uint64_t fs_get[6] = { 0x1003, (uint64_t)&saved_fs, 0, 0, 0, 0 };
    sys6(158, fs_get);

    struct node_info ni = { 0 };
    sys2(SYS_node_info, (uint64_t)&ni, 0);
    uint64_t t0 = cluster_rdtsc();
    long made = 0, skipped = 0, nonneg = 0, efault = 0, enosys = 0, other = 0;
    for (long i = 0; i < count; i++) {
        long nr = pick_nr();
        uint64_t a[6];
        for (int k = 0; k < 6; k++)
            a[k] = any_arg();
        if (!tame(nr, a)) {
            skipped++;
            continue;
        }
        if (verbose)
            printf("# call %ld: %ld(%#lx, %#lx, %#lx, %#lx, %#lx, %#lx)\n", i, nr, a[0], a[1], a[2], a[3], a[4],
                   a[5]);
        long r = sys6(nr, a);
        if (nr == 158)
            sys2(158, 0x1002, saved_fs);
        made++;
        if (r >= 0)
            nonneg++;
        else if (r == -14)
            efault++;
        else if (r == -38)
            enosys++;
        else
            other++;
        if ((i + 1) % 10000 == 0)
            printf("# ktest_fuzz: %ld calls\n", i + 1);
    }
    uint64_t ms = ni.tsc_hz ? (cluster_rdtsc() - t0) / (ni.tsc_hz / 1000) : 0;
    printf("ktest_fuzz: seed %llu, %ld calls made, %ld skipped, %ld returned >= 0, %ld EFAULT, %ld ENOSYS, "
           "%ld other errors, %llu ms: node survived\n",
           (unsigned long long)seed, made, skipped, nonneg, efault, enosys, other, (unsigned long long)ms);
    return 0;
}
