/* wire.h - the wire format of MPI/MBCF (seed 003 sec 2.2): the 64-byte
 * header of every FIFO entry, then eager data or piggybacked send-requests.
 * It is the contract between ranks: the PML (pml_*.c) fills type, tag, ctx,
 * the sequence numbers and addresses; the channel layer (btl_chan.c) fills
 * src and tseq and reads type and flags to piggyback (chan_attach_last). */
#ifndef LIBMPI_MBCF_WIRE_H
#define LIBMPI_MBCF_WIRE_H
#include <stdint.h>
#include "mbcf.h"
#include "params.h"

enum wire_type {
    W_EAGER = 1,  /* msg FIFO: header + data (sequenced) */
    W_RTS,        /* msg FIFO: request to send a large message (sequenced) */
    W_DONE,       /* msg FIFO: data of a send-request was remote-written */
    W_CANCEL_ACK, /* msg FIFO: answer to W_CANCEL */
    W_ABORT,      /* msg FIFO: MPI_Abort elsewhere: exit */
    W_REQ,        /* req FIFO: send-request for a posted receive */
    W_CTS,        /* req FIFO: send-request for a matched RTS */
    W_CANCEL,     /* req FIFO: receiver cancels its send-request */
    W_MORE,       /* msg FIFO: the next piece of a W_EAGER longer than its entry */
};
struct wire {
    uint8_t type, flags;  /* msg FIFO: flags = send-requests attached after the data */
    uint16_t src;         /* sender's world rank */
    uint32_t tseq;        /* channel sequence (go-back-N) */
    uint32_t mseq;        /* EAGER/RTS: message number; REQ: receiver's epoch */
    int32_t tag;
    uint32_t ctx;
    uint32_t pad;         /* REQ/CTS/CANCEL: request number (order of both paths) */
    uint64_t len;         /* full message bytes */
    uint64_t sid;         /* sender's request id */
    uint64_t rid;         /* receiver's request id */
    uint64_t addr;        /* receive buffer (remote-write target) */
    uint64_t maxlen;      /* its capacity */
};
#define EAGER_MAX ((int64_t)MBCF_FIFO_ENTRY_MAX - (int64_t)sizeof(struct wire))
_Static_assert(EAGER_MAX == PARAMS_EAGER_MAX, "params.h: PARAMS_WIRE_HEADER is sizeof(struct wire)");

#endif
