/* sys_file.c - the file calls of a node without a filesystem. The standard
 * descriptors 0-2 are the serial console: fstat/newfstatat describe them as a
 * terminal character device (S_IFCHR) so C and Fortran runtimes buffer them by
 * line (glibc libio/filedoalloc.c line-buffers a character device whose major
 * is a Unix98 pty, 136-143; libgfortran io/unix.c writes non-regular units
 * unbuffered); every path names nothing (open, openat, stat, readlink,
 * readlinkat: -ENOENT). struct stat is the Linux x86-64 layout
 * (arch/x86/include/uapi/asm/stat.h, 144 bytes). */
#include "kapi.h"
#include "node.h"
#include "sys_file.h"
#include "syscall_table.h"

#define S_IFCHR 0020000
#define AT_EMPTY_PATH 0x1000
#define AT_FDCWD (-100)
#define PTY_MAJOR 136

struct kstat {
    uint64_t dev, ino, nlink;
    uint32_t mode, uid, gid, pad0;
    uint64_t rdev;
    int64_t size, blksize, blocks;
    int64_t atime, atime_ns, mtime, mtime_ns, ctime, ctime_ns;
    int64_t unused[3];
};
_Static_assert(sizeof(struct kstat) == 144, "Linux x86-64 struct stat");

static long stat_console(int fd, uint64_t ubuf)
{
    if (fd < 0 || fd > 2)
        return -EBADF;
    struct kstat st;
    memset(&st, 0, sizeof st);
    st.dev = 22; /* devpts's anonymous device */
    st.ino = 3 + (uint64_t)node.info.rank;
    st.nlink = 1;
    st.mode = S_IFCHR | 0620;
    st.rdev = ((uint64_t)PTY_MAJOR << 8) | ((uint64_t)node.info.rank & 0xff);
    st.blksize = 1024;
    return copy_to_user(ubuf, &st, sizeof st);
}

/* A path argument must be readable (-EFAULT otherwise); *empty says "". */
static long path_probe(uint64_t upath, int *empty)
{
    char c;
    if (copy_from_user(&c, upath, 1))
        return -EFAULT;
    *empty = c == 0;
    return 0;
}

static long no_such_path(uint64_t upath)
{
    int empty;
    long r = path_probe(upath, &empty);
    return r ? r : -ENOENT;
}

long sys_fstat(const struct syscall_args *a)
{
    return stat_console((int)a->a1, a->a2);
}

long sys_newfstatat(const struct syscall_args *a) /* dirfd, path, buf, flags */
{
    int empty;
    long r = path_probe(a->a2, &empty);
    if (r)
        return r;
    if (!empty)
        return -ENOENT;
    if (!(a->a4 & AT_EMPTY_PATH))
        return -ENOENT;
    if ((int)a->a1 == AT_FDCWD)
        return -ENOENT;
    return stat_console((int)a->a1, a->a3);
}

long sys_stat(const struct syscall_args *a)
{
    return no_such_path(a->a1);
}
long sys_open(const struct syscall_args *a)
{
    return no_such_path(a->a1);
}
long sys_openat(const struct syscall_args *a)
{
    return no_such_path(a->a2);
}
long sys_readlink(const struct syscall_args *a)
{
    return no_such_path(a->a1);
}
long sys_readlinkat(const struct syscall_args *a)
{
    return no_such_path(a->a2);
}

/* Calls whose documented "not available" answer is ENOSYS and that libcs
 * probe at start-up before falling back (glibc: rseq registration, clone3
 * before clone): answered, so not reported on the console. */
long sys_enosys_quiet(const struct syscall_args *a)
{
    (void)a;
    return -ENOSYS;
}
