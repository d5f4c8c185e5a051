/* test_ult_cmdq.c - cmocka tests of the offload command queue
 * (libmpi_mbcf/ult/ult_cmdq.c) with a fake executor in place of MPI:
 * commands complete at once, later (pending for some rounds) or after
 * retries. Kernel-thread callers (8 pthreads), ULT callers on libmyth with
 * the suspend policy and with the poll policy; per caller the commands run
 * in submission order with the right results; a command that never
 * completes does not hold up the others. The test is the glue that knows
 * both libmyth and the queue. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include "ult_cmdq.h"
#include "myth.h"

struct fcmd {
    struct ult_cmd c;                 /* first */
    int who, seq, kind, rounds;
};
enum { K_NOW, K_LATER, K_RETRY, K_NEVER };

static struct ult_cmdq q;
static pthread_t comm;
static volatile int stop, release_never;
#define MAXW 256
static int last_seq[MAXW], order_bad, ran_total;
static struct fcmd *later[4096];
static int nlater;

static enum ult_run fake_run(struct ult_cmd *c)
{
    struct fcmd *f = (struct fcmd *)c;
    if (f->kind == K_RETRY && f->rounds++ < 3)
        return ULT_RUN_RETRY;
    if (f->seq != last_seq[f->who] + 1)
        order_bad++;
    last_seq[f->who] = f->seq;
    ran_total++;
    c->result = f->seq * 2;
    if (f->kind == K_LATER || f->kind == K_NEVER) {
        f->rounds = 0;
        later[nlater++] = f;
        return ULT_RUN_PENDING;
    }
    return ULT_RUN_DONE;
}

static void *comm_main(void *a)
{
    (void)a;
    while (!stop) {
        int news = ult_cmdq_step(&q);
        for (int i = 0; i < nlater; i++) {
            struct fcmd *f = later[i];
            if ((f->kind == K_LATER && ++f->rounds >= 3) || (f->kind == K_NEVER && release_never)) {
                ult_cmdq_complete(&f->c, f->seq * 2);
                later[i--] = later[--nlater];
                news++;
            }
        }
        if (!news && !nlater && !ult_cmdq_has_retry(&q))
            ult_cmdq_wait(&q, 1000000);
    }
    return NULL;
}

static void start(const struct mpix_ult_ops *ops, enum ult_policy pol)
{
    ult_cmdq_init(&q, ops, pol);
    for (int i = 0; i < MAXW; i++)
        last_seq[i] = 0;
    order_bad = ran_total = nlater = 0;
    stop = release_never = 0;
    pthread_create(&comm, NULL, comm_main, NULL);
}

static void finish(void)
{
    stop = 1;
    pthread_join(comm, NULL);
}

static int submit(int who, int seq, int kind)
{
    struct fcmd f = { .who = who, .seq = seq, .kind = kind };
    f.c.run = fake_run;
    f.c.name = "fake";
    f.c.peer = f.c.tag = -1;
    return ult_cmdq_submit(&q, &f.c);
}

struct caller { int who, n, bad; };
static void *caller_main(void *a)
{
    struct caller *c = a;
    for (int s = 1; s <= c->n; s++)
        if (submit(c->who, s, s % 3) != s * 2)   /* NOW, LATER, RETRY in turn */
            c->bad++;
    return NULL;
}

static void test_kthreads(void **state)
{
    (void)state;
    start(NULL, ULT_SUSPEND);
    pthread_t t[8];
    struct caller c[8];
    for (int i = 0; i < 8; i++) {
        c[i] = (struct caller){ i, 500, 0 };
        pthread_create(&t[i], NULL, caller_main, &c[i]);
    }
    int bad = 0;
    for (int i = 0; i < 8; i++) {
        pthread_join(t[i], NULL);
        bad += c[i].bad;
    }
    finish();
    assert_int_equal(bad, 0);
    assert_int_equal(order_bad, 0);
    assert_int_equal(ran_total, 8 * 500);
    assert_int_equal(atomic_load(&q.kthread_waits), 8 * 500);
}

/* the glue a real program gets from userland/lib/mythmpi/myth_mpi.h */
struct after_box { void (*after)(void *, void *); void *arg; };
static void tramp(myth_thread_t t, void *a)
{
    struct after_box *b = a;
    b->after(t, b->arg);
}
static void *g_self(void) { return myth_self(); }
static void g_suspend(void (*after)(void *, void *), void *arg)
{
    struct after_box b = { after, arg };
    myth_suspend(tramp, &b);
}
static void g_resume(void *u) { myth_resume(u); }
static const struct mpix_ult_ops ops = { g_self, g_suspend, g_resume, myth_yield };

static int ult_callers(enum ult_policy pol, int nults, int n)
{
    static struct caller c[MAXW];
    static myth_thread_t th[MAXW];
    myth_init_withparam(2, 0);
    start(&ops, pol);
    for (int i = 0; i < nults; i++) {
        c[i] = (struct caller){ i, n, 0 };
        th[i] = myth_create(caller_main, &c[i]);
    }
    int bad = 0;
    for (int i = 0; i < nults; i++) {
        myth_join(th[i], NULL);
        bad += c[i].bad;
    }
    finish();
    myth_fini();
    return bad;
}

static void test_ult_suspend(void **state)
{
    (void)state;
    assert_int_equal(ult_callers(ULT_SUSPEND, 100, 50), 0);
    assert_int_equal(order_bad, 0);
    assert_int_equal(ran_total, 100 * 50);
    assert_int_equal(atomic_load(&q.suspended), 100 * 50);
    assert_int_equal(atomic_load(&q.polled), 0);
}

static void test_ult_poll(void **state)
{
    (void)state;
    assert_int_equal(ult_callers(ULT_POLL, 100, 50), 0);
    assert_int_equal(order_bad, 0);
    assert_int_equal(ran_total, 100 * 50);
    assert_int_equal(atomic_load(&q.suspended), 0);
    assert_true(atomic_load(&q.polled) > 0);
}

static void *never_main(void *a)
{
    *(int *)a = submit(MAXW - 1, 1, K_NEVER);
    return NULL;
}

static void test_never_does_not_block(void **state)
{
    (void)state;
    static struct caller c[16];
    myth_init_withparam(2, 0);
    start(&ops, ULT_SUSPEND);
    int never_result = -1;
    myth_thread_t nt = myth_create(never_main, &never_result);
    myth_thread_t th[16];
    for (int i = 0; i < 16; i++) {
        c[i] = (struct caller){ i, 100, 0 };
        th[i] = myth_create(caller_main, &c[i]);
    }
    int bad = 0;
    for (int i = 0; i < 16; i++) {
        myth_join(th[i], NULL);
        bad += c[i].bad;
    }
    int still = never_result;           /* the others all finished meanwhile */
    release_never = 1;
    myth_join(nt, NULL);
    finish();
    myth_fini();
    assert_int_equal(bad, 0);
    assert_int_equal(still, -1);
    assert_int_equal(never_result, 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_kthreads),
        cmocka_unit_test(test_ult_suspend),
        cmocka_unit_test(test_ult_poll),
        cmocka_unit_test(test_never_does_not_block),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
