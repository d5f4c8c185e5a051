/* nt_malformed.h - how many malformed frames of each kind nt_malformed.c injects
 * (the receiver checks its drop counters against these). */
#ifndef NT_MALFORMED_H
#define NT_MALFORMED_H
#define NT_BAD_ETHERTYPE 4   /* IPv4, ARP, byte-swapped ours, 0xFFFF */
#define NT_BAD_HEADER    8   /* length too big x2, trailing garbage x2, kind 0/9, version 0/2 */
/* Frames whose source MAC claims another node or none (foreign vendor prefix,
 * rank >= nodes, the receiver's own rank, a bad vendor byte): the kernel writes
 * the sender's true MAC over it, so each arrives as a valid frame from the
 * sender and none is counted as an unknown source. */
#define NT_FORGED_SRC    4
#endif
