/* ustack.h - the initial user stack of a Linux x86-64 process (System V AMD64
 * ABI 3.4.1, Figure 3.9): argc, argv[], NULL, envp[], NULL, auxv pairs,
 * AT_NULL, then the strings and the 16 AT_RANDOM bytes above. Portable C. */
#ifndef USTACK_H
#define USTACK_H
#include <stdint.h>

#define AT_NULL 0
#define AT_PHDR 3
#define AT_PHENT 4
#define AT_PHNUM 5
#define AT_PAGESZ 6
#define AT_BASE 7
#define AT_FLAGS 8
#define AT_ENTRY 9
#define AT_UID 11
#define AT_EUID 12
#define AT_GID 13
#define AT_EGID 14
#define AT_PLATFORM 15
#define AT_HWCAP 16
#define AT_CLKTCK 17
#define AT_SECURE 23
#define AT_RANDOM 25
#define AT_EXECFN 31

struct ustack_args {
    int argc, envc;
    const char *const *argv;
    const char *const *envp;
    int nauxv;
    const uint64_t (*auxv)[2];  /* pairs; AT_RANDOM/AT_EXECFN/AT_PLATFORM/AT_NULL are added */
    uint8_t random[16];
};

/* Writes the stack top into buf, which stands for the user addresses
 * [top - cap, top). Returns the initial RSP (16-byte aligned, pointing at argc)
 * or 0 when it does not fit. */
uint64_t ustack_build(uint8_t *buf, uint64_t cap, uint64_t top, const struct ustack_args *a);
#endif
