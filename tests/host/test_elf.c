/* test_elf.c - host tests of kernel/elf.c: a valid static executable image is
 * accepted with the right segments; every kind of malformed file is refused
 * with a reason; random corruption never crashes the parser nor yields
 * segments outside the file or the user range. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "elf.h"

#define LIMIT 0x0000100000000000ull

/* Little-endian gABI layouts, written field by field. */
struct eh { uint8_t id[16]; uint16_t type, machine; uint32_t version; uint64_t entry, phoff, shoff;
            uint32_t flags; uint16_t ehsize, phentsize, phnum, shentsize, shnum, shstrndx; };
struct ph { uint32_t type, flags; uint64_t offset, vaddr, paddr, filesz, memsz, align; };

static uint8_t img[0x3000];

/* text segment at 0x400000 (file 0..0x1100, holds the headers), data at
 * 0x402100 (file 0x2100..0x2200, memsz 0x1000), plus a PT_GNU_STACK. */
static void make_valid(void)
{
    memset(img, 0, sizeof img);
    struct eh e = { { 0x7f, 'E', 'L', 'F', 2, 1, 1 }, 2, 62, 1, 0x400100, 64, 0, 0, 64, 56, 3, 0, 0, 0 };
    memcpy(img, &e, sizeof e);
    struct ph p[3] = {
        { 1, 5, 0, 0x400000, 0x400000, 0x1100, 0x1100, 0x1000 },
        { 1, 6, 0x2100, 0x402100, 0x402100, 0x100, 0x1000, 0x1000 },
        { 0x6474e551, 6, 0, 0, 0, 0, 0, 16 },
    };
    memcpy(img + 64, p, sizeof p);
}

static struct ph *phdr(int i) { return (struct ph *)(void *)(img + 64 + 56 * i); }
static struct eh *ehdr(void) { return (struct eh *)(void *)img; }

static int parse(uint64_t size, char *err)
{
    struct elf_info ei;
    return elf_parse(img, size, LIMIT, &ei, err, 128);
}

static void valid_image_is_accepted(void **s)
{
    (void)s;
    make_valid();
    struct elf_info ei;
    char err[128] = "";
    assert_int_equal(elf_parse(img, sizeof img, LIMIT, &ei, err, sizeof err), 0);
    assert_int_equal(ei.nseg, 2);
    assert_int_equal(ei.entry, 0x400100);
    assert_int_equal(ei.phdr_vaddr, 0x400040);
    assert_int_equal(ei.phnum, 3);
    assert_int_equal(ei.lo, 0x400000);
    assert_int_equal(ei.hi, 0x403100);
    assert_int_equal(ei.seg[1].filesz, 0x100);
    assert_int_equal(ei.seg[1].memsz, 0x1000);
    assert_int_equal(ei.bias, 0);
}

static void static_pie_gets_fixed_bias(void **s)
{
    (void)s;
    make_valid();
    ehdr()->type = 3;
    for (int i = 0; i < 2; i++)
        phdr(i)->vaddr -= 0x400000;
    ehdr()->entry -= 0x400000;
    struct elf_info ei;
    char err[128];
    assert_int_equal(elf_parse(img, sizeof img, LIMIT, &ei, err, sizeof err), 0);
    assert_int_equal(ei.bias, ELF_DYN_BIAS);
    assert_int_equal(ei.entry, 0x400100);
    assert_int_equal(ei.seg[0].vaddr, 0x400000);
}

/* Each case: a mutation of the valid image and a word of the expected reason. */
static void expect_refused(void (*mutate)(void), uint64_t size, const char *word)
{
    make_valid();
    mutate();
    char err[128] = "";
    assert_int_equal(parse(size, err), -1);
    assert_non_null(strstr(err, word));
}

static void m_none(void) {}
static void m_magic(void) { img[1] = 'X'; }
static void m_class(void) { img[4] = 1; }
static void m_endian(void) { img[5] = 2; }
static void m_version(void) { ehdr()->version = 2; }
static void m_machine(void) { ehdr()->machine = 3; }
static void m_type(void) { ehdr()->type = 1; }
static void m_phentsize(void) { ehdr()->phentsize = 32; }
static void m_phnum0(void) { ehdr()->phnum = 0; }
static void m_phnum_huge(void) { ehdr()->phnum = 60000; }
static void m_phoff(void) { ehdr()->phoff = sizeof img - 10; }
static void m_phoff_wrap(void) { ehdr()->phoff = UINT64_MAX - 8; }
static void m_filesz(void) { phdr(1)->filesz = 0x2000; }
static void m_offset(void) { phdr(1)->offset = sizeof img; phdr(1)->vaddr = 0x403000; }
static void m_offset_wrap(void) { phdr(1)->offset = UINT64_MAX - 0x10; phdr(1)->vaddr = 0x402ff0; }
static void m_low(void) { phdr(0)->vaddr = 0; ehdr()->entry = 0x100; }
static void m_high(void) { phdr(1)->vaddr = LIMIT - 0x800 + 0x100; }
static void m_memsz_wrap(void) { phdr(1)->memsz = UINT64_MAX - 0x100; }
static void m_overlap(void) { phdr(1)->vaddr = 0x400100; phdr(1)->offset = 0x2100; }
static void m_congruent(void) { phdr(1)->vaddr = 0x402200; }
static void m_entry(void) { ehdr()->entry = 0x402100; }
static void m_interp(void) { phdr(2)->type = 3; }
static void m_noload(void) { phdr(0)->type = 4; phdr(1)->type = 4; }
static void m_phdr_uncovered(void) { phdr(0)->offset = 0x1000; phdr(0)->vaddr = 0x401000; phdr(0)->filesz = 0x100; phdr(0)->memsz = 0x100; ehdr()->entry = 0x401010; }

static void malformed_files_are_refused(void **s)
{
    (void)s;
    expect_refused(m_none, 10, "too short");
    expect_refused(m_none, 0, "too short");
    expect_refused(m_magic, sizeof img, "magic");
    expect_refused(m_class, sizeof img, "64-bit");
    expect_refused(m_endian, sizeof img, "little-endian");
    expect_refused(m_version, sizeof img, "version");
    expect_refused(m_machine, sizeof img, "x86-64");
    expect_refused(m_type, sizeof img, "type");
    expect_refused(m_phentsize, sizeof img, "header size");
    expect_refused(m_phnum0, sizeof img, "count");
    expect_refused(m_phnum_huge, sizeof img, "count");
    expect_refused(m_phoff, sizeof img, "outside the file");
    expect_refused(m_phoff_wrap, sizeof img, "outside the file");
    expect_refused(m_none, 200, "outside the file");       /* truncated inside the program headers */
    expect_refused(m_none, 0x2150, "outside the file");    /* truncated inside the data segment */
    expect_refused(m_filesz, sizeof img, "file size larger");
    expect_refused(m_offset, sizeof img, "outside the file");
    expect_refused(m_offset_wrap, sizeof img, "outside the file");
    expect_refused(m_low, sizeof img, "user address range");
    expect_refused(m_high, sizeof img, "user address range");
    expect_refused(m_memsz_wrap, sizeof img, "user address range");
    expect_refused(m_overlap, sizeof img, "overlap");
    expect_refused(m_congruent, sizeof img, "congruent");
    expect_refused(m_entry, sizeof img, "entry point");
    expect_refused(m_interp, sizeof img, "dynamically linked");
    expect_refused(m_noload, sizeof img, "no loadable");
    expect_refused(m_phdr_uncovered, sizeof img, "AT_PHDR");
}

static void null_buffer_is_refused(void **s)
{
    (void)s;
    struct elf_info ei;
    char err[8];
    assert_int_equal(elf_parse(NULL, 100, LIMIT, &ei, err, sizeof err), -1);
    assert_true(strlen(err) < sizeof err);   /* reason truncated, still terminated */
}

static void random_corruption_is_safe(void **s)
{
    (void)s;
    srand(1234);
    int accepted = 0;
    for (int round = 0; round < 20000; round++) {
        make_valid();
        int flips = 1 + rand() % 8;
        for (int i = 0; i < flips; i++)
            img[rand() % 232] ^= (uint8_t)(1u << (rand() % 8));   /* headers only */
        uint64_t size = (round % 5 == 0) ? (uint64_t)(rand() % sizeof img) : sizeof img;
        struct elf_info ei;
        char err[128];
        if (elf_parse(img, size, LIMIT, &ei, err, sizeof err) == 0) {
            accepted++;
            for (int j = 0; j < ei.nseg; j++) {
                assert_true(ei.seg[j].offset + ei.seg[j].filesz <= size);
                assert_true(ei.seg[j].filesz <= ei.seg[j].memsz);
                assert_true(ei.seg[j].vaddr >= ELF_MIN_VADDR);
                assert_true(ei.seg[j].vaddr + ei.seg[j].memsz <= LIMIT);
            }
        } else {
            assert_true(strlen(err) > 0);
        }
    }
    assert_true(accepted > 0);   /* some flips (e.g. in flags or padding) are harmless */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(valid_image_is_accepted),
        cmocka_unit_test(static_pie_gets_fixed_bias),
        cmocka_unit_test(malformed_files_are_refused),
        cmocka_unit_test(null_buffer_is_refused),
        cmocka_unit_test(random_corruption_is_safe),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
