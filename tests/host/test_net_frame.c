/* test_net_frame.c - cmocka tests for the portable frame builder/classifier
 * (kernel/net/net_frame.c): valid frames of several sizes, padding, and every
 * drop reason (runt, oversize, foreign ethertype, unknown source, bad header). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "net_frame.h"

static uint8_t frame[CLUSTER_FRAME_MAX + 64];

/* The payload buffer has room for one byte more than the largest payload:
 * the too-long case asks for CLUSTER_PAYLOAD_MAX + 1 bytes (the builder must
 * refuse it), and filling them must stay inside the buffer (ASan found the
 * fill writing one byte past a CLUSTER_PAYLOAD_MAX buffer). */
static int build(int src, int dst, uint8_t kind, uint32_t len)
{
    static uint8_t payload[CLUSTER_PAYLOAD_MAX + 1];
    assert_true(len <= sizeof payload);
    for (uint32_t i = 0; i < len; i++)
        payload[i] = (uint8_t)(i * 7 + 3);
    return net_frame_build(frame, src, dst, kind, payload, len);
}

static void test_mac_roundtrip(void **st)
{
    (void)st;
    uint8_t mac[6];
    net_mac_of_rank(0x0102, mac);
    assert_int_equal(mac[0], 0x52);
    assert_int_equal(mac[3], 0xC1);
    assert_int_equal(mac[4], 0x01);
    assert_int_equal(mac[5], 0x02);
    assert_int_equal(net_rank_of_mac(mac, 0x103), 0x102);
    assert_int_equal(net_rank_of_mac(mac, 0x102), -1);  /* rank == nodes */
    mac[3] = 0xC2;
    assert_int_equal(net_rank_of_mac(mac, 0x1000), -1);
}

static void test_valid_sizes(void **st)
{
    (void)st;
    const uint32_t sizes[] = { 0, 1, 41, 42, 43, 100, 1024, CLUSTER_PAYLOAD_MAX };
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        uint32_t len = sizes[k];
        int n = build(1, 3, CLUSTER_KIND_RAW, len);
        uint32_t want = NET_HDRS_LEN + len < NET_ETH_MIN ? NET_ETH_MIN : NET_HDRS_LEN + len;
        assert_int_equal(n, (int)want);
        struct net_frame_info fi;
        assert_int_equal(net_frame_classify(frame, (uint32_t)n, 4, &fi), NET_OK);
        assert_int_equal(fi.src_rank, 1);
        assert_int_equal(fi.dst_rank, 3);
        assert_int_equal(fi.kind, CLUSTER_KIND_RAW);
        assert_int_equal(fi.length, len);
        for (uint32_t i = 0; i < len; i++)
            assert_int_equal(fi.payload[i], (uint8_t)(i * 7 + 3));
    }
    assert_int_equal(build(0, 1, CLUSTER_KIND_RAW, CLUSTER_PAYLOAD_MAX), CLUSTER_FRAME_MAX);
}

static void test_too_long_payload_rejected(void **st)
{
    (void)st;
    assert_int_equal(build(0, 1, CLUSTER_KIND_RAW, CLUSTER_PAYLOAD_MAX + 1), -1);
}

static void test_other_kinds(void **st)
{
    (void)st;
    int n = build(2, 0, CLUSTER_KIND_MBCF, 64);
    struct net_frame_info fi;
    assert_int_equal(net_frame_classify(frame, (uint32_t)n, 3, &fi), NET_OK);
    assert_int_equal(fi.kind, CLUSTER_KIND_MBCF);
    n = build(1, 0, CLUSTER_KIND_CTRL, 1);
    assert_int_equal(net_frame_classify(frame, (uint32_t)n, 3, &fi), NET_OK);
    assert_int_equal(fi.kind, CLUSTER_KIND_CTRL);
    assert_true(net_kind_known(CLUSTER_KIND_RAW));
    assert_false(net_kind_known(0));
    assert_true(net_kind_known(CLUSTER_KIND_TOFU));
    assert_false(net_kind_known(CLUSTER_KIND_TOFU + 1));
}

static void test_runt(void **st)
{
    (void)st;
    struct net_frame_info fi;
    build(0, 1, CLUSTER_KIND_RAW, 0);
    assert_int_equal(net_frame_classify(frame, 10, 2, &fi), NET_DROP_RUNT);
    assert_int_equal(net_frame_classify(frame, NET_HDRS_LEN - 1, 2, &fi), NET_DROP_RUNT);
    assert_int_equal(net_frame_classify(frame, NET_HDRS_LEN, 2, &fi), NET_OK);
}

static void test_oversize(void **st)
{
    (void)st;
    struct net_frame_info fi;
    build(0, 1, CLUSTER_KIND_RAW, CLUSTER_PAYLOAD_MAX);
    assert_int_equal(net_frame_classify(frame, CLUSTER_FRAME_MAX + 1, 2, &fi),
                     NET_DROP_OVERSIZE);
}

static void test_foreign_ethertype(void **st)
{
    (void)st;
    struct net_frame_info fi;
    int n = build(0, 1, CLUSTER_KIND_RAW, 20);
    frame[12] = 0x08; frame[13] = 0x00;   /* IPv4 */
    assert_int_equal(net_frame_classify(frame, (uint32_t)n, 2, &fi), NET_DROP_ETHERTYPE);
    frame[12] = 0xB5; frame[13] = 0x88;   /* byte-swapped ours */
    assert_int_equal(net_frame_classify(frame, (uint32_t)n, 2, &fi), NET_DROP_ETHERTYPE);
}

static void test_unknown_source(void **st)
{
    (void)st;
    struct net_frame_info fi;
    int n = build(5, 1, CLUSTER_KIND_RAW, 20);
    assert_int_equal(net_frame_classify(frame, (uint32_t)n, 4, &fi), NET_DROP_UNKNOWN_SRC);
    assert_int_equal(net_frame_classify(frame, (uint32_t)n, 6, &fi), NET_OK);
    frame[6] = 0x02;   /* foreign vendor prefix */
    assert_int_equal(net_frame_classify(frame, (uint32_t)n, 6, &fi), NET_DROP_UNKNOWN_SRC);
}

static void test_bad_kind_and_version(void **st)
{
    (void)st;
    struct net_frame_info fi;
    int n = build(0, 1, CLUSTER_KIND_RAW, 20);
    frame[CLUSTER_ETH_HDR] = 0x77;
    assert_int_equal(net_frame_classify(frame, (uint32_t)n, 2, &fi), NET_DROP_BAD_HEADER);
    frame[CLUSTER_ETH_HDR] = 0;
    assert_int_equal(net_frame_classify(frame, (uint32_t)n, 2, &fi), NET_DROP_BAD_HEADER);
    frame[CLUSTER_ETH_HDR] = CLUSTER_KIND_RAW;
    frame[CLUSTER_ETH_HDR + 1] = CLUSTER_WIRE_VERSION + 1;
    assert_int_equal(net_frame_classify(frame, (uint32_t)n, 2, &fi), NET_DROP_BAD_HEADER);
}

static void set_length(uint16_t len)
{
    memcpy(frame + CLUSTER_ETH_HDR + 2, &len, 2);
}

static void test_bad_length_field(void **st)
{
    (void)st;
    struct net_frame_info fi;
    /* Longer than the frame. */
    int n = build(0, 1, CLUSTER_KIND_RAW, 100);
    set_length(101);
    assert_int_equal(net_frame_classify(frame, (uint32_t)n, 2, &fi), NET_DROP_BAD_HEADER);
    /* Shorter than a frame above the Ethernet minimum: trailing garbage. */
    set_length(99);
    assert_int_equal(net_frame_classify(frame, (uint32_t)n, 2, &fi), NET_DROP_BAD_HEADER);
    set_length(0xFFFF);
    assert_int_equal(net_frame_classify(frame, (uint32_t)n, 2, &fi), NET_DROP_BAD_HEADER);
    /* Padding inside the 60-byte minimum is fine. */
    n = build(0, 1, CLUSTER_KIND_RAW, 5);
    assert_int_equal(n, NET_ETH_MIN);
    assert_int_equal(net_frame_classify(frame, (uint32_t)n, 2, &fi), NET_OK);
    assert_int_equal(fi.length, 5);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mac_roundtrip),
        cmocka_unit_test(test_valid_sizes),
        cmocka_unit_test(test_too_long_payload_rejected),
        cmocka_unit_test(test_other_kinds),
        cmocka_unit_test(test_runt),
        cmocka_unit_test(test_oversize),
        cmocka_unit_test(test_foreign_ethertype),
        cmocka_unit_test(test_unknown_source),
        cmocka_unit_test(test_bad_kind_and_version),
        cmocka_unit_test(test_bad_length_field),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
