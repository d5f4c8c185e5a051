/* nt_malformed.h - how many malformed frames of each kind nt_malformed.c injects
 * (the receiver checks its drop counters against these). */
#ifndef NT_MALFORMED_H
#define NT_MALFORMED_H
#define NT_BAD_ETHERTYPE 4   /* IPv4, ARP, byte-swapped ours, 0xFFFF */
#define NT_BAD_HEADER    8   /* length too big x2, trailing garbage x2, kind 0/9, version 0/2 */
#define NT_BAD_SRC       4   /* foreign vendor prefix x2, rank >= nodes x2 */
#endif
