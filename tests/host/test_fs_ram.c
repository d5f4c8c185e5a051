/* test_fs_ram.c - host tests of kernel/fs_ram.c: path walk ("."/".."/slashes,
 * ENAMETOOLONG, ENOTDIR), open flags, sparse read/write and truncate, the
 * unlink/rmdir/rename rules, readdir positions, getcwd paths, and a bounded
 * allocator: full is ENOSPC, what was written stays, unlink gives it back. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "fs_ram.h"

static long budget; /* allocations left; < 0 unlimited */
static long live;   /* allocations not freed */

static void *t_alloc(void *ctx, size_t n)
{
    (void)ctx;
    if (budget == 0)
        return NULL;
    if (budget > 0)
        budget--;
    live++;
    return calloc(1, n);
}
static void t_free(void *ctx, void *p, size_t n)
{
    (void)ctx;
    (void)n;
    live--;
    free(p);
}

static struct fs fs;
static int fs_made;
static void setup(void)
{
    static const struct fs_ops ops = { t_alloc, t_free, NULL, NULL };
    if (fs_made)
        fs_fini(&fs);      /* the previous test's tree */
    fs_made = 1;
    budget = -1;
    live = 0;
    assert_int_equal(fs_init(&fs, &ops), 0);
}

static int cp_in(void *c, uint64_t at, void *blk, size_t n)
{
    memcpy(blk, (const char *)c + at, n);
    return 0;
}
static int cp_out(void *c, uint64_t at, void *blk, size_t n)
{
    memcpy((char *)c + at, blk, n);
    return 0;
}
static int cp_fault(void *c, uint64_t at, void *blk, size_t n)
{
    (void)c;
    (void)blk;
    (void)n;
    return at >= FS_BLOCK ? -1 : 0; /* the second block's source is unmapped */
}

static int cp_bad(void *c, uint64_t at, void *blk, size_t n)
{
    (void)c;
    (void)at;
    (void)blk;
    (void)n;
    return -1;
}

static int cp_half(void *c, uint64_t at, void *blk, size_t n) /* copies half, then faults */
{
    (void)c;
    (void)at;
    memset(blk, 0x77, n / 2);
    return -1;
}

static void paths(void **s)
{
    (void)s;
    setup();
    assert_int_equal(fs_mkdir(&fs, FS_ROOT, "/a", 0755), 0);
    assert_int_equal(fs_mkdir(&fs, FS_ROOT, "a//b/", 0755), 0);
    int b = fs_lookup(&fs, FS_ROOT, "/a/b");
    assert_true(b > FS_ROOT);
    assert_int_equal(fs_lookup(&fs, b, "../../a/./b//"), b);
    assert_int_equal(fs_lookup(&fs, FS_ROOT, "/.."), FS_ROOT);
    assert_int_equal(fs_lookup(&fs, FS_ROOT, "///"), FS_ROOT);
    assert_int_equal(fs_lookup(&fs, FS_ROOT, ""), -FS_ENOENT);
    assert_int_equal(fs_lookup(&fs, FS_ROOT, "/a/x/b"), -FS_ENOENT);
    int f = fs_open(&fs, b, "f", FS_O_CREAT | FS_O_RDWR, 0644);
    assert_true(f > 0);
    assert_int_equal(fs_lookup(&fs, FS_ROOT, "/a/b/f/"), -FS_ENOTDIR);
    assert_int_equal(fs_lookup(&fs, FS_ROOT, "/a/b/f/g"), -FS_ENOTDIR);
    char name[300];
    memset(name, 'x', sizeof name);
    name[256] = 0;
    assert_int_equal(fs_open(&fs, FS_ROOT, name, FS_O_CREAT, 0), -FS_ENAMETOOLONG);
    name[255] = 0;
    assert_true(fs_open(&fs, FS_ROOT, name, FS_O_CREAT, 0) > 0); /* NAME_MAX itself is fine */
    char *lp = malloc(FS_PATH_MAX + 1);
    memset(lp, '/', FS_PATH_MAX);
    lp[FS_PATH_MAX] = 0;
    assert_int_equal(fs_lookup(&fs, FS_ROOT, lp), -FS_ENAMETOOLONG);
    free(lp);
    char buf[16];
    assert_int_equal(fs_path(&fs, b, buf, sizeof buf), 5);
    assert_string_equal(buf, "/a/b");
    assert_int_equal(fs_path(&fs, b, buf, 4), -FS_ERANGE);
    assert_int_equal(fs_path(&fs, FS_ROOT, buf, sizeof buf), 2);
    assert_string_equal(buf, "/");
}

static void open_flags(void **s)
{
    (void)s;
    setup();
    assert_int_equal(fs_open(&fs, FS_ROOT, "f", FS_O_RDONLY, 0), -FS_ENOENT);
    int f = fs_open(&fs, FS_ROOT, "f", FS_O_CREAT | FS_O_WRONLY, 0644);
    assert_true(f > 0);
    assert_int_equal(fs_open(&fs, FS_ROOT, "f", FS_O_CREAT | FS_O_EXCL, 0), -FS_EEXIST);
    assert_int_equal(fs_open(&fs, FS_ROOT, "f", FS_O_DIRECTORY, 0), -FS_ENOTDIR);
    assert_int_equal(fs_open(&fs, FS_ROOT, "/", FS_O_WRONLY, 0), -FS_EISDIR);
    assert_int_equal(fs_open(&fs, FS_ROOT, "new/", FS_O_CREAT | FS_O_WRONLY, 0), -FS_EISDIR);
    assert_int_equal(fs_write(&fs, f, 0, 5, cp_in, "hello"), 5);
    assert_int_equal(fs_open(&fs, FS_ROOT, "f", FS_O_RDONLY | FS_O_TRUNC, 0), f); /* read-only: kept */
    struct fs_stat st;
    fs_stat(&fs, f, &st);
    assert_int_equal(st.size, 5);
    assert_int_equal(fs_open(&fs, FS_ROOT, "f", FS_O_WRONLY | FS_O_TRUNC, 0), f);
    fs_stat(&fs, f, &st);
    assert_int_equal(st.size, 0);
}

static void data(void **s)
{
    (void)s;
    setup();
    int f = fs_open(&fs, FS_ROOT, "f", FS_O_CREAT | FS_O_RDWR, 0644);
    char out[16] = { 0 };
    assert_int_equal(fs_write(&fs, f, 3 * FS_BLOCK - 2, 4, cp_in, "abcd"), 4); /* spans blocks 2 and 3 */
    struct fs_stat st;
    fs_stat(&fs, f, &st);
    assert_int_equal(st.size, 3 * FS_BLOCK + 2);
    assert_int_equal(st.blocks512, 2 * FS_BLOCK / 512); /* blocks 0, 1 are holes */
    assert_int_equal(fs_read(&fs, f, 10, 4, cp_out, out), 4);
    assert_memory_equal(out, "\0\0\0\0", 4);
    assert_int_equal(fs_read(&fs, f, 3 * FS_BLOCK - 2, 16, cp_out, out), 4); /* short at the end */
    assert_memory_equal(out, "abcd", 4);
    assert_int_equal(fs_read(&fs, f, 1ull << 50, 4, cp_out, out), 0);
    assert_int_equal(fs_write(&fs, f, FS_MAX_FILE, 1, cp_in, "x"), -FS_EFBIG);
    assert_int_equal(fs_truncate(&fs, f, 3 * FS_BLOCK - 1), 0);
    assert_int_equal(fs_truncate(&fs, f, 3 * FS_BLOCK + 2), 0); /* grown part reads zeros */
    assert_int_equal(fs_read(&fs, f, 3 * FS_BLOCK - 2, 4, cp_out, out), 4);
    assert_memory_equal(out, "a\0\0\0", 4);
    /* a fault in the middle: the first block's bytes count, nothing else */
    int g = fs_open(&fs, FS_ROOT, "g", FS_O_CREAT | FS_O_RDWR, 0644);
    assert_int_equal(fs_write(&fs, g, 0, 2 * FS_BLOCK, cp_fault, NULL), FS_BLOCK);
    assert_int_equal(fs_write(&fs, g, FS_BLOCK, 8, cp_bad, NULL), -FS_EFAULT);
    fs_stat(&fs, g, &st);
    assert_int_equal(st.size, FS_BLOCK);
    assert_int_equal(fs_read(&fs, FS_ROOT, 0, 1, cp_out, out), -FS_EISDIR);
    /* a copy that faults half-way leaves no bytes past the end of file */
    assert_int_equal(fs_write(&fs, g, 2 * FS_BLOCK, 64, cp_half, NULL), -FS_EFAULT);
    assert_int_equal(fs_truncate(&fs, g, 2 * FS_BLOCK + 64), 0);
    assert_int_equal(fs_read(&fs, g, 2 * FS_BLOCK, 4, cp_out, out), 4);
    assert_memory_equal(out, "\0\0\0\0", 4);
}

static void tree_rules(void **s)
{
    (void)s;
    setup();
    fs_mkdir(&fs, FS_ROOT, "d", 0755);
    fs_mkdir(&fs, FS_ROOT, "d/e", 0755);
    int f = fs_open(&fs, FS_ROOT, "d/f", FS_O_CREAT | FS_O_RDWR, 0644);
    assert_int_equal(fs_remove(&fs, FS_ROOT, "d", 1), -FS_ENOTEMPTY);
    assert_int_equal(fs_remove(&fs, FS_ROOT, "d", 0), -FS_EISDIR);
    assert_int_equal(fs_remove(&fs, FS_ROOT, "d/f", 1), -FS_ENOTDIR);
    assert_int_equal(fs_remove(&fs, FS_ROOT, "/", 1), -FS_EBUSY);
    assert_int_equal(fs_remove(&fs, FS_ROOT, "d/.", 1), -FS_EINVAL);
    assert_int_equal(fs_rename(&fs, FS_ROOT, "d", FS_ROOT, "d/e/x"), -FS_EINVAL);
    assert_int_equal(fs_rename(&fs, FS_ROOT, "d/f", FS_ROOT, "d/e"), -FS_EISDIR);
    assert_int_equal(fs_rename(&fs, FS_ROOT, "d/e", FS_ROOT, "d/f"), -FS_ENOTDIR);
    int g = fs_open(&fs, FS_ROOT, "g", FS_O_CREAT | FS_O_RDWR, 0644);
    fs_unref(&fs, g);
    assert_int_equal(fs_rename(&fs, FS_ROOT, "d/f", FS_ROOT, "g"), 0); /* replaces g */
    assert_int_equal(fs_lookup(&fs, FS_ROOT, "g"), f);
    assert_int_equal(fs_lookup(&fs, FS_ROOT, "d/f"), -FS_ENOENT);
    /* readdir: ".", "..", then e */
    uint64_t pos = 0;
    char name[FS_NAME_MAX + 1];
    int ch;
    uint32_t mode;
    int seen = 0;
    while (fs_readdir(&fs, fs_lookup(&fs, FS_ROOT, "d"), &pos, name, &ch, &mode) == 1)
        seen++;
    assert_int_equal(seen, 3);
    /* unlinked while open: data stays until the last reference */
    assert_int_equal(fs_write(&fs, f, 0, 3, cp_in, "abc"), 3);
    long before = live;
    assert_int_equal(fs_remove(&fs, FS_ROOT, "g", 0), 0);
    assert_int_equal(live, before);
    char out[3];
    assert_int_equal(fs_read(&fs, f, 0, 3, cp_out, out), 3);
    fs_unref(&fs, f);
    assert_true(live < before);
    /* a removed working directory resolves nothing */
    int e = fs_lookup(&fs, FS_ROOT, "d/e");
    fs_ref(&fs, e);
    assert_int_equal(fs_remove(&fs, FS_ROOT, "d/e", 1), 0);
    assert_int_equal(fs_lookup(&fs, e, "."), -FS_ENOENT);
    assert_int_equal(fs_path(&fs, e, name, sizeof name), -FS_ENOENT);
    fs_unref(&fs, e);
}

static void full_is_enospc(void **s)
{
    (void)s;
    setup();
    int f = fs_open(&fs, FS_ROOT, "f", FS_O_CREAT | FS_O_RDWR, 0644);
    budget = 5; /* the block table and 4 blocks */
    static char big[8 * FS_BLOCK];
    memset(big, 7, sizeof big);
    assert_int_equal(fs_write(&fs, f, 0, sizeof big, cp_in, big), 4 * FS_BLOCK);
    assert_int_equal(fs_write(&fs, f, 4 * FS_BLOCK, 1, cp_in, big), -FS_ENOSPC);
    assert_int_equal(fs_open(&fs, FS_ROOT, "g", FS_O_CREAT, 0), -FS_ENOSPC);
    struct fs_stat st;
    fs_stat(&fs, f, &st);
    assert_int_equal(st.size, 4 * FS_BLOCK);
    char out[1];
    assert_int_equal(fs_read(&fs, f, 4 * FS_BLOCK - 1, 1, cp_out, out), 1);
    assert_int_equal(out[0], 7);
    assert_int_equal(fs_truncate(&fs, f, FS_BLOCK), 0); /* frees 3 blocks */
    assert_int_equal(fs.blocks_used, 1);
    budget = 0;
    assert_int_equal(fs_write(&fs, f, FS_BLOCK - 1, 1, cp_in, "z"), 1); /* in a held block: no allocation */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(paths),
        cmocka_unit_test(open_flags),
        cmocka_unit_test(data),
        cmocka_unit_test(tree_rules),
        cmocka_unit_test(full_is_enospc),
    };
    int r = cmocka_run_group_tests(tests, NULL, NULL);
    if (fs_made)
        fs_fini(&fs);
    return r;
}
