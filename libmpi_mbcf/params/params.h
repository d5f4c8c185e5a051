/* params.h - run-time parameters of libmpi_mbcf, read from the environment
 * once at MPI_Init (params.c): MPI_MBCF_EAGER, MPI_MBCF_INLINE,
 * MPI_MBCF_SPIN, MPI_MBCF_STATS, MPI_MBCF_RING_BUDGET, MPI_MBCF_SREQ_MIN,
 * MPI_MBCF_EAGER_MULTI. (The collectives read their own
 * MPI_MBCF_COLL_* variables in coll/coll_select.c.) */
#ifndef LIBMPI_MBCF_PARAMS_H
#define LIBMPI_MBCF_PARAMS_H
#include <stdint.h>
#include "mbcf.h"

/* The largest eager message: one MBCF FIFO entry less the wire header
 * (btl/wire.h asserts that struct wire has this size). */
#define PARAMS_WIRE_HEADER 64
#define PARAMS_EAGER_MAX ((int64_t)MBCF_FIFO_ENTRY_MAX - PARAMS_WIRE_HEADER)

#define SPIN_POLL (-1)        /* spin_rounds: never sleep */

struct mpi_params {
    int64_t eager_limit;      /* MPI_MBCF_EAGER: largest message sent eagerly */
    int64_t inline_max;       /* MPI_MBCF_INLINE: largest matched send inside its notice */
    int64_t sreq_min;         /* MPI_MBCF_SREQ_MIN: smallest receive capacity that gets a
                                 send-request (default max(inline_max,
                                 eager_multi) + 1; params.c) */
    int spin_rounds;          /* MPI_MBCF_SPIN: idle progress rounds before sleeping */
    int stats;                /* MPI_MBCF_STATS=1: counters line at MPI_Finalize */
    int ring_budget;          /* MPI_MBCF_RING_BUDGET=0: channels post without the
                                 ring-space bound (btl_chan.c; for measurements) */
    int64_t eager_multi;      /* MPI_MBCF_EAGER_MULTI: largest message sent as several
                                 message-FIFO entries when no send-request is held */
};
extern struct mpi_params mpi_params;

/* Read the environment into mpi_params; a bad value is reported on stderr
 * and the default kept. */
void params_from_env(void);

#endif
