/* test_mbcf_cq_owner.c - host tests of the completion queue shared by a
 * library and the program (userland/lib/libmbcf/mbcf_cq_owner.c): claimed
 * completions never reach mbcf_poll_cq and the others never reach
 * mbcf_poll_cq_claimed, each owner sees its own in order, whatever the
 * interleaving of polls and the batch sizes; a stash grows past its first
 * capacity; mbcf_poll_cq_run takes only runs of the claimed owner's next
 * in-order MBCF_OK completions. The backend queue is a fake (mbcf_cq_take below). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include "mbcf.h"
#include "mbcf_common.h"

#define LIB (1ull << 62)   /* the claimed bit, as libmpi_mbcf's cookies */

static mbcf_cqe_t fake[20000];
static int fake_head, fake_n;

int mbcf_cq_take(mbcf_cqe_t *out, int max)
{
    int n = 0;
    while (n < max && fake_head < fake_n)
        out[n++] = fake[fake_head++];
    return n;
}

int mbcf_cq_take_run(uint64_t mask, uint64_t *first, int max)
{
    int n = mbcf_cq_run_len(&fake[fake_head], fake_n - fake_head, max, mask);
    if (n)
        *first = fake[fake_head].cookie;
    fake_head += n;
    return n;
}

static void push(uint64_t cookie)
{
    fake[fake_n++] = (mbcf_cqe_t){ cookie, 0, 1 };
}

static void push_status(uint64_t cookie, int status)
{
    fake[fake_n++] = (mbcf_cqe_t){ cookie, status, 1 };
}

static int setup(void **st)
{
    (void)st;
    fake_head = fake_n = 0;
    mbcf_cq_owner_reset();
    return 0;
}

static void test_unclaimed_passes_through(void **st)
{
    (void)st;
    for (int i = 0; i < 5; i++)
        push(LIB | (uint64_t)i);       /* nothing claimed: all the program's */
    mbcf_cqe_t c[8];
    assert_int_equal(mbcf_poll_cq(c, 0), 0);
    assert_int_equal(mbcf_poll_cq(c, 8), 5);
    for (int i = 0; i < 5; i++)
        assert_int_equal(c[i].cookie, LIB | (uint64_t)i);
}

static void test_split_in_order(void **st)
{
    (void)st;
    mbcf_cq_claim(3ull << 62);
    /* program 0..9 and library 100..109 interleaved */
    for (int i = 0; i < 10; i++) {
        push((uint64_t)i);
        push(LIB | (uint64_t)(100 + i));
    }
    mbcf_cqe_t c[32];
    int n = mbcf_poll_cq_claimed(c, 3);          /* the library first, 3 at a time */
    assert_int_equal(n, 3);
    for (int i = 0; i < 3; i++)
        assert_int_equal(c[i].cookie, LIB | (uint64_t)(100 + i));
    n = mbcf_poll_cq(c, 32);                     /* the program: stashed, then the rest */
    assert_int_equal(n, 10);
    for (int i = 0; i < 10; i++)
        assert_int_equal(c[i].cookie, (uint64_t)i);
    n = mbcf_poll_cq(c, 32);
    assert_int_equal(n, 0);                      /* the library's stay for it */
    n = mbcf_poll_cq_claimed(c, 32);
    assert_int_equal(n, 7);
    for (int i = 0; i < 7; i++)
        assert_int_equal(c[i].cookie, LIB | (uint64_t)(103 + i));
    assert_int_equal(mbcf_poll_cq_claimed(c, 32), 0);
}

/* mpibench all's case: the program polls while the library's completions
 * wait in the queue; none may be lost, the stash grows past 64. */
static void test_program_polls_first_many(void **st)
{
    (void)st;
    mbcf_cq_claim(3ull << 62);
    enum { N = 5000 };
    for (int i = 0; i < N; i++)
        push(i % 3 == 0 ? (uint64_t)i : (LIB | (uint64_t)i));
    mbcf_cqe_t c[8];
    int prog = 0, lib = 0, step = 0;
    uint64_t last_p = 0, last_l = 0;
    while (prog + lib < N) {
        int n = (step++ % 4 == 0) ? mbcf_poll_cq_claimed(c, 1 + step % 8)
                                  : mbcf_poll_cq(c, 1 + step % 8);
        for (int i = 0; i < n; i++) {
            uint64_t v = c[i].cookie & ~(3ull << 62);
            if (c[i].cookie & (3ull << 62)) {
                assert_true(lib == 0 || v > last_l);
                last_l = v;
                lib++;
            } else {
                assert_true(prog == 0 || v > last_p);
                last_p = v;
                prog++;
            }
        }
        assert_true(step < 100000);
    }
    assert_int_equal(prog, (N + 2) / 3);
    assert_int_equal(lib, N - (N + 2) / 3);
}

/* Claimed polls never return the program's and vice versa, with every
 * library cookie kind (bits 62-63: 1, 2, 3). */
static void test_kinds(void **st)
{
    (void)st;
    mbcf_cq_claim(3ull << 62);
    push(1ull << 62);
    push(7);
    push(2ull << 62);
    push(3ull << 62);
    mbcf_cqe_t c[8];
    assert_int_equal(mbcf_poll_cq(c, 8), 1);
    assert_int_equal(c[0].cookie, 7);
    assert_int_equal(mbcf_poll_cq_claimed(c, 8), 3);
    assert_int_equal(c[0].cookie, 1ull << 62);
    assert_int_equal(c[1].cookie, 2ull << 62);
    assert_int_equal(c[2].cookie, 3ull << 62);
}

/* Runs (mbcf_poll_cq_run): consecutive claimed MBCF_OK cookies, cut at
 * max, at a gap, at a refusal, at the program's entry; nothing while the
 * claimed stash holds entries (they come first, by mbcf_poll_cq_claimed). */
static void test_runs(void **st)
{
    (void)st;
    uint64_t ck = 0;
    assert_int_equal(mbcf_poll_cq_run(&ck, 8), 0);   /* nothing claimed: no runs */
    mbcf_cq_claim(3ull << 62);
    assert_int_equal(mbcf_poll_cq_run(&ck, 8), 0);   /* empty queue */
    for (int i = 0; i < 5; i++)
        push(LIB | (uint64_t)(10 + i));
    push(LIB | 20);                                   /* a gap */
    push_status(LIB | 21, MBCF_E_FIFO_FULL);          /* a refusal */
    push(LIB | 22);
    push(7);                                          /* the program's */
    push(LIB | 23);
    push(LIB | 24);
    assert_int_equal(mbcf_poll_cq_run(&ck, 3), 3);    /* cut at max */
    assert_int_equal(ck, LIB | 10);
    assert_int_equal(mbcf_poll_cq_run(&ck, 0), 0);
    assert_int_equal(mbcf_poll_cq_run(&ck, 64), 2);
    assert_int_equal(ck, LIB | 13);
    assert_int_equal(mbcf_poll_cq_run(&ck, 64), 1);   /* 20 alone: 21 was refused */
    assert_int_equal(ck, LIB | 20);
    assert_int_equal(mbcf_poll_cq_run(&ck, 64), 0);   /* the refusal is not a run */
    mbcf_cqe_t c[8];
    assert_int_equal(mbcf_poll_cq_claimed(c, 1), 1);
    assert_int_equal(c[0].status, MBCF_E_FIFO_FULL);
    assert_int_equal(mbcf_poll_cq_run(&ck, 64), 1);   /* 22, then the program's 7 */
    assert_int_equal(ck, LIB | 22);
    assert_int_equal(mbcf_poll_cq_run(&ck, 64), 0);
    assert_int_equal(mbcf_poll_cq_claimed(c, 1), 1);  /* stashes 7 for the program */
    assert_int_equal(c[0].cookie, LIB | 23);
    assert_int_equal(mbcf_poll_cq_run(&ck, 64), 1);
    assert_int_equal(ck, LIB | 24);
    assert_int_equal(mbcf_poll_cq(c, 8), 1);
    assert_int_equal(c[0].cookie, 7);
    /* the program polls first: the library's entries wait in its stash and
     * no run may pass them */
    push(LIB | 30);
    push(8);
    push(LIB | 31);
    assert_int_equal(mbcf_poll_cq(c, 8), 1);          /* takes all three, keeps 30, 31 */
    push(LIB | 32);
    assert_int_equal(mbcf_poll_cq_run(&ck, 64), 0);
    assert_int_equal(mbcf_poll_cq_claimed(c, 8), 3);
    assert_int_equal(c[0].cookie, LIB | 30);
    assert_int_equal(c[2].cookie, LIB | 32);
    /* a run never wraps past cookie 0 (an unclaimed cookie) */
    push(~0ull);
    push(0);
    assert_int_equal(mbcf_poll_cq_run(&ck, 64), 1);
    assert_int_equal(ck, ~0ull);
    assert_int_equal(mbcf_poll_cq(c, 8), 1);
    assert_int_equal(c[0].cookie, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(test_unclaimed_passes_through, setup),
        cmocka_unit_test_setup(test_split_in_order, setup),
        cmocka_unit_test_setup(test_program_polls_first_many, setup),
        cmocka_unit_test_setup(test_kinds, setup),
        cmocka_unit_test_setup(test_runs, setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
