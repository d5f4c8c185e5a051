/* sys_file.c - the calls about files that the node's file system
 * (fs_sys.c) does not serve: there are no symbolic links, so readlink and
 * readlinkat name nothing (-ENOENT, -EFAULT for an unreadable path); rseq and
 * clone3 answer -ENOSYS without a console line. */
#include "kapi.h"
#include "sys_file.h"
#include "syscall_table.h"

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
