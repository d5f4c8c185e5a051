/* sys_file.c - the calls about files that the node's file system
 * (fs_sys.c) does not serve: there are no symbolic links, so readlink and
 * readlinkat name nothing (-ENOENT, -EFAULT for an unreadable path); rseq and
 * clone3 answer -ENOSYS without a console line. */
#include "kapi.h"
#include "sys_file.h"
#include "syscall_table.h"

/* No path names anything here: -ENOENT, or -EFAULT for an unreadable path. */
static long no_such_path(uint64_t upath)
{
    char c;
    return copy_from_user(&c, upath, 1) ? -EFAULT : -ENOENT;
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
