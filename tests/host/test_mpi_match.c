/* test_mpi_match.c - cmocka tests of the matching engine and the
 * send-request sequence-number rules (libmpi_mbcf/pml/match.c, seed 003 sec 2.2
 * footnotes 2-3): envelope matching, list order, request rejection when a
 * FIFO message crossed the request, re-issue order and blocking by earlier
 * wildcard receives, cancel. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "match.h"

/* a plain array of seen counters, as the engine reads them */
#define SEEN(a) ((struct mq_seen){ (a), sizeof (a)[0] })

static void test_env_match(void **s)
{
    (void)s;
    struct mq_env pat = { MQ_ANY_SOURCE, MQ_ANY_TAG, 4 }, m = { 3, 7, 4 };
    assert_true(mq_env_match(&pat, &m));
    m.ctx = 5;
    assert_false(mq_env_match(&pat, &m));       /* other context */
    m.ctx = 4;
    m.tag = -100;
    assert_false(mq_env_match(&pat, &m));       /* ANY_TAG skips internal tags */
    struct mq_env p2 = { 3, 7, 4 }, m2 = { 2, 7, 4 };
    assert_false(mq_env_match(&p2, &m2));
    m2.src = 3;
    assert_true(mq_env_match(&p2, &m2));
    struct mq_env a = { 1, 5, 0 }, b = { MQ_ANY_SOURCE, MQ_ANY_TAG, 0 }, c = { 2, 5, 0 };
    assert_true(mq_env_overlap(&a, &b));
    assert_false(mq_env_overlap(&a, &c));
}

static void test_lists_keep_order(void **s)
{
    (void)s;
    struct mq_list posted, unexp;
    mq_list_init(&posted);
    mq_list_init(&unexp);
    struct mq_recv r[3] = {
        { .pat = { 1, 5, 0 } }, { .pat = { MQ_ANY_SOURCE, 5, 0 } }, { .pat = { 1, MQ_ANY_TAG, 0 } },
    };
    for (int i = 0; i < 3; i++)
        mq_append(&posted, &r[i].node);
    struct mq_env m = { 2, 5, 0 };
    assert_ptr_equal(mq_find_recv(&posted, &m), &r[1]);   /* first that accepts */
    m.src = 1;
    assert_ptr_equal(mq_find_recv(&posted, &m), &r[0]);
    mq_remove(&r[0].node);
    assert_ptr_equal(mq_find_recv(&posted, &m), &r[1]);
    m.tag = 9;
    assert_ptr_equal(mq_find_recv(&posted, &m), &r[2]);
    struct mq_msg u[2] = { { .env = { 1, 3, 0 } }, { .env = { 1, 3, 0 } } };
    mq_append(&unexp, &u[0].node);
    mq_append(&unexp, &u[1].node);
    struct mq_env pat = { 1, 3, 0 };
    assert_ptr_equal(mq_find_msg(&unexp, &pat), &u[0]);   /* non-overtaking */
    mq_remove(&u[0].node);
    assert_ptr_equal(mq_find_msg(&unexp, &pat), &u[1]);
    mq_remove(&u[1].node);
    assert_true(mq_list_empty(&unexp));
}

static void test_sreq_reject_crossed(void **s)
{
    (void)s;
    struct mq_sreq_peer p;
    mq_sreq_peer_init(&p);
    /* receiver saw 0 of our FIFO messages when it asked */
    struct mq_sreq r = { .epoch = 0, .tag = 5, .ctx = 0, .addr = 0x1000, .maxlen = 8, .rid = 1 };
    /* but we already sent one message through the FIFO: it crossed */
    assert_int_equal(mq_sreq_fifo_sent(&p), 1);
    assert_int_equal(mq_sreq_arrive(&p, &r), 0);
    assert_int_equal(p.rejected, 1);
    struct mq_sreq out;
    assert_int_equal(mq_sreq_take(&p, 5, 0, &out), 0);
    /* a request that reflects the message is kept and used */
    r.epoch = 1;
    r.rid = 2;
    assert_int_equal(mq_sreq_arrive(&p, &r), 1);
    assert_int_equal(mq_sreq_take(&p, 5, 0, &out), 1);
    assert_int_equal(out.rid, 2);
    assert_int_equal(mq_sreq_take(&p, 5, 0, &out), 0);   /* used once */
    mq_sreq_peer_destroy(&p);
}

static void test_sreq_stale_after_fifo_send(void **s)
{
    (void)s;
    struct mq_sreq_peer p;
    mq_sreq_peer_init(&p);
    struct mq_sreq a = { .epoch = 0, .tag = 1, .rid = 10 }, b = { .epoch = 0, .tag = 2, .rid = 11 };
    mq_sreq_arrive(&p, &a);
    mq_sreq_arrive(&p, &b);
    struct mq_sreq out;
    /* a message with tag 3 matches neither: it goes through the FIFO and
     * both requests become stale (the receiver has not seen it) */
    assert_int_equal(mq_sreq_take(&p, 3, 0, &out), 0);
    mq_sreq_fifo_sent(&p);
    assert_int_equal(mq_sreq_take(&p, 2, 0, &out), 0);
    assert_int_equal(p.rejected, 2);
    mq_sreq_peer_destroy(&p);
}

static void test_sreq_first_matching_in_order(void **s)
{
    (void)s;
    struct mq_sreq_peer p;
    mq_sreq_peer_init(&p);
    struct mq_sreq a = { .tag = 7, .rid = 1 }, b = { .tag = MQ_ANY_TAG, .rid = 2 },
                   c = { .tag = 5, .rid = 3 };
    mq_sreq_arrive(&p, &a);
    mq_sreq_arrive(&p, &b);
    mq_sreq_arrive(&p, &c);
    struct mq_sreq out;
    assert_int_equal(mq_sreq_take(&p, 5, 0, &out), 1);
    assert_int_equal(out.rid, 2);            /* ANY_TAG posted before tag 5 */
    assert_int_equal(mq_sreq_take(&p, 5, 0, &out), 1);
    assert_int_equal(out.rid, 3);
    assert_int_equal(mq_sreq_take(&p, 5, 1, &out), 0);   /* other context */
    assert_int_equal(mq_sreq_cancel(&p, 1), 1);
    assert_int_equal(mq_sreq_cancel(&p, 1), 0);
    assert_int_equal(mq_sreq_take(&p, 7, 0, &out), 0);
    mq_sreq_peer_destroy(&p);
}

static int issued[32], nissued, refuse_rid;
static int issue_cb(struct mq_recv *r, void *arg)
{
    (void)arg;
    int id = r->pat.tag;   /* tests use the tag as an id */
    if (id == refuse_rid)
        return -1;
    issued[nissued++] = id;
    return 0;
}

static void test_issue_order_and_blocking(void **s)
{
    (void)s;
    struct mq_list posted;
    mq_list_init(&posted);
    uint32_t seen[4] = { 0, 0, 0, 0 };
    struct mq_recv r[5] = {
        { .pat = { 1, 10, 0 } },               /* requestable */
        { .pat = { MQ_ANY_SOURCE, 11, 0 } },   /* wildcard: never requested, blocks tag 11 */
        { .pat = { 1, 11, 0 } },               /* blocked by r[1] */
        { .pat = { 2, 12, 0 } },               /* other source, not blocked */
        { .pat = { 0, 13, 0 } },               /* self (rank 0): no request */
    };
    for (int i = 0; i < 5; i++)
        mq_append(&posted, &r[i].node);
    nissued = 0;
    refuse_rid = -1;
    assert_int_equal(mq_issue_requests(&posted, SEEN(seen), 0, 100, issue_cb, NULL), 2);
    assert_int_equal(issued[0], 10);
    assert_int_equal(issued[1], 12);
    assert_true(mq_request_live(&r[0], SEEN(seen)));
    assert_false(mq_request_live(&r[2], SEEN(seen)));
    /* nothing changed: no re-issue */
    nissued = 0;
    assert_int_equal(mq_issue_requests(&posted, SEEN(seen), 0, 100, issue_cb, NULL), 0);
    /* a FIFO message from 1 arrives: requests to 1 are stale, re-issued in order */
    seen[1] = 1;
    assert_false(mq_request_live(&r[0], SEEN(seen)));
    assert_true(mq_request_live(&r[3], SEEN(seen)));
    nissued = 0;
    assert_int_equal(mq_issue_requests(&posted, SEEN(seen), 0, 100, issue_cb, NULL), 1);
    assert_int_equal(issued[0], 10);
    assert_int_equal(r[0].req_epoch, 1);
    /* the wildcard receive completes: the blocked one may now ask */
    mq_remove(&r[1].node);
    nissued = 0;
    assert_int_equal(mq_issue_requests(&posted, SEEN(seen), 0, 100, issue_cb, NULL), 1);
    assert_int_equal(issued[0], 11);
}

static void test_issue_refused_blocks_later(void **s)
{
    (void)s;
    struct mq_list posted;
    mq_list_init(&posted);
    uint32_t seen[4] = { 0 };
    struct mq_recv r[2] = { { .pat = { 1, 20, 0 } }, { .pat = { 1, MQ_ANY_TAG, 0 } } };
    mq_append(&posted, &r[0].node);
    mq_append(&posted, &r[1].node);
    nissued = 0;
    refuse_rid = 20;     /* e.g. its buffer could not be exported */
    assert_int_equal(mq_issue_requests(&posted, SEEN(seen), 0, 100, issue_cb, NULL), 0);
    assert_false(r[0].requested);
    assert_false(r[1].requested);   /* would overtake r[0] for tag 20 */
    refuse_rid = -1;
}

static void test_issue_cap_per_source(void **s)
{
    (void)s;
    struct mq_list posted;
    mq_list_init(&posted);
    uint32_t seen[4] = { 0 };
    struct mq_recv r[MQ_MAX_LIVE + 3];
    memset(r, 0, sizeof r);
    for (int i = 0; i < MQ_MAX_LIVE + 3; i++) {
        r[i].pat = (struct mq_env){ i < MQ_MAX_LIVE + 2 ? 1 : 2, 100 + i, 0 };
        mq_append(&posted, &r[i].node);
    }
    nissued = 0;
    refuse_rid = -1;
    /* source 1 gets only MQ_MAX_LIVE, source 2 still gets its one */
    assert_int_equal(mq_issue_requests(&posted, SEEN(seen), 0, 100, issue_cb, NULL), MQ_MAX_LIVE + 1);
    assert_false(r[MQ_MAX_LIVE].requested);
    assert_true(r[MQ_MAX_LIVE + 2].requested);
    /* one completes: the next one in order may ask */
    mq_remove(&r[0].node);
    nissued = 0;
    assert_int_equal(mq_issue_requests(&posted, SEEN(seen), 0, 100, issue_cb, NULL), 1);
    assert_int_equal(issued[0], 100 + MQ_MAX_LIVE);
}

/* The library keeps the counters in a per-peer table (struct pml_peer): the
 * engine reads the field at the table's stride. */
static void test_seen_in_per_peer_table(void **s)
{
    (void)s;
    struct peer { uint64_t before; uint32_t seen; char after[20]; } peers[3];
    memset(peers, 0xff, sizeof peers);
    for (int i = 0; i < 3; i++)
        peers[i].seen = 0;
    struct mq_seen seen = { &peers[0].seen, sizeof peers[0] };
    struct mq_list posted;
    mq_list_init(&posted);
    struct mq_recv r[2] = { { .pat = { 1, 30, 0 } }, { .pat = { 2, 31, 0 } } };
    mq_append(&posted, &r[0].node);
    mq_append(&posted, &r[1].node);
    nissued = 0;
    refuse_rid = -1;
    assert_int_equal(mq_issue_requests(&posted, seen, 0, 100, issue_cb, NULL), 2);
    peers[2].seen = 5;
    assert_int_equal(mq_seen_of(seen, 2), 5);
    assert_true(mq_request_live(&r[0], seen));
    assert_false(mq_request_live(&r[1], seen));
    nissued = 0;
    assert_int_equal(mq_issue_requests(&posted, seen, 0, 100, issue_cb, NULL), 1);
    assert_int_equal(issued[0], 31);
    assert_int_equal(r[1].req_epoch, 5);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_env_match),
        cmocka_unit_test(test_lists_keep_order),
        cmocka_unit_test(test_sreq_reject_crossed),
        cmocka_unit_test(test_sreq_stale_after_fifo_send),
        cmocka_unit_test(test_sreq_first_matching_in_order),
        cmocka_unit_test(test_issue_order_and_blocking),
        cmocka_unit_test(test_issue_refused_blocks_later),
        cmocka_unit_test(test_issue_cap_per_source),
        cmocka_unit_test(test_seen_in_per_peer_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
