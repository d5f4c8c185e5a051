/* fs_sys.c - the Linux file system calls (man 2 open, read, lseek, dup, stat,
 * statx, getdents64, ...) over the node's RAM file system (fs_ram.c): one tree
 * per node shared by its processes, one descriptor table and working directory
 * per process, open file descriptions (offset, flags) shared by dup. Fds 0-2
 * start as the console (stdin at end of file, stdout/stderr to the serial
 * console). Data blocks come from the page allocator while more than
 * FS_RESERVE_PAGES stay free for programs: beyond that, ENOSPC. User memory is
 * only touched through copy_from_user/copy_to_user (-EFAULT). One lock (fs_lock)
 * covers the tree and the tables. */
#include "kapi.h"
#include "task.h"
#include "mem.h"
#include "console.h"
#include "ktime.h"
#include "pt.h"
#include "spinlock.h"
#include "fs_ram.h"
#include "fs_sys.h"

#define FS_MAX_FD 256         /* RLIMIT_NOFILE soft limit: EMFILE beyond */
#define FS_RESERVE_PAGES 2048 /* 8 MiB kept for the programs' own memory */
#define AT_FDCWD (-100)
#define AT_REMOVEDIR 0x200
#define AT_EMPTY_PATH 0x1000
#define AT_SYMLINK_NOFOLLOW 0x100
#define O_CLOEXEC 02000000
#define F_DUPFD 0
#define F_GETFD 1
#define F_SETFD 2
#define F_GETFL 3
#define F_SETFL 4
#define F_DUPFD_CLOEXEC 1030
#define S_IFCHR 0020000
#define ENOTDIR 20
#define EMFILE 24
#define ESPIPE 29
#define EOVERFLOW 75

enum { OF_CONS_IN = 1,
       OF_CONS_OUT,
       OF_FILE };

struct ofile { /* an open file description */
    int kind, ino, flags, refs;
    uint64_t off;
    uint64_t dirpos; /* getdents64 position */
};

struct fdtab {
    int ready;
    int cwd; /* referenced inode */
    struct ofile *fd[FS_MAX_FD];
    uint8_t cloexec[FS_MAX_FD];
};

static struct spinlock fs_lock = SPINLOCK_INIT("fs");
static struct fs node_fs;
static int fs_ready;
static struct fdtab tabs[MAX_TASKS];
static struct ofile cons_in = { OF_CONS_IN, 0, 0, 1 << 30, 0, 0 };
static struct ofile cons_out = { OF_CONS_OUT, 0, 1, 1 << 30, 0, 0 };
static char pathbuf[2][FS_PATH_MAX]; /* under fs_lock */

static void *fs_alloc(void *ctx, size_t n)
{
    (void)ctx;
    uint64_t pages = (n + PAGE_SIZE - 1) / PAGE_SIZE;
    if (mem_free_pages() < FS_RESERVE_PAGES + pages)
        return NULL;
    return n == FS_BLOCK ? page_alloc(1) : kmalloc(n);
}

static void fs_free(void *ctx, void *p, size_t n)
{
    (void)ctx;
    if (n == FS_BLOCK)
        page_free(p, 1);
    else
        kfree(p);
}

static uint64_t fs_now(void *ctx)
{
    (void)ctx;
    return time_realtime_ns();
}

static void fs_make(void) /* under fs_lock */
{
    if (!fs_ready) {
        const struct fs_ops ops = { fs_alloc, fs_free, fs_now, 0 };
        if (!fs_init(&node_fs, &ops))
            fs_ready = 1;
    }
}

struct fs *fs_node(void)
{
    uint64_t irq = spin_lock_irqsave(&fs_lock);
    fs_make();
    spin_unlock_irqrestore(&fs_lock, irq);
    return fs_ready ? &node_fs : NULL;
}

/* The caller's table (made on first use), or NULL outside a process. */
static struct fdtab *tab(void)
{
    fs_make();
    if (!fs_ready)
        return NULL;
    int l = current ? current->local : -1;
    if (l < 0 || l >= MAX_TASKS)
        return NULL;
    struct fdtab *t = &tabs[l];
    if (!t->ready) {
        t->fd[0] = &cons_in;
        t->fd[1] = t->fd[2] = &cons_out;
        t->cwd = FS_ROOT;
        fs_ref(&node_fs, FS_ROOT);
        t->ready = 1;
    }
    return t;
}

static struct ofile *fd_get(struct fdtab *t, long fd)
{
    return fd >= 0 && fd < FS_MAX_FD ? t->fd[fd] : NULL;
}

static void of_put(struct ofile *f)
{
    if (--f->refs > 0)
        return;
    if (f->kind == OF_FILE) {
        fs_unref(&node_fs, f->ino);
        kfree(f);
    }
}

static int fd_install(struct fdtab *t, struct ofile *f, int from, int cloexec)
{
    for (int i = from; i < FS_MAX_FD; i++)
        if (!t->fd[i]) {
            t->fd[i] = f;
            t->cloexec[i] = (uint8_t)cloexec;
            f->refs++;
            return i;
        }
    return -EMFILE;
}

/* Copies a NUL-terminated user path into pathbuf[which]: 0, -EFAULT or
 * -ENAMETOOLONG (PATH_MAX with its NUL). Page by page, so a path ending just
 * before an unmapped page is still read. */
static int get_path(uint64_t up, int which)
{
    char *b = pathbuf[which];
    uint64_t n = 0;
    while (n < FS_PATH_MAX) {
        uint64_t chunk = PAGE_SIZE - ((up + n) & (PAGE_SIZE - 1));
        if (chunk > FS_PATH_MAX - n)
            chunk = FS_PATH_MAX - n;
        if (copy_from_user(b + n, up + n, chunk))
            return -EFAULT;
        for (uint64_t i = 0; i < chunk; i++)
            if (!b[n + i])
                return 0;
        n += chunk;
    }
    return -FS_ENAMETOOLONG;
}

/* The directory a *at call starts from: 0 with *dir set, or -EBADF/-ENOTDIR. */
static int at_dir(struct fdtab *t, long dirfd, int *dir)
{
    if ((int)dirfd == AT_FDCWD) {
        *dir = t->cwd;
        return 0;
    }
    struct ofile *f = fd_get(t, (int)dirfd);
    if (!f)
        return -EBADF;
    if (f->kind != OF_FILE || !fs_is_dir(&node_fs, f->ino))
        return -ENOTDIR;
    *dir = f->ino;
    return 0;
}

struct ucopy {
    uint64_t base;
};
static int to_user(void *c, uint64_t at, void *blk, size_t n)
{
    return copy_to_user(((struct ucopy *)c)->base + at, blk, n) ? -1 : 0;
}
static int from_user(void *c, uint64_t at, void *blk, size_t n)
{
    return copy_from_user(blk, ((struct ucopy *)c)->base + at, n) ? -1 : 0;
}

static long console_out(uint64_t buf, uint64_t len)
{
    if (!uaccess_range_ok(buf, len))
        return -EFAULT;
    char tmp[512];
    uint64_t done = 0;
    while (done < len) {
        uint64_t n = len - done < sizeof tmp ? len - done : sizeof tmp;
        if (copy_from_user(tmp, buf + done, n))
            return done ? (long)done : -EFAULT;
        console_write_user(tmp, n);
        done += n;
    }
    return (long)done;
}

/* read/write at off (pos < 0: the description's offset, O_APPEND honoured) */
static long do_rw(struct ofile *f, int wr, uint64_t buf, uint64_t len, long pos)
{
    int acc = f->flags & FS_O_ACCMODE;
    if (wr ? acc == 0 : acc == FS_O_WRONLY)
        return -EBADF;
    if ((int64_t)len < 0)
        len = (uint64_t)1 << 62; /* Linux caps a count at MAX_RW_COUNT */
    if (f->kind == OF_CONS_IN)
        return uaccess_range_ok(buf, len) ? 0 : -EFAULT;
    if (f->kind == OF_CONS_OUT)
        return console_out(buf, len);
    if (!uaccess_range_ok(buf, len))
        return -EFAULT;
    struct ucopy c = { buf };
    uint64_t off = pos >= 0 ? (uint64_t)pos : f->off;
    if (wr && pos < 0 && (f->flags & FS_O_APPEND)) {
        struct fs_stat st;
        fs_stat(&node_fs, f->ino, &st);
        off = st.size;
    }
    long r = wr ? fs_write(&node_fs, f->ino, off, len, from_user, &c)
                : fs_read(&node_fs, f->ino, off, len, to_user, &c);
    if (r > 0 && pos < 0)
        f->off = off + (uint64_t)r;
    return r;
}

#define LOCKED_BEGIN                            \
    uint64_t irq = spin_lock_irqsave(&fs_lock); \
    struct fdtab *t = tab();                    \
    long r;                                     \
    if (!t) {                                   \
        r = -EBADF;                             \
        goto out;                               \
    }
#define LOCKED_END                         \
    out:                                   \
    spin_unlock_irqrestore(&fs_lock, irq); \
    return r;

static long rw_common(long fd, int wr, uint64_t buf, uint64_t len, long pos)
{
    LOCKED_BEGIN
    struct ofile *f = fd_get(t, fd);
    if (!f)
        r = -EBADF;
    else if (pos >= 0 && f->kind != OF_FILE)
        r = -ESPIPE;
    else
        r = do_rw(f, wr, buf, len, pos);
    LOCKED_END
}

long fs_sc_read(const struct syscall_args *a)
{
    return rw_common((int)a->a1, 0, a->a2, a->a3, -1);
}
long fs_sc_write(const struct syscall_args *a)
{
    return rw_common((int)a->a1, 1, a->a2, a->a3, -1);
}
long fs_sc_pread(const struct syscall_args *a)
{
    return (int64_t)a->a4 < 0 ? -EINVAL : rw_common((int)a->a1, 0, a->a2, a->a3, (long)a->a4);
}
long fs_sc_pwrite(const struct syscall_args *a)
{
    return (int64_t)a->a4 < 0 ? -EINVAL : rw_common((int)a->a1, 1, a->a2, a->a3, (long)a->a4);
}

/* readv/writev: UIO_MAXIOV 1024 vectors; stops at the first short transfer */
static long rwv(long fd, int wr, uint64_t iov, long cnt)
{
    if (cnt < 0 || cnt > 1024)
        return -EINVAL;
    long total = 0;
    for (long i = 0; i < cnt; i++) {
        uint64_t v[2];
        if (copy_from_user(v, iov + 16 * (uint64_t)i, 16))
            return total ? total : -EFAULT;
        long r = rw_common(fd, wr, v[0], v[1], -1);
        if (r < 0)
            return total ? total : r;
        total += r;
        if ((uint64_t)r < v[1])
            break;
    }
    return total;
}
long fs_sc_readv(const struct syscall_args *a)
{
    return rwv((int)a->a1, 0, a->a2, (long)(int)a->a3);
}
long fs_sc_writev(const struct syscall_args *a)
{
    return rwv((int)a->a1, 1, a->a2, (long)(int)a->a3);
}

static long open_at(long dirfd, uint64_t upath, long flags, long mode)
{
    LOCKED_BEGIN
    int dir;
    if ((r = get_path(upath, 0)) || (r = at_dir(t, dirfd, &dir)))
        goto out;
    struct ofile *f = kmalloc(sizeof *f);
    if (!f) {
        r = -FS_ENOMEM;
        goto out;
    }
    int ino = fs_open(&node_fs, dir, pathbuf[0], (int)flags, (uint32_t)mode);
    if (ino < 0) {
        kfree(f);
        r = ino;
        goto out;
    }
    f->kind = OF_FILE;
    f->ino = ino;
    f->flags = (int)flags;
    r = fd_install(t, f, 0, (flags & O_CLOEXEC) != 0);
    if (r < 0) {
        fs_unref(&node_fs, ino);
        kfree(f);
    }
    LOCKED_END
}
long fs_sc_open(const struct syscall_args *a)
{
    return open_at(AT_FDCWD, a->a1, (long)a->a2, (long)a->a3);
}
long fs_sc_openat(const struct syscall_args *a)
{
    return open_at((int)a->a1, a->a2, (long)a->a3, (long)a->a4);
}
long fs_sc_creat(const struct syscall_args *a)
{
    return open_at(AT_FDCWD, a->a1, FS_O_CREAT | FS_O_WRONLY | FS_O_TRUNC, (long)a->a2);
}

long fs_sc_close(const struct syscall_args *a)
{
    LOCKED_BEGIN
    struct ofile *f = fd_get(t, (int)a->a1);
    if (!f) {
        r = -EBADF;
        goto out;
    }
    t->fd[(int)a->a1] = NULL;
    of_put(f);
    r = 0;
    LOCKED_END
}

static long dup_to(struct fdtab *t, long oldfd, long newfd, int cloexec)
{
    struct ofile *f = fd_get(t, oldfd);
    if (!f)
        return -EBADF;
    if (newfd < 0 || newfd >= FS_MAX_FD)
        return -EBADF;
    if (newfd == oldfd)
        return newfd;
    f->refs++; /* before the old one at newfd goes */
    if (t->fd[newfd])
        of_put(t->fd[newfd]);
    t->fd[newfd] = f;
    t->cloexec[newfd] = (uint8_t)cloexec;
    return newfd;
}

long fs_sc_dup(const struct syscall_args *a)
{
    LOCKED_BEGIN
    struct ofile *f = fd_get(t, (int)a->a1);
    r = f ? fd_install(t, f, 0, 0) : -EBADF;
    LOCKED_END
}
long fs_sc_dup2(const struct syscall_args *a)
{
    LOCKED_BEGIN
    r = dup_to(t, (int)a->a1, (int)a->a2, 0);
    LOCKED_END
}
long fs_sc_dup3(const struct syscall_args *a)
{
    LOCKED_BEGIN
    if (((int)a->a3 & ~O_CLOEXEC) || (int)a->a1 == (int)a->a2)
        r = -EINVAL;
    else
        r = dup_to(t, (int)a->a1, (int)a->a2, ((int)a->a3 & O_CLOEXEC) != 0);
    LOCKED_END
}

long fs_sc_fcntl(const struct syscall_args *a)
{
    LOCKED_BEGIN
    int fd = (int)a->a1;
    struct ofile *f = fd_get(t, fd);
    if (!f) {
        r = -EBADF;
        goto out;
    }
    switch ((int)a->a2) {
    case F_DUPFD:
    case F_DUPFD_CLOEXEC:
        r = (int)a->a3 < 0 || (int)a->a3 >= FS_MAX_FD ? -EINVAL
                                                      : fd_install(t, f, (int)a->a3, (int)a->a2 == F_DUPFD_CLOEXEC);
        break;
    case F_GETFD: r = t->cloexec[fd]; break;
    case F_SETFD:
        t->cloexec[fd] = (uint8_t)(a->a3 & 1);
        r = 0;
        break;
    case F_GETFL: r = f->flags & ~O_CLOEXEC & ~(FS_O_CREAT | FS_O_EXCL | FS_O_TRUNC); break;
    case F_SETFL: /* only O_APPEND (and ignored O_NONBLOCK) */
        f->flags = (f->flags & ~FS_O_APPEND) | ((int)a->a3 & FS_O_APPEND);
        r = 0;
        break;
    default: r = -EINVAL;
    }
    LOCKED_END
}

long fs_sc_lseek(const struct syscall_args *a)
{
    LOCKED_BEGIN
    struct ofile *f = fd_get(t, (int)a->a1);
    if (!f) {
        r = -EBADF;
        goto out;
    }
    if (f->kind != OF_FILE) {
        r = -ESPIPE;
        goto out;
    }
    struct fs_stat st;
    fs_stat(&node_fs, f->ino, &st);
    int64_t base;
    switch ((int)a->a3) {
    case 0: base = 0; break;
    case 1: base = (int64_t)f->off; break;
    case 2: base = (int64_t)st.size; break;
    default: r = -EINVAL; goto out;
    }
    int64_t off = (int64_t)a->a2, n;
    if (__builtin_add_overflow(base, off, &n)) {
        r = -EOVERFLOW;
        goto out;
    }
    if (n < 0) {
        r = -EINVAL;
        goto out;
    }
    f->off = (uint64_t)n;
    if (fs_is_dir(&node_fs, f->ino))
        f->dirpos = (uint64_t)n;
    r = n;
    LOCKED_END
}

long fs_sc_ftruncate(const struct syscall_args *a)
{
    LOCKED_BEGIN
    struct ofile *f = fd_get(t, (int)a->a1);
    if (!f)
        r = -EBADF;
    else if ((int64_t)a->a2 < 0 || f->kind != OF_FILE || fs_is_dir(&node_fs, f->ino) ||
             (f->flags & FS_O_ACCMODE) == 0)
        r = -EINVAL;
    else
        r = fs_truncate(&node_fs, f->ino, a->a2);
    LOCKED_END
}

long fs_sc_fsync(const struct syscall_args *a) /* RAM: nothing to flush */
{
    LOCKED_BEGIN
    r = fd_get(t, (int)a->a1) ? 0 : -EBADF;
    LOCKED_END
}

/* struct stat of x86-64 (arch/x86/include/uapi/asm/stat.h), 144 bytes */
struct kstat {
    uint64_t dev, ino, nlink;
    uint32_t mode, uid, gid, pad0;
    uint64_t rdev;
    int64_t size, blksize, blocks;
    uint64_t atime, atime_ns, mtime, mtime_ns, ctime, ctime_ns;
    int64_t unused[3];
};

static void fill_stat(const struct ofile *f, const struct fs_stat *s, struct kstat *k)
{
    memset(k, 0, sizeof *k);
    k->blksize = FS_BLOCK;
    if (f && f->kind != OF_FILE) {
        k->mode = S_IFCHR | 0620;
        k->nlink = 1;
        /* a Unix98 pty (major 136): glibc's stdio line-buffers a character
         * device of major 136-143 (libio/filedoalloc.c), libgfortran writes a
         * non-regular unit unbuffered (io/unix.c) */
        k->rdev = 136 << 8;
        return;
    }
    k->dev = 0x2a;
    k->ino = s->ino;
    k->nlink = s->nlink;
    k->mode = s->mode;
    k->size = (int64_t)s->size;
    k->blocks = (int64_t)s->blocks512;
    k->atime = k->mtime = s->mtime_ns / 1000000000ull;
    k->atime_ns = k->mtime_ns = s->mtime_ns % 1000000000ull;
    k->ctime = s->ctime_ns / 1000000000ull;
    k->ctime_ns = s->ctime_ns % 1000000000ull;
}

/* The object of a stat call: a path from dirfd, or dirfd itself with
 * AT_EMPTY_PATH and "" (or fd >= 0 with no path: fstat). */
static long stat_target(struct fdtab *t, long dirfd, uint64_t upath, int flags, struct ofile **fp, struct fs_stat *st)
{
    long r;
    *fp = NULL;
    if (upath) {
        if ((r = get_path(upath, 0)))
            return r;
        if (!pathbuf[0][0] && !(flags & AT_EMPTY_PATH))
            return -ENOENT;    /* an empty path names nothing (path_resolution(7)) */
        if (pathbuf[0][0]) {
            int dir, ino;
            if ((r = at_dir(t, dirfd, &dir)))
                return r;
            if ((ino = fs_lookup(&node_fs, dir, pathbuf[0])) < 0)
                return ino;
            return fs_stat(&node_fs, ino, st);
        }
    }
    struct ofile *f = fd_get(t, dirfd);
    if (!f)
        return -EBADF;
    *fp = f;
    return f->kind == OF_FILE ? fs_stat(&node_fs, f->ino, st) : 0;
}

static long stat_common(long dirfd, uint64_t upath, uint64_t ubuf, int flags)
{
    LOCKED_BEGIN
    struct ofile *f;
    struct fs_stat st;
    struct kstat k;
    if ((r = stat_target(t, dirfd, upath, flags, &f, &st)))
        goto out;
    fill_stat(f, &st, &k);
    r = copy_to_user(ubuf, &k, sizeof k);
    LOCKED_END
}
long fs_sc_stat(const struct syscall_args *a)
{
    return stat_common(AT_FDCWD, a->a1, a->a2, 0);
}
long fs_sc_fstat(const struct syscall_args *a)
{
    return stat_common((int)a->a1, 0, a->a2, 0);
}
long fs_sc_newfstatat(const struct syscall_args *a)
{
    if (!a->a2)
        return -EFAULT;
    return stat_common((int)a->a1, a->a2, a->a3, (int)a->a4);
}

/* struct statx (include/uapi/linux/stat.h), 256 bytes */
long fs_sc_statx(const struct syscall_args *a)
{
    if (!a->a2)
        return -EFAULT;
    LOCKED_BEGIN
    struct ofile *f;
    struct fs_stat st;
    struct kstat k;
    if ((r = stat_target(t, (int)a->a1, a->a2, (int)a->a3, &f, &st)))
        goto out;
    fill_stat(f, &st, &k);
    uint8_t x[256];
    memset(x, 0, sizeof x);
    uint32_t mask = 0x7ff; /* STATX_BASIC_STATS */
    memcpy(x + 0x00, &mask, 4);
    uint32_t blksize = FS_BLOCK, nlink = (uint32_t)k.nlink;
    memcpy(x + 0x04, &blksize, 4);
    memcpy(x + 0x10, &nlink, 4);
    uint16_t mode = (uint16_t)k.mode;
    memcpy(x + 0x1c, &mode, 2);
    memcpy(x + 0x20, &k.ino, 8);
    memcpy(x + 0x28, &k.size, 8);
    memcpy(x + 0x30, &k.blocks, 8);
    const uint64_t *tm[3][2] = { { &k.atime, &k.atime_ns }, { &k.ctime, &k.ctime_ns }, { &k.mtime, &k.mtime_ns } };
    const int at[3] = { 0x40, 0x60, 0x70 };
    for (int i = 0; i < 3; i++) {
        uint32_t ns = (uint32_t)*tm[i][1];
        memcpy(x + at[i], tm[i][0], 8);
        memcpy(x + at[i] + 8, &ns, 4);
    }
    uint32_t rmaj = (uint32_t)(k.rdev >> 8), rmin = (uint32_t)(k.rdev & 0xff), dmin = (uint32_t)k.dev;
    memcpy(x + 0x80, &rmaj, 4);
    memcpy(x + 0x84, &rmin, 4);
    memcpy(x + 0x8c, &dmin, 4);
    r = copy_to_user(a->a5, x, sizeof x);
    LOCKED_END
}

static long access_at(long dirfd, uint64_t upath, long mode)
{
    if (mode & ~7L)
        return -EINVAL;
    LOCKED_BEGIN
    int dir;
    if ((r = get_path(upath, 0)) || (r = at_dir(t, dirfd, &dir)))
        goto out;
    r = fs_lookup(&node_fs, dir, pathbuf[0]);
    if (r > 0)
        r = 0; /* one user, owner of everything */
    LOCKED_END
}
long fs_sc_access(const struct syscall_args *a)
{
    return access_at(AT_FDCWD, a->a1, (long)a->a2);
}
long fs_sc_faccessat(const struct syscall_args *a)
{
    return access_at((int)a->a1, a->a2, (long)a->a3);
}

static long remove_at(long dirfd, uint64_t upath, int flags)
{
    if (flags & ~AT_REMOVEDIR)
        return -EINVAL;
    LOCKED_BEGIN
    int dir;
    if ((r = get_path(upath, 0)) || (r = at_dir(t, dirfd, &dir)))
        goto out;
    r = fs_remove(&node_fs, dir, pathbuf[0], (flags & AT_REMOVEDIR) != 0);
    LOCKED_END
}
long fs_sc_unlink(const struct syscall_args *a)
{
    return remove_at(AT_FDCWD, a->a1, 0);
}
long fs_sc_rmdir(const struct syscall_args *a)
{
    return remove_at(AT_FDCWD, a->a1, AT_REMOVEDIR);
}
long fs_sc_unlinkat(const struct syscall_args *a)
{
    return remove_at((int)a->a1, a->a2, (int)a->a3);
}

static long mkdir_at(long dirfd, uint64_t upath, long mode)
{
    LOCKED_BEGIN
    int dir;
    if ((r = get_path(upath, 0)) || (r = at_dir(t, dirfd, &dir)))
        goto out;
    r = fs_mkdir(&node_fs, dir, pathbuf[0], (uint32_t)mode);
    LOCKED_END
}
long fs_sc_mkdir(const struct syscall_args *a)
{
    return mkdir_at(AT_FDCWD, a->a1, (long)a->a2);
}
long fs_sc_mkdirat(const struct syscall_args *a)
{
    return mkdir_at((int)a->a1, a->a2, (long)a->a3);
}

static long rename_at(long ofd, uint64_t oldp, long nfd, uint64_t newp, long flags)
{
    if (flags) /* RENAME_NOREPLACE etc. not offered */
        return -EINVAL;
    LOCKED_BEGIN
    int od, nd;
    if ((r = get_path(oldp, 0)) || (r = get_path(newp, 1)) || (r = at_dir(t, ofd, &od)) ||
        (r = at_dir(t, nfd, &nd)))
        goto out;
    r = fs_rename(&node_fs, od, pathbuf[0], nd, pathbuf[1]);
    LOCKED_END
}
long fs_sc_rename(const struct syscall_args *a)
{
    return rename_at(AT_FDCWD, a->a1, AT_FDCWD, a->a2, 0);
}
long fs_sc_renameat(const struct syscall_args *a)
{
    return rename_at((int)a->a1, a->a2, (int)a->a3, a->a4, 0);
}
long fs_sc_renameat2(const struct syscall_args *a)
{
    return rename_at((int)a->a1, a->a2, (int)a->a3, a->a4, (long)(int)a->a5);
}

long fs_sc_getcwd(const struct syscall_args *a)
{
    LOCKED_BEGIN
    uint64_t cap = a->a2 < FS_PATH_MAX ? a->a2 : FS_PATH_MAX;
    r = fs_path(&node_fs, t->cwd, pathbuf[0], (size_t)cap);
    if (r > 0 && copy_to_user(a->a1, pathbuf[0], (uint64_t)r))
        r = -EFAULT;
    LOCKED_END
}

static long set_cwd(struct fdtab *t, int ino)
{
    if (!fs_is_dir(&node_fs, ino))
        return -ENOTDIR;
    fs_ref(&node_fs, ino);
    fs_unref(&node_fs, t->cwd);
    t->cwd = ino;
    return 0;
}
long fs_sc_chdir(const struct syscall_args *a)
{
    LOCKED_BEGIN
    if ((r = get_path(a->a1, 0)))
        goto out;
    r = fs_lookup(&node_fs, t->cwd, pathbuf[0]);
    if (r > 0)
        r = set_cwd(t, (int)r);
    LOCKED_END
}
long fs_sc_fchdir(const struct syscall_args *a)
{
    LOCKED_BEGIN
    struct ofile *f = fd_get(t, (int)a->a1);
    r = !f ? -EBADF : f->kind != OF_FILE ? -ENOTDIR
                                         : set_cwd(t, f->ino);
    LOCKED_END
}

/* getdents64: struct linux_dirent64 { u64 d_ino; s64 d_off; u16 d_reclen;
 * u8 d_type; char d_name[]; }, records 8-byte aligned (getdents(2)). */
long fs_sc_getdents64(const struct syscall_args *a)
{
    LOCKED_BEGIN
    struct ofile *f = fd_get(t, (int)a->a1);
    if (!f) {
        r = -EBADF;
        goto out;
    }
    if (f->kind != OF_FILE || !fs_is_dir(&node_fs, f->ino)) {
        r = -ENOTDIR;
        goto out;
    }
    uint64_t ubuf = a->a2, cap = a->a3 > (1u << 30) ? (1u << 30) : a->a3, used = 0;
    for (;;) {
        uint64_t pos = f->dirpos;
        char *name = pathbuf[0];
        int ch;
        uint32_t mode;
        int k = fs_readdir(&node_fs, f->ino, &pos, name, &ch, &mode);
        if (k <= 0) {
            r = k < 0 ? k : (long)used;
            break;
        }
        uint64_t nl = strlen(name), rec = (19 + nl + 1 + 7) & ~7ull;
        if (used + rec > cap) {
            r = used ? (long)used : -EINVAL;
            break;
        }
        uint8_t hdr[19];
        uint64_t ino64 = (uint64_t)ch;
        int64_t next = (int64_t)pos;
        uint16_t rl = (uint16_t)rec;
        uint8_t type = (mode & 0170000) == FS_S_IFDIR ? 4 : 8; /* DT_DIR, DT_REG */
        memcpy(hdr, &ino64, 8);
        memcpy(hdr + 8, &next, 8);
        memcpy(hdr + 16, &rl, 2);
        hdr[18] = type;
        memset(name + nl, 0, rec - 19 - nl);
        if (copy_to_user(ubuf + used, hdr, 19) || copy_to_user(ubuf + used + 19, name, rec - 19)) {
            r = used ? (long)used : -EFAULT;
            break;
        }
        used += rec;
        f->dirpos = pos;
    }
    LOCKED_END
}
