/* mpix_ult.h - libmpi_mbcf extension (seed 002): the seam
 * through which a user-level thread (ULT) scheduler lends MPI its blocking
 * primitives. The library names no scheduler: a program (or a glue header
 * such as userland/lib/mythmpi/myth_mpi.h for libmyth) registers these
 * functions before MPI_Init_thread(MPI_THREAD_MULTIPLE). Then every MPI
 * call a thread makes is a command for one communication thread; a ULT
 * that waits for it is taken off the run queues (or polls, by
 * MPI_MBCF_ULT_WAIT=poll) and a kernel thread sleeps. Without a
 * registration, MPI_THREAD_MULTIPLE still offloads, with kernel-thread
 * waits only. docs/ult.md. */
#ifndef MPIX_ULT_H
#define MPIX_ULT_H

struct mpix_ult_ops {
    /* the calling ULT, or NULL when the caller is not a ULT */
    void *(*self)(void);
    /* take the calling ULT off every run queue; after(ult, arg) runs once
     * its context is saved (so a resume cannot overtake the switch) */
    void (*suspend)(void (*after)(void *ult, void *arg), void *arg);
    /* put a suspended ULT back on a run queue; called by the communication
     * thread, which is not one of the scheduler's workers */
    void (*resume)(void *ult);
    /* let other ULTs run (the polling policy) */
    void (*yield)(void);
};

/* Register before MPI_Init_thread; NULL unregisters. MPI_SUCCESS, or
 * MPI_ERR_OTHER after MPI_Init (too late) or with a member missing. */
int MPIX_Ult_register(const struct mpix_ult_ops *ops);

#endif
