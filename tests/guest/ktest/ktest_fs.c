/* ktest_fs.c - the file system calls on one node through musl (open(2),
 * read(2), lseek(2), dup(2), stat(2), getdents64(2), rename(2), ...): results
 * and Linux errors for bad input (hostile pointers, huge lengths, long names,
 * EMFILE, ENOTDIR, EISDIR, ENOTEMPTY, EEXIST), then filling the node's memory
 * with a file (ENOSPC, no panic, the program keeps running) and getting the
 * space back by unlinking it. One "ok"/"not ok" line per check; exit 0 only
 * if all pass. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

static int failures, n;

static void check(int cond, const char *what)
{
    printf("%s %d - %s\n", cond ? "ok" : "not ok", ++n, what);
    if (!cond)
        failures++;
}

/* raw calls: musl's wrappers set errno; these return -errno */
static long sc(long nr, long a, long b, long c)
{
    return syscall(nr, a, b, c) < 0 ? -errno : 0;
}
#define ERR(call, e) ((call) < 0 && errno == (e))

static void basics(void)
{
    int fd = open("a.txt", O_CREAT | O_RDWR | O_TRUNC, 0644);
    check(fd >= 3, "open O_CREAT gives the lowest free fd >= 3");
    check(write(fd, "hello world\n", 12) == 12, "write 12 bytes");
    check(lseek(fd, 0, SEEK_CUR) == 12 && lseek(fd, 6, SEEK_SET) == 6, "lseek CUR and SET");
    char b[64] = { 0 };
    check(read(fd, b, sizeof b) == 6 && memcmp(b, "world\n", 6) == 0, "read from the offset to end of file");
    check(read(fd, b, sizeof b) == 0, "read at end of file is 0");
    check(pwrite(fd, "HELLO", 5, 0) == 5 && pread(fd, b, 5, 0) == 5 && memcmp(b, "HELLO", 5) == 0,
          "pwrite/pread at offset 0");
    check(lseek(fd, 0, SEEK_CUR) == 12, "pread/pwrite leave the offset");
    struct iovec iv[2] = { { "ab", 2 }, { "cd", 2 } };
    check(writev(fd, iv, 2) == 4, "writev 2 vectors");
    struct stat st;
    check(fstat(fd, &st) == 0 && st.st_size == 16 && S_ISREG(st.st_mode), "fstat: regular, 16 bytes");
    check(stat("a.txt", &st) == 0 && st.st_size == 16, "stat by name");
    check(ftruncate(fd, 4) == 0 && fstat(fd, &st) == 0 && st.st_size == 4, "ftruncate shrinks");
    check(ftruncate(fd, 10000) == 0 && pread(fd, b, 8, 4) == 8 && b[0] == 0 && b[7] == 0,
          "ftruncate grows with zeros");
    check(fsync(fd) == 0, "fsync");
    int d = dup(fd);
    check(d > fd && lseek(d, 0, SEEK_CUR) == lseek(fd, 0, SEEK_CUR), "dup shares the offset");
    check(dup2(fd, 40) == 40 && close(40) == 0, "dup2 to 40, close it");
    check(ERR(dup3(fd, fd, 0), EINVAL), "dup3 with equal fds is EINVAL");
    check(close(d) == 0 && close(fd) == 0 && ERR(close(fd), EBADF), "close twice: EBADF");

    fd = open("app.txt", O_CREAT | O_WRONLY | O_APPEND, 0644);
    write(fd, "1", 1);
    lseek(fd, 0, SEEK_SET);
    write(fd, "2", 1);
    check(fstat(fd, &st) == 0 && st.st_size == 2, "O_APPEND writes at the end");
    close(fd);
    check(ERR(open("app.txt", O_CREAT | O_EXCL | O_WRONLY, 0644), EEXIST), "O_CREAT|O_EXCL on a name: EEXIST");
    fd = open("app.txt", O_WRONLY | O_TRUNC);
    check(fd >= 0 && fstat(fd, &st) == 0 && st.st_size == 0, "O_TRUNC empties");
    close(fd);

    FILE *f = fopen("stdio.txt", "w");
    check(f && fprintf(f, "x=%d\n", 42) == 5 && fclose(f) == 0, "fopen/fprintf/fclose");
    int x = 0;
    f = fopen("stdio.txt", "r");
    check(f && fscanf(f, "x=%d", &x) == 1 && x == 42 && fclose(f) == 0, "fopen/fscanf reads it back");
}

static void dirs(void)
{
    check(mkdir("d", 0755) == 0 && ERR(mkdir("d", 0755), EEXIST), "mkdir, again EEXIST");
    check(mkdir("d/e", 0755) == 0 && chdir("d/e") == 0, "mkdir d/e, chdir into it");
    char cwd[256];
    check(getcwd(cwd, sizeof cwd) && strcmp(cwd, "/d/e") == 0, "getcwd is /d/e");
    check(ERR(syscall(SYS_getcwd, cwd, 3), ERANGE), "getcwd into 3 bytes: ERANGE");
    int fd = open("../f", O_CREAT | O_WRONLY, 0644);
    check(fd >= 0 && close(fd) == 0 && access("/d/f", F_OK) == 0, "create through .., access by absolute path");
    check(chdir("/") == 0, "chdir /");
    check(ERR(rmdir("d"), ENOTEMPTY), "rmdir of a non-empty directory: ENOTEMPTY");
    check(ERR(unlink("d"), EISDIR), "unlink of a directory: EISDIR");
    check(ERR(rmdir("d/f"), ENOTDIR), "rmdir of a file: ENOTDIR");
    check(ERR(open("d/f/x", O_RDONLY), ENOTDIR), "a file as a path component: ENOTDIR");
    check(ERR(open("d", O_WRONLY), EISDIR), "open a directory for writing: EISDIR");
    check(ERR(open("d/f", O_RDONLY | O_DIRECTORY), ENOTDIR), "O_DIRECTORY on a file: ENOTDIR");
    check(ERR(open("nope", O_RDONLY), ENOENT), "open a missing name: ENOENT");
    check(ERR(open("", O_RDONLY), ENOENT), "open \"\": ENOENT");
    check(rename("d/f", "d/g") == 0 && access("d/g", F_OK) == 0 && ERR(access("d/f", F_OK), ENOENT),
          "rename a file");
    check(ERR(rename("d", "d/e/x"), EINVAL), "rename a directory into itself: EINVAL");
    DIR *dp = opendir("d");
    int seen = 0;
    struct dirent *de;
    while (dp && (de = readdir(dp)))
        seen |= !strcmp(de->d_name, "e") ? 1 : !strcmp(de->d_name, "g") ? 2
                                           : !strcmp(de->d_name, ".")   ? 4
                                                                        : 0;
    check(dp && seen == 7 && closedir(dp) == 0, "readdir lists ., e and g");
    check(unlink("d/g") == 0 && rmdir("d/e") == 0 && rmdir("d") == 0, "unlink and rmdir empty the tree");
}

static void hostile(void)
{
    char name[300];
    memset(name, 'n', sizeof name);
    name[sizeof name - 1] = 0;
    check(ERR(open(name, O_CREAT | O_RDWR, 0644), ENAMETOOLONG), "a 299-byte name: ENAMETOOLONG");
    char *longp = malloc(5000);
    memset(longp, 'a', 4999);
    for (int i = 1; i < 4999; i += 2)
        longp[i] = '/';
    longp[4999] = 0;
    check(ERR(open(longp, O_RDONLY), ENAMETOOLONG), "a 4999-byte path: ENAMETOOLONG");
    free(longp);
    check(sc(SYS_open, 0, O_RDONLY, 0) == -EFAULT, "open(NULL): EFAULT");
    check(sc(SYS_open, (long)0xffff800000000000ul, O_RDONLY, 0) == -EFAULT, "open(kernel address): EFAULT");
    int fd = open("h", O_CREAT | O_RDWR, 0644);
    check(sc(SYS_write, fd, 0x10, 8) == -EFAULT, "write from an unmapped buffer: EFAULT");
    write(fd, "data", 4);
    check(syscall(SYS_pread64, fd, 0xffff800000000000ul, 4, 0) < 0 && errno == EFAULT,
          "pread into a kernel address: EFAULT");
    check(syscall(SYS_pwrite64, fd, "x", 1, 1l << 41) < 0 && errno == EFBIG, "pwrite at 2 TiB: EFBIG");
    check(syscall(SYS_pwrite64, fd, "x", 1, -1l) < 0 && errno == EINVAL, "pwrite at a negative offset: EINVAL");
    check(ERR(lseek(fd, -1, SEEK_SET), EINVAL), "lseek to -1: EINVAL");
    check(ERR(lseek(fd, 0, 7), EINVAL), "lseek whence 7: EINVAL");
    check(ERR(read(999, name, 1), EBADF) && ERR(read(-5, name, 1), EBADF), "read of bad fds: EBADF");
    check(ERR(lseek(1, 0, SEEK_SET), ESPIPE), "lseek on the console: ESPIPE");
    struct stat st;
    check(fstat(1, &st) == 0 && S_ISCHR(st.st_mode), "fstat(1) is a character device");
    close(fd);
    unlink("h");

    int fds[300], k = 0, last = 0;
    for (; k < 300; k++) {
        fds[k] = open("/", O_RDONLY | O_DIRECTORY);
        if (fds[k] < 0) {
            last = errno;
            break;
        }
    }
    check(k > 200 && k < 300 && last == EMFILE, "opening until EMFILE");
    for (int i = 0; i < k; i++)
        close(fds[i]);
    fd = open("/", O_RDONLY | O_DIRECTORY);
    check(fd >= 3 && close(fd) == 0, "fds come back after closing");

    fd = open("gone", O_CREAT | O_RDWR, 0644);
    write(fd, "keep", 4);
    check(unlink("gone") == 0 && ERR(access("gone", F_OK), ENOENT), "unlink an open file: the name goes");
    char b[4];
    check(pread(fd, b, 4, 0) == 4 && memcmp(b, "keep", 4) == 0 && close(fd) == 0, "its data stays until close");
}

static long free_ram(void)
{
    long si[14];
    return syscall(SYS_sysinfo, si) ? 0 : si[5];
}

static void fill(void)
{
    long before = free_ram();
    int fd = open("big", O_CREAT | O_WRONLY, 0644);
    static char chunk[1 << 20];
    memset(chunk, 0x5a, sizeof chunk);
    long total = 0, r = 0;
    while ((r = write(fd, chunk, sizeof chunk)) > 0)
        total += r;
    int e = errno;
    printf("# wrote %ld MiB before the file system was full (free before %ld MiB)\n", total >> 20, before >> 20);
    check(r < 0 && e == ENOSPC && total > (16l << 20), "writing until full: ENOSPC after more than 16 MiB");
    struct stat st;
    check(fstat(fd, &st) == 0 && st.st_size == total, "the size is what was written");
    char *p = malloc(1 << 20);
    check(p != NULL, "malloc 1 MiB still works when the file system is full");
    free(p);
    char b[1];
    close(fd);
    fd = open("big", O_RDONLY);
    check(pread(fd, b, 1, total - 1) == 1 && b[0] == 0x5a, "the last byte written is there");
    close(fd);
    check(unlink("big") == 0, "unlink the big file");
    long after = free_ram();
    check(after >= before - (1l << 20), "the memory comes back");
}

int main(void)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    basics();
    dirs();
    hostile();
    fill();
    printf("ktest_fs: %d checks, %d failed\n", n, failures);
    return failures ? 1 : 0;
}
