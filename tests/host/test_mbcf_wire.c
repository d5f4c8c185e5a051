/* test_mbcf_wire.c - the MBCF frame parser: valid frames of every kind parse,
 * each kind of malformation is rejected with its reason, status lookup of acks. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "mbcf_wire.h"
#include "mbcf_abi.h"

static uint8_t buf[MBCF_WIRE_MAX + 16];

static uint32_t make(struct mbcf_wire_hdr *h, const uint8_t *stat)
{
    memcpy(buf, h, sizeof *h);
    memset(buf + MBCF_WIRE_HDR, 0xab, h->len);
    if (h->nstat)
        memcpy(buf + MBCF_WIRE_HDR + h->len, stat, h->nstat);
    return MBCF_WIRE_HDR + h->len + h->nstat;
}

static struct mbcf_wire_hdr put_hdr(uint32_t off, uint16_t len, uint32_t total)
{
    struct mbcf_wire_hdr h;
    memset(&h, 0, sizeof h);
    h.type = MBCF_T_DATA;
    h.op = MBCF_OP_PUT;
    h.seq = 5;
    h.len = len;
    h.total = total;
    h.offset = off;
    h.addr = 0x400000 + off;
    h.flags = (off == 0 ? MBCF_F_FIRST : 0) | (off + len == total ? MBCF_F_LAST : 0);
    return h;
}

static int parse(uint32_t len)
{
    struct mbcf_frame f;
    return mbcf_wire_parse(buf, len, &f);
}

static void test_header_size(void **state)
{
    (void)state;
    assert_int_equal(sizeof(struct mbcf_wire_hdr), MBCF_WIRE_HDR);
    assert_true(MBCF_WIRE_HDR + MBCF_FRAG_MAX + 48 <= MBCF_WIRE_MAX);
}

static void test_valid_frames(void **state)
{
    (void)state;
    struct mbcf_frame f;
    struct mbcf_wire_hdr h = put_hdr(0, MBCF_FRAG_MAX, 5000);
    uint32_t n = make(&h, NULL);
    assert_int_equal(mbcf_wire_parse(buf, n, &f), MBCF_WIRE_OK);
    assert_int_equal(f.h.len, MBCF_FRAG_MAX);
    assert_ptr_equal(f.data, buf + MBCF_WIRE_HDR);
    h = put_hdr(4224, 776, 5000);             /* last fragment */
    assert_int_equal(parse(make(&h, NULL)), MBCF_WIRE_OK);
    h = put_hdr(0, 0, 0);                     /* empty write */
    assert_int_equal(parse(make(&h, NULL)), MBCF_WIRE_OK);
    /* FIFO entry with a piggybacked ack carrying two refusals */
    memset(&h, 0, sizeof h);
    h.type = MBCF_T_DATA;
    h.op = MBCF_OP_FIFO;
    h.flags = MBCF_F_FIRST | MBCF_F_LAST | MBCF_F_ACK | MBCF_F_GAP;
    h.len = h.total = 1400;
    h.addr = 0x500000;
    h.ack = 100;
    h.err_mask = (1ull << 3) | (1ull << 63);
    h.nstat = 2;
    uint8_t st[2] = { MBCF_E_READONLY, MBCF_E_FIFO_FULL };
    n = make(&h, st);
    assert_int_equal(n, MBCF_WIRE_HDR + 1402);
    assert_int_equal(mbcf_wire_parse(buf, n, &f), MBCF_WIRE_OK);
    assert_int_equal(mbcf_wire_status_of(&f, 100 - 64 + 3), MBCF_E_READONLY);
    assert_int_equal(mbcf_wire_status_of(&f, 99), MBCF_E_FIFO_FULL);
    assert_int_equal(mbcf_wire_status_of(&f, 98), MBCF_OK);
    assert_int_equal(mbcf_wire_status_of(&f, 100), MBCF_OK);   /* not covered */
    assert_int_equal(mbcf_wire_status_of(&f, 35), MBCF_OK);    /* not covered */
    /* pure ack */
    memset(&h, 0, sizeof h);
    h.type = MBCF_T_ACK;
    h.flags = MBCF_F_ACK | MBCF_F_BUSY;
    h.ack = 7;
    assert_int_equal(parse(make(&h, NULL)), MBCF_WIRE_OK);
    /* liveness probe (an ack asking for one) and "node leaving" */
    h.flags = MBCF_F_ACK | MBCF_F_PROBE;
    assert_int_equal(parse(make(&h, NULL)), MBCF_WIRE_OK);
    h.type = MBCF_T_BYE;
    h.flags = MBCF_F_ACK;
    assert_int_equal(parse(make(&h, NULL)), MBCF_WIRE_OK);
}

static void test_status_of_wraps(void **state)
{
    (void)state;
    struct mbcf_frame f;
    memset(&f, 0, sizeof f);
    uint8_t st[1] = { MBCF_E_UNMAPPED };
    f.h.flags = MBCF_F_ACK;
    f.h.ack = 2;                               /* covers 0xffffffc2 .. 1 */
    f.h.err_mask = 1ull << 62;                 /* seq 0 */
    f.h.nstat = 1;
    f.status = st;
    assert_int_equal(mbcf_wire_status_of(&f, 0), MBCF_E_UNMAPPED);
    assert_int_equal(mbcf_wire_status_of(&f, 0xffffffffu), MBCF_OK);
    assert_int_equal(mbcf_wire_status_of(&f, 1), MBCF_OK);
}

/* A wide ACK (MBCF_F_WIDE): err_hi in total/offset covers ack-128 .. ack-65,
 * its status bytes first; parsed, and the status of each frame found. */
static void test_wide_ack(void **state)
{
    (void)state;
    struct mbcf_wire_hdr h;
    memset(&h, 0, sizeof h);
    h.type = MBCF_T_ACK;
    h.flags = MBCF_F_ACK | MBCF_F_WIDE;
    h.ack = 1000;
    mbcf_wire_set_err_hi(&h, (1ull << 0) | (1ull << 40));   /* frames 872, 912 */
    h.err_mask = 1ull << 63;                                 /* frame 999 */
    h.nstat = 3;
    const uint8_t st[3] = { MBCF_E_UNMAPPED, MBCF_E_READONLY, MBCF_E_NOTASK };
    struct mbcf_frame f;
    assert_int_equal(mbcf_wire_parse(buf, make(&h, st), &f), MBCF_WIRE_OK);
    assert_int_equal(mbcf_wire_span(&f), 128);
    assert_int_equal(mbcf_wire_status_of(&f, 872), MBCF_E_UNMAPPED);
    assert_int_equal(mbcf_wire_status_of(&f, 912), MBCF_E_READONLY);
    assert_int_equal(mbcf_wire_status_of(&f, 999), MBCF_E_NOTASK);
    assert_int_equal(mbcf_wire_status_of(&f, 873), MBCF_OK);
    assert_int_equal(mbcf_wire_status_of(&f, 871), MBCF_OK);   /* beyond the span */
    h.nstat = 2;                                             /* popcount of both masks */
    assert_int_equal(mbcf_wire_parse(buf, make(&h, st), &f), MBCF_WIRE_STATUS);
    h.nstat = 3;
    h.flags &= (uint8_t)~MBCF_F_WIDE;                        /* total/offset set: not wide */
    assert_int_equal(mbcf_wire_parse(buf, make(&h, st), &f), MBCF_WIRE_STATUS);
    h.err_mask = 0;                                          /* a narrow frame's span */
    h.nstat = 0;
    mbcf_wire_set_err_hi(&h, 0);
    assert_int_equal(mbcf_wire_parse(buf, make(&h, st), &f), MBCF_WIRE_OK);
    assert_int_equal(mbcf_wire_span(&f), 64);
    struct mbcf_wire_hdr d = put_hdr(0, 100, 100);           /* never on DATA */
    d.flags |= MBCF_F_WIDE;
    assert_int_equal(mbcf_wire_parse(buf, make(&d, NULL), &f), MBCF_WIRE_FLAGS);
}

static void test_malformed(void **state)
{
    (void)state;
    struct mbcf_wire_hdr h = put_hdr(0, 100, 100);
    uint32_t n = make(&h, NULL);
    assert_int_equal(parse(0), MBCF_WIRE_SHORT);
    assert_int_equal(parse(MBCF_WIRE_HDR - 1), MBCF_WIRE_SHORT);
    assert_int_equal(parse(n - 1), MBCF_WIRE_LENGTH);
    assert_int_equal(parse(n + 1), MBCF_WIRE_LENGTH);
    assert_int_equal(parse(MBCF_WIRE_MAX + 1), MBCF_WIRE_LENGTH);
    struct mbcf_wire_hdr b;
#define BAD(mod, want) do { b = h; mod; assert_int_equal(parse(make(&b, (const uint8_t *)"\x03\x03")), want); } while (0)
    BAD(b.type = 0, MBCF_WIRE_TYPE);
    BAD(b.type = 4, MBCF_WIRE_TYPE);
    BAD(b.type = MBCF_T_BYE, MBCF_WIRE_TYPE);                  /* BYE with an op */
    BAD(b.op = 0, MBCF_WIRE_TYPE);
    BAD(b.op = 3, MBCF_WIRE_TYPE);
    BAD(b.flags |= MBCF_F_WIDE, MBCF_WIRE_FLAGS);              /* wide status on DATA */
    BAD(b.flags |= MBCF_F_SACK, MBCF_WIRE_FLAGS);              /* SACK on DATA */
    BAD(b.flags |= MBCF_F_PROBE, MBCF_WIRE_FLAGS);             /* probe on DATA */
    BAD(b.flags &= (uint8_t)~MBCF_F_LAST, MBCF_WIRE_FLAGS);
    BAD(b.flags &= (uint8_t)~MBCF_F_FIRST, MBCF_WIRE_FLAGS);
    BAD(b.flags |= MBCF_F_GAP, MBCF_WIRE_FLAGS);               /* GAP without ACK */
    BAD(b.ack = 3, MBCF_WIRE_STATUS);                          /* ack field without ACK */
    BAD((b.flags |= MBCF_F_ACK, b.err_mask = 3, b.nstat = 1), MBCF_WIRE_STATUS);
    BAD((b.flags |= MBCF_F_ACK, b.err_mask = 1, b.nstat = 2), MBCF_WIRE_STATUS);
    BAD(b.total = 99, MBCF_WIRE_RANGE);                        /* offset+len > total */
    BAD(b.total = MBCF_PUT_MAX + 1, MBCF_WIRE_RANGE);
    BAD((b.len = MBCF_FRAG_MAX + 1, b.total = MBCF_FRAG_MAX + 1), MBCF_WIRE_RANGE);
    BAD((b.len = 0, b.total = 10, b.flags = MBCF_F_FIRST), MBCF_WIRE_RANGE);
    BAD((b.addr = ~0ull - 50), MBCF_WIRE_RANGE);               /* wraps */
    BAD((b.offset = 8, b.total = 108, b.addr = 4, b.flags = MBCF_F_LAST), MBCF_WIRE_RANGE);
    /* status byte out of range */
    b = h;
    b.flags |= MBCF_F_ACK;
    b.err_mask = 1;
    b.nstat = 1;
    assert_int_equal(parse(make(&b, (const uint8_t *)"\x00")), MBCF_WIRE_STATUS);
    assert_int_equal(parse(make(&b, (const uint8_t *)"\x0f")), MBCF_WIRE_STATUS);
    assert_int_equal(parse(make(&b, (const uint8_t *)"\x0e")), MBCF_WIRE_OK);
    /* FIFO specifics */
    b = h;
    b.op = MBCF_OP_FIFO;
    assert_int_equal(parse(make(&b, NULL)), MBCF_WIRE_OK);
    BAD((b.op = MBCF_OP_FIFO, b.total = 101), MBCF_WIRE_RANGE);
    BAD((b.op = MBCF_OP_FIFO, b.flags = MBCF_F_FIRST), MBCF_WIRE_FLAGS);
    BAD((b.op = MBCF_OP_FIFO, b.len = 1401, b.total = 1401), MBCF_WIRE_RANGE);
    /* ACK frames carry nothing else */
    struct mbcf_wire_hdr a;
    memset(&a, 0, sizeof a);
    a.type = MBCF_T_ACK;
    a.flags = MBCF_F_ACK;
    h = a;
    BAD(b.op = 1, MBCF_WIRE_TYPE);
    BAD(b.flags = 0, MBCF_WIRE_FLAGS);
    BAD(b.flags |= MBCF_F_FIRST, MBCF_WIRE_FLAGS);
    BAD(b.len = 4, MBCF_WIRE_RANGE);
    BAD(b.seq = 4, MBCF_WIRE_RANGE);
    BAD(b.addr = 4, MBCF_WIRE_RANGE);                          /* addr without SACK */
    BAD((b.flags |= MBCF_F_SACK, b.addr = 1ull << 63), MBCF_WIRE_RANGE);  /* > 63 ahead */
    b = a;                                     /* SACK mask: frames held beyond ack */
    b.flags |= MBCF_F_SACK;
    b.addr = (1ull << 62) | 5;
    assert_int_equal(parse(make(&b, NULL)), MBCF_WIRE_OK);
    b.flags |= MBCF_F_PROBE;
    assert_int_equal(parse(make(&b, NULL)), MBCF_WIRE_OK);
    a.type = MBCF_T_BYE;                       /* BYE: the same, and no probe, no SACK */
    h = a;
    BAD((b.flags |= MBCF_F_SACK, b.addr = 1), MBCF_WIRE_FLAGS);
    BAD(b.op = 1, MBCF_WIRE_TYPE);
    BAD(b.flags = 0, MBCF_WIRE_FLAGS);
    BAD(b.flags |= MBCF_F_PROBE, MBCF_WIRE_FLAGS);
    BAD(b.len = 4, MBCF_WIRE_RANGE);
#undef BAD
    assert_string_equal(mbcf_wire_err_name(MBCF_WIRE_RANGE), "range");
    assert_string_equal(mbcf_wire_err_name(99), "?");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_header_size),
        cmocka_unit_test(test_valid_frames),
        cmocka_unit_test(test_status_of_wraps),
        cmocka_unit_test(test_wide_ack),
        cmocka_unit_test(test_malformed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
