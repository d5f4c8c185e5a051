/* fs_ram.h - the node's RAM file system, portable core (no kernel headers; the
 * same file is unit-tested on the host, tests/host/test_fs_ram.c).
 *
 * One tree per node: inodes in a table (slot = inode number), each file's data
 * in 4 KiB blocks listed in a block table (an extent of one block per entry,
 * NULL = a hole that reads as zeros). Directories hold no data: a child names
 * its parent, and a directory is listed by scanning the table. No hard links,
 * no symbolic links (so no path loops). Every block and table comes from the
 * allocator in struct fs_ops: when it says no, the call fails with ENOSPC and
 * nothing already written is lost.
 *
 * Every call returns 0 (or a count) on success and a negated Linux errno on
 * failure (asm-generic/errno-base.h numbers below). Paths are resolved
 * relative to `cwd` (an inode number) unless absolute; "." and ".." and
 * repeated slashes follow POSIX.1-2017 XBD 4.13 (pathname resolution). */
#ifndef FS_RAM_H
#define FS_RAM_H
#include <stddef.h>
#include <stdint.h>

#define FS_ENOENT 2
#define FS_EIO 5
#define FS_EBADF 9
#define FS_ENOMEM 12
#define FS_EFAULT 14
#define FS_EBUSY 16
#define FS_EEXIST 17
#define FS_EXDEV 18
#define FS_ENOTDIR 20
#define FS_EISDIR 21
#define FS_EINVAL 22
#define FS_ENFILE 23
#define FS_EFBIG 27
#define FS_ENOSPC 28
#define FS_ERANGE 34
#define FS_ENAMETOOLONG 36
#define FS_ENOTEMPTY 39

#define FS_BLOCK 4096u
#define FS_NAME_MAX 255  /* Linux NAME_MAX */
#define FS_PATH_MAX 4096 /* Linux PATH_MAX, with the terminating NUL */
#define FS_MAX_INODES 4096
#define FS_MAX_FILE (1ull << 40) /* larger offsets are EFBIG */
#define FS_ROOT 1                /* inode number of "/" */

#define FS_S_IFDIR 0040000
#define FS_S_IFREG 0100000

/* open flags the core interprets (Linux values, asm-generic/fcntl.h) */
#define FS_O_ACCMODE 3
#define FS_O_RDONLY 0
#define FS_O_WRONLY 1
#define FS_O_RDWR 2
#define FS_O_CREAT 0100
#define FS_O_EXCL 0200
#define FS_O_TRUNC 01000
#define FS_O_APPEND 02000
#define FS_O_DIRECTORY 0200000

struct fs_ops {
    void *(*alloc)(void *ctx, size_t n); /* zeroed memory or NULL (-> ENOSPC) */
    void (*free)(void *ctx, void *p, size_t n);
    uint64_t (*now_ns)(void *ctx); /* time stamps (may be NULL) */
    void *ctx;
};

struct fs_inode {
    uint32_t mode;   /* type | permission bits */
    uint32_t parent; /* containing directory (root: itself) */
    int linked;      /* has a name in the tree */
    int opens;       /* open references (fs_ref / fs_unref) */
    uint64_t size;
    uint64_t mtime_ns, ctime_ns;
    void **blocks; /* block table, nblk entries */
    uint64_t nblk;
    uint64_t nalloc; /* blocks in the table that are not holes */
    char name[FS_NAME_MAX + 1];
};

struct fs {
    struct fs_ops ops;
    struct fs_inode *ino[FS_MAX_INODES]; /* NULL = free slot; 0 unused */
    uint64_t blocks_used;                /* data blocks held */
};

struct fs_stat {
    uint64_t ino, size, blocks512, mtime_ns, ctime_ns;
    uint32_t mode, nlink;
};

/* Makes the empty tree (root directory). 0 or -ENOMEM. */
int fs_init(struct fs *fs, const struct fs_ops *ops);
/* Frees every inode and data block (a tree that is done with). */
void fs_fini(struct fs *fs);

/* Resolves path to an inode number (> 0) or an error: ENOENT, ENOTDIR,
 * ENAMETOOLONG (a component over NAME_MAX or a path of PATH_MAX or more),
 * ENOENT for "". A trailing slash requires a directory (ENOTDIR). */
int fs_lookup(struct fs *fs, int cwd, const char *path);

/* open(2) semantics for flags O_CREAT O_EXCL O_TRUNC O_DIRECTORY and the
 * access mode: returns the inode (referenced: fs_unref when closed). EISDIR for
 * a directory opened for writing, ENOTDIR for O_DIRECTORY on a file, EEXIST
 * for O_CREAT|O_EXCL on an existing name, ENOSPC when the inode table is full. */
int fs_open(struct fs *fs, int cwd, const char *path, int flags, uint32_t mode);
void fs_ref(struct fs *fs, int ino);
void fs_unref(struct fs *fs, int ino); /* frees an unlinked inode at the last reference */

/* Copies n bytes between the file and the caller's buffer at buffer offset
 * `at`: 0 or -EFAULT (the kernel copies to or from user memory). */
typedef int (*fs_copy_fn)(void *cctx, uint64_t at, void *blk, size_t n);

/* Reads up to len bytes at off (short at end of file): count or -errno
 * (EISDIR, EFAULT before any byte). */
long fs_read(struct fs *fs, int ino, uint64_t off, uint64_t len, fs_copy_fn copy, void *cctx);
/* Writes len bytes at off, growing the file: count (short on ENOSPC or EFAULT
 * after some bytes) or -errno (ENOSPC, EFBIG past FS_MAX_FILE, EFAULT). */
long fs_write(struct fs *fs, int ino, uint64_t off, uint64_t len, fs_copy_fn copy, void *cctx);
/* Sets the size (blocks past it freed, a grown part reads as zeros): EISDIR,
 * EFBIG, ENOSPC. */
int fs_truncate(struct fs *fs, int ino, uint64_t len);

int fs_mkdir(struct fs *fs, int cwd, const char *path, uint32_t mode);
/* unlink(2) (dir = 0: EISDIR for a directory) or rmdir(2) (dir = 1: ENOTDIR,
 * ENOTEMPTY, EBUSY for "/", EINVAL for a last component ".") */
int fs_remove(struct fs *fs, int cwd, const char *path, int dir);
/* rename(2): replaces a file by a file or an empty directory by a directory;
 * EINVAL when new is inside old, EISDIR / ENOTDIR on a type mismatch. */
int fs_rename(struct fs *fs, int cwd_old, const char *oldp, int cwd_new, const char *newp);

int fs_stat(struct fs *fs, int ino, struct fs_stat *st);
/* Directory listing: the entry at position *pos (0 ".", 1 "..", then children
 * by slot); fills name (NUL-terminated), *child, *mode and advances *pos to the
 * next position. 1 = an entry, 0 = the end, -ENOTDIR. */
int fs_readdir(struct fs *fs, int dir, uint64_t *pos, char name[FS_NAME_MAX + 1], int *child, uint32_t *mode);
/* Absolute path of a directory into buf (NUL-terminated): length with the
 * NUL, -ERANGE when cap is too small, -ENOENT when the directory was removed. */
int fs_path(struct fs *fs, int ino, char *buf, size_t cap);
int fs_is_dir(struct fs *fs, int ino);

#endif
