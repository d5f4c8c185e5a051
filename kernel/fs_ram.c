/* fs_ram.c - the node's RAM file system, portable core: path walk (POSIX.1-2017
 * XBD 4.13), inode table, per-file block tables, and the open/unlink/rmdir/
 * rename rules of the Linux man pages (open(2), unlink(2), rmdir(2),
 * rename(2)). No kernel headers: the kernel glue is kernel/fs_sys.c. */
#include "fs_ram.h"

static size_t slen(const char *s, size_t cap)
{
    size_t n = 0;
    while (n < cap && s[n])
        n++;
    return n;
}

static int name_eq(const char *a, const char *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (a[i] != b[i])
            return 0;
    return a[n] == 0;
}

static void name_set(char *d, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        d[i] = s[i];
    d[n] = 0;
}

static uint64_t now(struct fs *fs)
{
    return fs->ops.now_ns ? fs->ops.now_ns(fs->ops.ctx) : 0;
}

static struct fs_inode *get(struct fs *fs, int ino)
{
    return ino > 0 && ino < FS_MAX_INODES ? fs->ino[ino] : 0;
}

static int is_dir(const struct fs_inode *n)
{
    return (n->mode & 0170000) == FS_S_IFDIR;
}

int fs_is_dir(struct fs *fs, int ino)
{
    struct fs_inode *n = get(fs, ino);
    return n && is_dir(n);
}

static int new_inode(struct fs *fs, int parent, const char *name, size_t nlen, uint32_t mode)
{
    int slot = 0;
    for (int i = FS_ROOT; i < FS_MAX_INODES; i++)
        if (!fs->ino[i]) {
            slot = i;
            break;
        }
    if (!slot)
        return -FS_ENOSPC;
    struct fs_inode *n = fs->ops.alloc(fs->ops.ctx, sizeof *n);
    if (!n)
        return -FS_ENOSPC;
    n->mode = mode;
    n->parent = (uint32_t)parent;
    n->linked = 1;
    n->mtime_ns = n->ctime_ns = now(fs);
    name_set(n->name, name, nlen);
    fs->ino[slot] = n;
    return slot;
}

static void free_blocks_from(struct fs *fs, struct fs_inode *n, uint64_t first)
{
    for (uint64_t b = first; b < n->nblk; b++)
        if (n->blocks[b]) {
            fs->ops.free(fs->ops.ctx, n->blocks[b], FS_BLOCK);
            n->blocks[b] = 0;
            n->nalloc--;
            fs->blocks_used--;
        }
}

static void free_inode(struct fs *fs, int ino)
{
    struct fs_inode *n = fs->ino[ino];
    free_blocks_from(fs, n, 0);
    if (n->blocks)
        fs->ops.free(fs->ops.ctx, n->blocks, n->nblk * sizeof(void *));
    fs->ops.free(fs->ops.ctx, n, sizeof *n);
    fs->ino[ino] = 0;
}

int fs_init(struct fs *fs, const struct fs_ops *ops)
{
    for (int i = 0; i < FS_MAX_INODES; i++)
        fs->ino[i] = 0;
    fs->ops = *ops;
    fs->blocks_used = 0;
    int r = new_inode(fs, FS_ROOT, "", 0, FS_S_IFDIR | 0755);
    return r == FS_ROOT ? 0 : -FS_ENOMEM;
}

void fs_fini(struct fs *fs)
{
    for (int i = FS_ROOT; i < FS_MAX_INODES; i++)
        if (fs->ino[i])
            free_inode(fs, i);
}

static int live_dir(struct fs *fs, int ino)
{
    struct fs_inode *n = get(fs, ino);
    if (!n || !n->linked)
        return -FS_ENOENT;
    return is_dir(n) ? 0 : -FS_ENOTDIR;
}

/* The child of dir named name[0..len), or 0. */
static int child(struct fs *fs, int dir, const char *name, size_t len)
{
    if (len == 1 && name[0] == '.')
        return dir;
    if (len == 2 && name[0] == '.' && name[1] == '.')
        return (int)fs->ino[dir]->parent;
    for (int i = FS_ROOT + 1; i < FS_MAX_INODES; i++) {
        struct fs_inode *n = fs->ino[i];
        if (n && n->linked && n->parent == (uint32_t)dir && name_eq(n->name, name, len))
            return i;
    }
    return 0;
}

/* The last component of a walked path. */
struct last {
    int parent;       /* directory holding it */
    const char *name; /* not NUL-terminated */
    size_t len;       /* 0: the path named a directory by slashes only */
    int slash;        /* a trailing slash followed it */
};

static int is_dots(const struct last *l)
{
    return (l->len == 1 && l->name[0] == '.') || (l->len == 2 && l->name[0] == '.' && l->name[1] == '.');
}

static int walk(struct fs *fs, int cwd, const char *path, struct last *l)
{
    size_t plen = slen(path, FS_PATH_MAX);
    if (plen >= FS_PATH_MAX)
        return -FS_ENAMETOOLONG;
    if (plen == 0)
        return -FS_ENOENT;
    int cur = path[0] == '/' ? FS_ROOT : cwd;
    int r = live_dir(fs, cur);
    if (r)
        return r;
    l->parent = cur;
    l->name = path;
    l->len = 0;
    l->slash = 0;
    size_t i = 0;
    while (i < plen) {
        while (i < plen && path[i] == '/')
            i++;
        if (i == plen)
            break;
        size_t s = i;
        while (i < plen && path[i] != '/')
            i++;
        if (i - s > FS_NAME_MAX)
            return -FS_ENAMETOOLONG;
        size_t j = i;
        while (j < plen && path[j] == '/')
            j++;
        if (j == plen) { /* the last component */
            l->parent = cur;
            l->name = path + s;
            l->len = i - s;
            l->slash = i < plen;
            return 0;
        }
        int c = child(fs, cur, path + s, i - s);
        if (!c)
            return -FS_ENOENT;
        if (!is_dir(fs->ino[c]))
            return -FS_ENOTDIR;
        cur = c;
    }
    l->parent = cur; /* slashes only: "/" */
    return 0;
}

static int resolve(struct fs *fs, const struct last *l)
{
    if (l->len == 0)
        return l->parent;
    int c = child(fs, l->parent, l->name, l->len);
    if (!c)
        return -FS_ENOENT;
    if (l->slash && !is_dir(fs->ino[c]))
        return -FS_ENOTDIR;
    return c;
}

int fs_lookup(struct fs *fs, int cwd, const char *path)
{
    struct last l;
    int r = walk(fs, cwd, path, &l);
    return r ? r : resolve(fs, &l);
}

void fs_ref(struct fs *fs, int ino)
{
    struct fs_inode *n = get(fs, ino);
    if (n)
        n->opens++;
}

void fs_unref(struct fs *fs, int ino)
{
    struct fs_inode *n = get(fs, ino);
    if (n && --n->opens <= 0 && !n->linked) {
        n->opens = 0;
        free_inode(fs, ino);
    }
}

int fs_open(struct fs *fs, int cwd, const char *path, int flags, uint32_t mode)
{
    struct last l;
    int r = walk(fs, cwd, path, &l);
    if (r)
        return r;
    int writing = (flags & FS_O_ACCMODE) == FS_O_WRONLY || (flags & FS_O_ACCMODE) == FS_O_RDWR;
    int ino = l.len ? child(fs, l.parent, l.name, l.len) : l.parent;
    if (!ino) {
        if (!(flags & FS_O_CREAT))
            return -FS_ENOENT;
        if (l.slash || (flags & FS_O_DIRECTORY))
            return -FS_EISDIR;
        ino = new_inode(fs, l.parent, l.name, l.len, FS_S_IFREG | (mode & 07777));
        if (ino < 0)
            return ino;
    } else {
        struct fs_inode *n = fs->ino[ino];
        if ((flags & FS_O_CREAT) && (flags & FS_O_EXCL))
            return -FS_EEXIST;
        if (is_dir(n)) {
            if (writing || (flags & FS_O_CREAT))
                return -FS_EISDIR;
        } else {
            if ((flags & FS_O_DIRECTORY) || l.slash)
                return -FS_ENOTDIR;
            if ((flags & FS_O_TRUNC) && writing) {
                r = fs_truncate(fs, ino, 0);
                if (r)
                    return r;
            }
        }
    }
    fs->ino[ino]->opens++;
    return ino;
}

/* Makes the block table hold at least need entries. */
static int grow_table(struct fs *fs, struct fs_inode *n, uint64_t need)
{
    if (need <= n->nblk)
        return 0;
    uint64_t cap = n->nblk * 2 > need ? n->nblk * 2 : need;
    if (cap < 16)
        cap = 16;
    void **t = fs->ops.alloc(fs->ops.ctx, cap * sizeof(void *));
    if (!t)
        return -FS_ENOSPC;
    for (uint64_t i = 0; i < n->nblk; i++)
        t[i] = n->blocks[i];
    if (n->blocks)
        fs->ops.free(fs->ops.ctx, n->blocks, n->nblk * sizeof(void *));
    n->blocks = t;
    n->nblk = cap;
    return 0;
}

static uint8_t zero_block[FS_BLOCK];

long fs_read(struct fs *fs, int ino, uint64_t off, uint64_t len, fs_copy_fn copy, void *cctx)
{
    struct fs_inode *n = get(fs, ino);
    if (!n)
        return -FS_EBADF;
    if (is_dir(n))
        return -FS_EISDIR;
    if (off >= n->size)
        return 0;
    if (len > n->size - off)
        len = n->size - off;
    uint64_t done = 0;
    while (done < len) {
        uint64_t o = off + done, b = o / FS_BLOCK, in = o % FS_BLOCK;
        size_t k = (size_t)(FS_BLOCK - in < len - done ? FS_BLOCK - in : len - done);
        uint8_t *blk = b < n->nblk && n->blocks[b] ? (uint8_t *)n->blocks[b] + in : zero_block;
        if (copy(cctx, done, blk, k))
            return done ? (long)done : -FS_EFAULT;
        done += k;
    }
    return (long)done;
}

long fs_write(struct fs *fs, int ino, uint64_t off, uint64_t len, fs_copy_fn copy, void *cctx)
{
    struct fs_inode *n = get(fs, ino);
    if (!n)
        return -FS_EBADF;
    if (is_dir(n))
        return -FS_EISDIR;
    if (len == 0)
        return 0;
    if (off >= FS_MAX_FILE)
        return -FS_EFBIG;
    if (len > FS_MAX_FILE - off)
        len = FS_MAX_FILE - off;
    uint64_t done = 0;
    long err = 0;
    while (done < len) {
        uint64_t o = off + done, b = o / FS_BLOCK, in = o % FS_BLOCK;
        size_t k = (size_t)(FS_BLOCK - in < len - done ? FS_BLOCK - in : len - done);
        if ((err = grow_table(fs, n, b + 1)))
            break;
        if (!n->blocks[b]) {
            void *p = fs->ops.alloc(fs->ops.ctx, FS_BLOCK);
            if (!p) {
                err = -FS_ENOSPC;
                break;
            }
            n->blocks[b] = p;
            n->nalloc++;
            fs->blocks_used++;
        }
        if (copy(cctx, done, (uint8_t *)n->blocks[b] + in, k)) {
            /* a partial copy must not show past the end of file later */
            uint64_t from = o > n->size ? o : n->size;
            for (uint64_t z = from; z < o + k; z++)
                ((uint8_t *)n->blocks[b])[in + (z - o)] = 0;
            err = -FS_EFAULT;
            break;
        }
        done += k;
    }
    if (done) {
        if (off + done > n->size)
            n->size = off + done;
        n->mtime_ns = n->ctime_ns = now(fs);
        return (long)done;
    }
    return err;
}

int fs_truncate(struct fs *fs, int ino, uint64_t len)
{
    struct fs_inode *n = get(fs, ino);
    if (!n)
        return -FS_EBADF;
    if (is_dir(n))
        return -FS_EISDIR;
    if (len > FS_MAX_FILE)
        return -FS_EFBIG;
    if (len < n->size) {
        free_blocks_from(fs, n, (len + FS_BLOCK - 1) / FS_BLOCK);
        uint64_t b = len / FS_BLOCK, in = len % FS_BLOCK;
        if (in && b < n->nblk && n->blocks[b]) /* later growth reads zeros */
            for (uint64_t i = in; i < FS_BLOCK; i++)
                ((uint8_t *)n->blocks[b])[i] = 0;
    }
    n->size = len;
    n->mtime_ns = n->ctime_ns = now(fs);
    return 0;
}

int fs_mkdir(struct fs *fs, int cwd, const char *path, uint32_t mode)
{
    struct last l;
    int r = walk(fs, cwd, path, &l);
    if (r)
        return r;
    if (l.len == 0 || is_dots(&l) || child(fs, l.parent, l.name, l.len))
        return -FS_EEXIST;
    r = new_inode(fs, l.parent, l.name, l.len, FS_S_IFDIR | (mode & 07777));
    return r < 0 ? r : 0;
}

static int has_children(struct fs *fs, int dir)
{
    for (int i = FS_ROOT + 1; i < FS_MAX_INODES; i++)
        if (fs->ino[i] && fs->ino[i]->linked && fs->ino[i]->parent == (uint32_t)dir)
            return 1;
    return 0;
}

static void drop_name(struct fs *fs, int ino)
{
    fs->ino[ino]->linked = 0;
    if (fs->ino[ino]->opens <= 0)
        free_inode(fs, ino);
}

int fs_remove(struct fs *fs, int cwd, const char *path, int dir)
{
    struct last l;
    int r = walk(fs, cwd, path, &l);
    if (r)
        return r;
    if (l.len == 0)
        return dir ? -FS_EBUSY : -FS_EISDIR;
    if (is_dots(&l)) {
        if (!dir)
            return -FS_EISDIR;
        return l.len == 1 ? -FS_EINVAL : -FS_ENOTEMPTY;
    }
    int c = child(fs, l.parent, l.name, l.len);
    if (!c)
        return -FS_ENOENT;
    struct fs_inode *n = fs->ino[c];
    if (dir) {
        if (!is_dir(n))
            return -FS_ENOTDIR;
        if (has_children(fs, c))
            return -FS_ENOTEMPTY;
    } else {
        if (is_dir(n))
            return -FS_EISDIR;
        if (l.slash)
            return -FS_ENOTDIR;
    }
    drop_name(fs, c);
    return 0;
}

/* Is a inside (or equal to) directory d? */
static int within(struct fs *fs, int a, int d)
{
    for (int i = 0; i < FS_MAX_INODES; i++) {
        if (a == d)
            return 1;
        if (a == FS_ROOT)
            return 0;
        a = (int)fs->ino[a]->parent;
    }
    return 0;
}

int fs_rename(struct fs *fs, int cwd_old, const char *oldp, int cwd_new, const char *newp)
{
    struct last lo, ln;
    int r = walk(fs, cwd_old, oldp, &lo);
    if (r)
        return r;
    if ((r = walk(fs, cwd_new, newp, &ln)))
        return r;
    if (lo.len == 0 || ln.len == 0)
        return -FS_EBUSY;
    if (is_dots(&lo) || is_dots(&ln))
        return -FS_EINVAL;
    int s = child(fs, lo.parent, lo.name, lo.len);
    if (!s)
        return -FS_ENOENT;
    struct fs_inode *sn = fs->ino[s];
    if (!is_dir(sn) && (lo.slash || ln.slash))
        return -FS_ENOTDIR;
    if (is_dir(sn) && within(fs, ln.parent, s))
        return -FS_EINVAL;
    int d = child(fs, ln.parent, ln.name, ln.len);
    if (d == s)
        return 0;
    if (d) {
        struct fs_inode *dn = fs->ino[d];
        if (is_dir(sn) && !is_dir(dn))
            return -FS_ENOTDIR;
        if (!is_dir(sn) && is_dir(dn))
            return -FS_EISDIR;
        if (is_dir(dn) && has_children(fs, d))
            return -FS_ENOTEMPTY;
        drop_name(fs, d);
    }
    sn->parent = (uint32_t)ln.parent;
    name_set(sn->name, ln.name, ln.len);
    sn->ctime_ns = now(fs);
    return 0;
}

int fs_stat(struct fs *fs, int ino, struct fs_stat *st)
{
    struct fs_inode *n = get(fs, ino);
    if (!n)
        return -FS_EBADF;
    st->ino = (uint64_t)ino;
    st->size = is_dir(n) ? FS_BLOCK : n->size;
    st->blocks512 = n->nalloc * (FS_BLOCK / 512);
    st->mtime_ns = n->mtime_ns;
    st->ctime_ns = n->ctime_ns;
    st->mode = n->mode;
    st->nlink = n->linked ? (is_dir(n) ? 2 : 1) : 0;
    return 0;
}

int fs_readdir(struct fs *fs, int dir, uint64_t *pos, char name[FS_NAME_MAX + 1], int *ch, uint32_t *mode)
{
    struct fs_inode *d = get(fs, dir);
    if (!d || !is_dir(d))
        return -FS_ENOTDIR;
    if (*pos < 2) {
        name_set(name, "..", (size_t)*pos + 1);
        *ch = *pos ? (int)d->parent : dir;
        *mode = FS_S_IFDIR;
        (*pos)++;
        return 1;
    }
    if (!d->linked)
        return 0;
    for (uint64_t i = *pos; i < FS_MAX_INODES; i++) { /* position p >= 2: slot p onwards */
        struct fs_inode *n = fs->ino[i];
        if (n && n->linked && n->parent == (uint32_t)dir) {
            name_set(name, n->name, slen(n->name, FS_NAME_MAX));
            *ch = (int)i;
            *mode = n->mode;
            *pos = i + 1;
            return 1;
        }
    }
    *pos = FS_MAX_INODES;
    return 0;
}

int fs_path(struct fs *fs, int ino, char *buf, size_t cap)
{
    struct fs_inode *n = get(fs, ino);
    if (!n || !n->linked)
        return -FS_ENOENT;
    size_t len = 0; /* "/a/b": one slash and the name per level */
    for (int i = ino; i != FS_ROOT; i = (int)fs->ino[i]->parent)
        len += 1 + slen(fs->ino[i]->name, FS_NAME_MAX);
    if (len == 0)
        len = 1;
    if (len + 1 > cap)
        return -FS_ERANGE;
    buf[0] = '/';
    buf[len] = 0;
    size_t end = len; /* filled from the end back to the root */
    for (int i = ino; i != FS_ROOT; i = (int)fs->ino[i]->parent) {
        const char *nm = fs->ino[i]->name;
        size_t nl = slen(nm, FS_NAME_MAX);
        end -= nl;
        for (size_t q = 0; q < nl; q++)
            buf[end + q] = nm[q];
        buf[--end] = '/';
    }
    return (int)(len + 1);
}
