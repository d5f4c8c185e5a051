/* fs_io.c - files in from the launcher and out to it (docs/launcher.md, --in and
 * --out). In: the fw_cfg file opt/cluster/in is a POSIX ustar archive
 * (POSIX.1-2017 pax, "ustar Interchange Format"), unpacked into "/" (the
 * program's working directory) before the program starts. Out: with
 * opt/cluster/out set, "/out" is made, and at power-off (normal end, a failed
 * program, a kernel panic) the tree under it leaves as a ustar archive on the
 * second serial port (COM2, 16550 at 0x2F8), which the launcher writes to a
 * host file and unpacks. A dedicated port needs no framing or escaping and no
 * working network at the end (the firmware's boot text before it is skipped by
 * a marker line); each file's name and size is also printed on the
 * console so a cut archive is seen. */
#include "kapi.h"
#include "io.h"
#include "fwcfg.h"
#include "fs_ram.h"
#include "fs_sys.h"

#define COM2 0x2F8
#define TAR_BLOCK 512
/* The firmware's console also writes to COM2 during boot: the archive starts
 * after this line (scripts/qemu/cluster looks for it). */
#define OUT_MARK "\ncluster-out-archive-follows\n"

static int mem_in(void *c, uint64_t at, void *blk, size_t n)
{
    memcpy(blk, (const uint8_t *)c + at, n);
    return 0;
}

static int mem_out(void *c, uint64_t at, void *blk, size_t n)
{
    memcpy((uint8_t *)c + at, blk, n);
    return 0;
}

static uint64_t octal(const uint8_t *p, int n)
{
    uint64_t v = 0;
    for (int i = 0; i < n && p[i] >= '0' && p[i] <= '7'; i++)
        v = v * 8 + (uint64_t)(p[i] - '0');
    return v;
}

/* Unpacks the archive a[0..len) into the tree; prints what it made. */
static void unpack(struct fs *fs, const uint8_t *a, uint64_t len)
{
    char name[FS_PATH_MAX];
    uint64_t files = 0, bytes = 0;
    for (uint64_t at = 0; at + TAR_BLOCK <= len;) {
        const uint8_t *h = a + at;
        if (!h[0])
            break; /* end-of-archive blocks */
        uint64_t size = octal(h + 124, 12), pre = 0;
        for (; pre < 155 && h[345 + pre]; pre++)
            name[pre] = (char)h[345 + pre];
        if (pre)
            name[pre++] = '/';
        for (int i = 0; i < 100 && h[i]; i++)
            name[pre++] = (char)h[i];
        name[pre] = 0;
        at += TAR_BLOCK;
        if (size > len - at) {
            kprintf("cluster: in: %s cut short (%lu of %lu bytes in the archive)\n", name, len - at, size);
            size = len - at;
        }
        char type = (char)h[156];
        int r = 0;
        if (type == '5') {
            r = fs_mkdir(fs, FS_ROOT, name, 0755);
            if (r == -FS_EEXIST)
                r = 0;
        } else if (type == '0' || type == 0) {
            int ino = fs_open(fs, FS_ROOT, name, FS_O_CREAT | FS_O_WRONLY | FS_O_TRUNC, 0644);
            r = ino;
            if (ino > 0) {
                long w = fs_write(fs, ino, 0, size, mem_in, (void *)(a + at));
                r = w == (long)size ? 0 : (w < 0 ? (int)w : -FS_ENOSPC);
                fs_unref(fs, ino);
                files++;
                bytes += size;
            }
        }
        if (r < 0)
            kprintf("cluster: in: %s not made (error %d)\n", name, -r);
        at += (size + TAR_BLOCK - 1) / TAR_BLOCK * TAR_BLOCK;
    }
    kprintf("cluster: in: %lu files, %lu bytes\n", files, bytes);
}

static void com2_init(void)
{
    outb(COM2 + 1, 0x00);
    outb(COM2 + 3, 0x80);
    outb(COM2 + 0, 0x01);
    outb(COM2 + 1, 0x00);
    outb(COM2 + 3, 0x03);
    outb(COM2 + 2, 0xC7);
}

static void com2_write(const void *p, uint64_t n)
{
    const uint8_t *b = p;
    for (uint64_t i = 0; i < n; i++) {
        for (int k = 0; k < 100000 && !(inb(COM2 + 5) & 0x20); k++)
            ;
        outb(COM2, b[i]);
    }
}

static void put_octal(uint8_t *p, int width, uint64_t v) /* width-1 digits and a NUL */
{
    p[width - 1] = 0;
    for (int i = width - 2; i >= 0; i--, v >>= 3)
        p[i] = (uint8_t)('0' + (v & 7));
}

static uint64_t out_files, out_bytes;

static void tar_entry(struct fs *fs, const char *rel, int ino, int dir)
{
    size_t nl = strlen(rel);
    if (nl > 99) {
        kprintf("cluster: out: %s not exported (name over 99 bytes)\n", rel);
        return;
    }
    struct fs_stat st;
    fs_stat(fs, ino, &st);
    uint64_t size = dir ? 0 : st.size;
    uint8_t h[TAR_BLOCK];
    memset(h, 0, sizeof h);
    memcpy(h, rel, nl);
    put_octal(h + 100, 8, dir ? 0755 : 0644);
    put_octal(h + 108, 8, 0);
    put_octal(h + 116, 8, 0);
    put_octal(h + 124, 12, size);
    put_octal(h + 136, 12, st.mtime_ns / 1000000000ull);
    h[156] = dir ? '5' : '0';
    memcpy(h + 257, "ustar", 6);
    h[263] = '0';
    h[264] = '0';
    memset(h + 148, ' ', 8);
    uint64_t sum = 0;
    for (int i = 0; i < TAR_BLOCK; i++)
        sum += h[i];
    put_octal(h + 148, 7, sum);
    com2_write(h, sizeof h);
    if (dir)
        return;
    uint8_t blk[TAR_BLOCK];
    for (uint64_t off = 0; off < size; off += TAR_BLOCK) {
        memset(blk, 0, sizeof blk);
        fs_read(fs, ino, off, TAR_BLOCK, mem_out, blk);
        com2_write(blk, sizeof blk);
    }
    kprintf("cluster: out: %s %lu bytes\n", rel, size);
    out_files++;
    out_bytes += size;
}

/* Archives directory ino, whose entries are named rel/... (rel "" at the top). */
static void tar_tree(struct fs *fs, int ino, const char *rel, int depth)
{
    uint64_t pos = 2; /* past "." and ".." */
    char name[FS_NAME_MAX + 1], sub[128];
    int ch;
    uint32_t mode;
    while (fs_readdir(fs, ino, &pos, name, &ch, &mode) == 1) {
        int n = ksnprintf(sub, sizeof sub, "%s%s", rel, name);
        int dir = (mode & 0170000) == FS_S_IFDIR;
        if (n >= 100 || depth > 16) {
            kprintf("cluster: out: %s... not exported (name over 99 bytes)\n", sub);
            continue;
        }
        if (dir) {
            sub[n++] = '/';
            sub[n] = 0;
        }
        tar_entry(fs, sub, ch, dir);
        if (dir)
            tar_tree(fs, ch, sub, depth + 1);
    }
}

static void dump_out(void)
{
    struct fs *fs = fs_node();
    int out = fs ? fs_lookup(fs, FS_ROOT, "/out") : -1;
    com2_init();
    com2_write(OUT_MARK, sizeof OUT_MARK - 1);
    if (out > 0)
        tar_tree(fs, out, "", 0);
    uint8_t end[2 * TAR_BLOCK];
    memset(end, 0, sizeof end);
    com2_write(end, sizeof end);
    kprintf("cluster: out: %lu files, %lu bytes\n", out_files, out_bytes);
}

void fs_io_init(void)
{
    struct fs *fs = fs_node();
    if (!fs || !fwcfg_present())
        return;
    char flag[4];
    if (fwcfg_read_file("opt/cluster/out", flag, sizeof flag) > 0) {
        fs_mkdir(fs, FS_ROOT, "/out", 0755);
        power_off_register(dump_out);
    }
    long size = fwcfg_read_file("opt/cluster/in", flag, 0);
    if (size <= 0)
        return;
    uint64_t pages = ((uint64_t)size + PAGE_SIZE - 1) / PAGE_SIZE;
    uint8_t *a = page_alloc(pages);
    if (!a) {
        kprintf("cluster: in: no memory for the %ld-byte archive\n", size);
        return;
    }
    fwcfg_read_file("opt/cluster/in", a, (uint64_t)size);
    unpack(fs, a, (uint64_t)size);
    page_free(a, pages);
}
