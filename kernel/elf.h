/* elf.h - validation of static x86-64 ELF executables before loading them
 * (System V gABI, "ELF-64 Object File Format" 1.5). Portable C, unit-tested on
 * the host with malformed files. */
#ifndef ELF_H
#define ELF_H
#include <stdint.h>
#include <stddef.h>

#define ELF_MAX_SEGS 16
#define ELF_PF_X 1
#define ELF_PF_W 2
#define ELF_PF_R 4
#define ELF_MIN_VADDR 0x10000ull      /* never map the first 64 KiB (NULL guard) */
#define ELF_DYN_BIAS  0x400000ull     /* where a static-pie (ET_DYN) program goes */

struct elf_seg {
    uint64_t vaddr, memsz;      /* where (bias applied) */
    uint64_t offset, filesz;    /* file bytes to copy */
    uint32_t flags;             /* ELF_PF_* */
};

struct elf_info {
    uint64_t entry;             /* bias applied */
    uint64_t phdr_vaddr;        /* user address of the program headers (AT_PHDR) */
    uint64_t phnum, phentsize;
    uint64_t lo, hi;            /* lowest / highest (end) loaded address */
    uint64_t bias;              /* 0 for ET_EXEC */
    int nseg;
    struct elf_seg seg[ELF_MAX_SEGS];
};

/* Checks everything the loader relies on; on failure returns -1 and writes a
 * one-line reason to err. limit is the first address the program may not use. */
int elf_parse(const void *buf, uint64_t size, uint64_t limit, struct elf_info *out,
              char *err, size_t errcap);
#endif
