/* test_mbcf_fifo.c - memory-based FIFO ring: append/peek/pop, wrap with pad
 * entries, full, too long, an owner who scribbles on its control fields (the
 * append writes nothing), consumer robustness, and a random interleaving
 * checked against a reference queue. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "mbcf_fifo_ring.h"
#include "mbcf_abi.h"

#define RING 4096
static uint64_t ringmem[2 * RING / 8 + 64];   /* rings of RING and 2*RING bytes + a guard zone */
static uint8_t *ring = (uint8_t *)ringmem;

struct fixture {
    struct mbcf_ring_producer p;
    struct mbcf_ring_consumer c;
    struct mbcf_ring_io io;
};

static void setup(struct fixture *f, uint64_t bytes)
{
    memset(ringmem, 0x5a, sizeof ringmem);
    assert_int_equal(mbcf_ring_init_local(&f->c, ring, bytes), 0);
    assert_int_equal(mbcf_ring_producer_init(&f->p, bytes), 0);
    mbcf_ring_io_direct(&f->io, ring);
    /* bytes beyond the ring keep their marker */
    for (uint64_t i = bytes; i < sizeof ringmem; i++)
        assert_int_equal(ring[i], 0x5a);
}

static void test_sizes(void **state)
{
    (void)state;
    struct mbcf_ring_producer p;
    struct mbcf_ring_consumer c;
    assert_int_equal(mbcf_ring_producer_init(&p, 2048), MBCF_E_INVAL);
    assert_int_equal(mbcf_ring_producer_init(&p, 6000), MBCF_E_INVAL);
    assert_int_equal(mbcf_ring_producer_init(&p, 8192), MBCF_OK);
    assert_int_equal(p.dsize, 8192 - MBCF_RING_CTRL);
    assert_int_equal(mbcf_ring_init_local(&c, ring + 4, 4096), MBCF_E_INVAL);   /* misaligned */
    assert_int_equal(mbcf_ring_init_local(&c, NULL, 4096), MBCF_E_INVAL);
    assert_int_equal(mbcf_ring_entry_bytes(0), 8);
    assert_int_equal(mbcf_ring_entry_bytes(1), 16);
    assert_int_equal(mbcf_ring_entry_bytes(8), 16);
    assert_int_equal(mbcf_ring_entry_bytes(1400), 1408);
}

static void test_append_peek_pop(void **state)
{
    (void)state;
    struct fixture f;
    setup(&f, RING);
    const void *m;
    uint32_t len;
    uint16_t src;
    assert_int_equal(mbcf_ring_peek(&f.c, &m, &len, &src), 0);
    assert_int_equal(mbcf_ring_append(&f.p, &f.io, 3, "hello", 5), MBCF_OK);
    assert_int_equal(mbcf_ring_append(&f.p, &f.io, 2, "", 0), MBCF_OK);
    assert_int_equal(mbcf_ring_peek(&f.c, &m, &len, &src), 1);
    assert_int_equal(len, 5);
    assert_int_equal(src, 3);
    assert_memory_equal(m, "hello", 5);
    /* peek again without pop: same entry */
    assert_int_equal(mbcf_ring_peek(&f.c, &m, &len, &src), 1);
    assert_int_equal(len, 5);
    mbcf_ring_pop(&f.c);
    assert_int_equal(((struct mbcf_ring_ctrl *)ring)->head, 16);
    assert_int_equal(mbcf_ring_peek(&f.c, &m, &len, &src), 1);
    assert_int_equal(len, 0);
    assert_int_equal(src, 2);
    mbcf_ring_pop(&f.c);
    mbcf_ring_pop(&f.c);   /* pop without peek: no effect */
    assert_int_equal(f.c.head, 24);
    assert_int_equal(mbcf_ring_peek(&f.c, &m, &len, &src), 0);
    assert_int_equal(((struct mbcf_ring_ctrl *)ring)->tail, 24);
}

static void test_full_and_wrap(void **state)
{
    (void)state;
    struct fixture f;
    setup(&f, RING);
    uint8_t msg[1200];
    const void *m;
    uint32_t len;
    uint16_t src;
    /* 4032-byte data area: three 1208-byte entries fit (3624 bytes) */
    for (int i = 0; i < 3; i++) {
        memset(msg, i, sizeof msg);
        assert_int_equal(mbcf_ring_append(&f.p, &f.io, 1, msg, 1200), MBCF_OK);
    }
    /* the fourth needs a 408-byte pad first: 3624 + 408 + 1208 > 4032 */
    uint8_t before[RING];
    memcpy(before, ring, RING);
    assert_int_equal(mbcf_ring_append(&f.p, &f.io, 1, msg, 1200), MBCF_E_FIFO_FULL);
    assert_memory_equal(before, ring, RING);       /* refused: nothing written */
    assert_int_equal(mbcf_ring_append(&f.p, &f.io, 1, msg, 1401), MBCF_E_TOOLONG);
    assert_memory_equal(before, ring, RING);
    /* a small entry still fits before the end */
    assert_int_equal(mbcf_ring_append(&f.p, &f.io, 1, msg, 400), MBCF_OK);
    assert_int_equal(f.p.tail, 4032);
    /* consume one: now the 1200-byte entry fits at the start, no pad needed */
    assert_int_equal(mbcf_ring_peek(&f.c, &m, &len, &src), 1);
    mbcf_ring_pop(&f.c);
    memset(msg, 7, sizeof msg);
    assert_int_equal(mbcf_ring_append(&f.p, &f.io, 2, msg, 1200), MBCF_OK);
    assert_int_equal(f.p.tail, 4032 + 1208);
    /* drain and check order */
    for (int i = 1; i < 3; i++) {
        assert_int_equal(mbcf_ring_peek(&f.c, &m, &len, &src), 1);
        assert_int_equal(len, 1200);
        assert_int_equal(((const uint8_t *)m)[1199], i);
        mbcf_ring_pop(&f.c);
    }
    assert_int_equal(mbcf_ring_peek(&f.c, &m, &len, &src), 1);
    assert_int_equal(len, 400);
    mbcf_ring_pop(&f.c);
    assert_int_equal(mbcf_ring_peek(&f.c, &m, &len, &src), 1);
    assert_int_equal(src, 2);
    assert_ptr_equal(m, ring + MBCF_RING_CTRL + 8);
    mbcf_ring_pop(&f.c);
    assert_int_equal(mbcf_ring_peek(&f.c, &m, &len, &src), 0);
    /* now force a pad: tail at 5240 (index 1208); fill to leave 408 at the end */
    assert_int_equal(mbcf_ring_append(&f.p, &f.io, 3, msg, 1200), MBCF_OK);   /* 1208..2416 */
    assert_int_equal(mbcf_ring_append(&f.p, &f.io, 3, msg, 1200), MBCF_OK);   /* 2416..3624 */
    assert_int_equal(mbcf_ring_append(&f.p, &f.io, 4, msg, 1000), MBCF_OK);   /* pad 408, 0..1008 */
    assert_int_equal(f.p.tail, 4032 + 3624 + 408 + 1008);
    for (int i = 0; i < 2; i++) {
        assert_int_equal(mbcf_ring_peek(&f.c, &m, &len, &src), 1);
        assert_int_equal(src, 3);
        mbcf_ring_pop(&f.c);
    }
    assert_int_equal(mbcf_ring_peek(&f.c, &m, &len, &src), 1);   /* pad skipped */
    assert_int_equal(src, 4);
    assert_int_equal(len, 1000);
    assert_ptr_equal(m, ring + MBCF_RING_CTRL + 8);
    mbcf_ring_pop(&f.c);
    assert_int_equal(f.c.head, f.p.tail);
    assert_int_equal(mbcf_ring_peek(&f.c, &m, &len, &src), 0);
}

static void test_corrupt_head_writes_nothing(void **state)
{
    (void)state;
    struct fixture f;
    setup(&f, RING);
    assert_int_equal(mbcf_ring_append(&f.p, &f.io, 1, "abcdefgh", 8), MBCF_OK);
    struct mbcf_ring_ctrl *ctl = (struct mbcf_ring_ctrl *)ring;
    uint64_t bad_heads[] = { 24, 1000, 3, ~0ull, (uint64_t)-4032 };
    for (size_t i = 0; i < sizeof bad_heads / sizeof bad_heads[0]; i++) {
        ctl->head = bad_heads[i];
        uint8_t before[RING];
        memcpy(before, ring, RING);
        assert_int_equal(mbcf_ring_append(&f.p, &f.io, 1, "x", 1), MBCF_E_FIFO_CORRUPT);
        assert_memory_equal(before, ring, RING);
        assert_int_equal(f.p.tail, 16);
    }
    /* a lying tail in the ring is ignored: the producer keeps its own */
    ctl->head = 0;
    ctl->tail = 5000;
    assert_int_equal(mbcf_ring_append(&f.p, &f.io, 1, "y", 1), MBCF_OK);
    assert_int_equal(f.p.tail, 32);
    /* consumer-side corruption: a scribbled length is reported, not followed */
    uint64_t *hdr = (uint64_t *)(ring + MBCF_RING_CTRL);
    *hdr = MBCF_ENT_WORD(5000, 1, MBCF_ENT_VALID);
    const void *m;
    uint32_t len;
    uint16_t src;
    assert_int_equal(mbcf_ring_peek(&f.c, &m, &len, &src), -MBCF_E_FIFO_CORRUPT);
    *hdr = MBCF_ENT_WORD(8, 1, MBCF_ENT_VALID | MBCF_ENT_PAD);   /* pad not reaching the end */
    assert_int_equal(mbcf_ring_peek(&f.c, &m, &len, &src), -MBCF_E_FIFO_CORRUPT);
}

/* The producer never writes outside the ring, whatever the owner does. */
static void test_random_against_reference(void **state)
{
    (void)state;
    struct fixture f;
    uint64_t rng = 12345;
    for (int round = 0; round < 4; round++) {
        uint64_t bytes = RING << (round & 1);
        setup(&f, bytes);
        uint32_t qlen[4096], qtag[4096];
        size_t qh = 0, qt = 0;
        uint32_t tag = 0;
        uint8_t msg[1400];
        int full = 0;
        for (int step = 0; step < 20000; step++) {
            rng = rng * 6364136223846793005ull + 1442695040888963407ull;
            uint32_t r = (uint32_t)(rng >> 33);
            if (r % 3) {
                uint32_t len = 4 + r / 3 % 1397;
                memcpy(msg, &tag, 4);
                memset(msg + 4, (int)(tag & 0xff), len - 4);
                int st = mbcf_ring_append(&f.p, &f.io, (uint16_t)(tag & 0xffff), msg, len);
                if (st == MBCF_E_FIFO_FULL) {
                    full++;
                    /* full must be true: the free space is too small */
                    uint64_t used = f.p.tail - f.c.head, need = mbcf_ring_entry_bytes(len);
                    uint64_t to_end = f.p.dsize - f.p.tail % f.p.dsize;
                    assert_true(used + need > f.p.dsize ||
                                (need > to_end && used + to_end + need > f.p.dsize));
                    continue;
                }
                assert_int_equal(st, MBCF_OK);
                qlen[qt % 4096] = len;
                qtag[qt % 4096] = tag++;
                qt++;
            } else {
                const void *m;
                uint32_t len;
                uint16_t src;
                int got = mbcf_ring_peek(&f.c, &m, &len, &src);
                if (qh == qt) {
                    assert_int_equal(got, 0);
                    continue;
                }
                assert_int_equal(got, 1);
                assert_int_equal(len, qlen[qh % 4096]);
                uint32_t t;
                memcpy(&t, m, 4);
                assert_int_equal(t, qtag[qh % 4096]);
                assert_int_equal(src, (uint16_t)(t & 0xffff));
                if (len > 4)
                    assert_int_equal(((const uint8_t *)m)[len - 1], (uint8_t)(t & 0xff));
                mbcf_ring_pop(&f.c);
                qh++;
            }
        }
        assert_true(full > 0);
        for (uint64_t i = bytes; i < sizeof ringmem; i++)
            assert_int_equal(ring[i], 0x5a);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sizes),
        cmocka_unit_test(test_append_peek_pop),
        cmocka_unit_test(test_full_and_wrap),
        cmocka_unit_test(test_corrupt_head_writes_nothing),
        cmocka_unit_test(test_random_against_reference),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
