/* elf.c - ELF64 executable validation (see elf.h). Portable C. */
#include <string.h>
#include "elf.h"

/* gABI field offsets of the file header and a program header. */
struct ehdr {
    uint8_t  ident[16];
    uint16_t type, machine;
    uint32_t version;
    uint64_t entry, phoff, shoff;
    uint32_t flags;
    uint16_t ehsize, phentsize, phnum, shentsize, shnum, shstrndx;
};
struct phdr {
    uint32_t type, flags;
    uint64_t offset, vaddr, paddr, filesz, memsz, align;
};
#define PT_LOAD 1
#define PT_DYNAMIC 2
#define PT_INTERP 3
#define PT_PHDR 6
#define ET_EXEC 2
#define ET_DYN 3
#define EM_X86_64 62

static int fail(char *err, size_t cap, const char *msg)
{
    if (cap) {
        size_t n = strlen(msg);
        if (n >= cap)
            n = cap - 1;
        memcpy(err, msg, n);
        err[n] = '\0';
    }
    return -1;
}

int elf_parse(const void *buf, uint64_t size, uint64_t limit, struct elf_info *out,
              char *err, size_t errcap)
{
    struct ehdr eh;
    memset(out, 0, sizeof *out);
    if (!buf || size < sizeof eh)
        return fail(err, errcap, "file too short for an ELF header");
    memcpy(&eh, buf, sizeof eh);
    if (memcmp(eh.ident, "\177ELF", 4) != 0)
        return fail(err, errcap, "not an ELF file (bad magic)");
    if (eh.ident[4] != 2)
        return fail(err, errcap, "not a 64-bit ELF file");
    if (eh.ident[5] != 1)
        return fail(err, errcap, "not a little-endian ELF file");
    if (eh.ident[6] != 1 || eh.version != 1)
        return fail(err, errcap, "unknown ELF version");
    if (eh.machine != EM_X86_64)
        return fail(err, errcap, "not an x86-64 program");
    if (eh.type != ET_EXEC && eh.type != ET_DYN)
        return fail(err, errcap, "not an executable (ELF type)");
    if (eh.phentsize != sizeof(struct phdr))
        return fail(err, errcap, "bad program header size");
    if (eh.phnum == 0 || eh.phnum > 64)
        return fail(err, errcap, "bad program header count");
    if (eh.phoff > size || (uint64_t)eh.phnum * sizeof(struct phdr) > size - eh.phoff)
        return fail(err, errcap, "program headers outside the file");

    uint64_t bias = eh.type == ET_DYN ? ELF_DYN_BIAS : 0;
    out->bias = bias;
    out->phnum = eh.phnum;
    out->phentsize = eh.phentsize;
    out->lo = UINT64_MAX;
    int have_phdr = 0;
    const uint8_t *pbase = (const uint8_t *)buf + eh.phoff;
    for (unsigned i = 0; i < eh.phnum; i++) {
        struct phdr ph;
        memcpy(&ph, pbase + i * sizeof ph, sizeof ph);
        if (ph.type == PT_INTERP)
            return fail(err, errcap, "dynamically linked (PT_INTERP): only static programs run here");
        if (ph.type == PT_PHDR) {
            out->phdr_vaddr = ph.vaddr + bias;
            have_phdr = 1;
        }
        if (ph.type != PT_LOAD || ph.memsz == 0)
            continue;
        if (out->nseg == ELF_MAX_SEGS)
            return fail(err, errcap, "too many loadable segments");
        if (ph.filesz > ph.memsz)
            return fail(err, errcap, "segment file size larger than memory size");
        if (ph.offset > size || ph.filesz > size - ph.offset)
            return fail(err, errcap, "segment data outside the file");
        if (ph.memsz > limit || ph.vaddr > limit)
            return fail(err, errcap, "segment outside the user address range");
        uint64_t va = ph.vaddr + bias;     /* no wrap: both terms are below 2^63 */
        if (va < ELF_MIN_VADDR || va > limit - ph.memsz)
            return fail(err, errcap, "segment outside the user address range");
        if ((va & 0xfff) != (ph.offset & 0xfff))
            return fail(err, errcap, "segment address and file offset not congruent modulo the page size");
        for (int j = 0; j < out->nseg; j++) {
            const struct elf_seg *s = &out->seg[j];
            if (va < s->vaddr + s->memsz && s->vaddr < va + ph.memsz)
                return fail(err, errcap, "loadable segments overlap");
        }
        struct elf_seg *s = &out->seg[out->nseg++];
        s->vaddr = va;
        s->memsz = ph.memsz;
        s->offset = ph.offset;
        s->filesz = ph.filesz;
        s->flags = ph.flags;
        if (va < out->lo)
            out->lo = va;
        if (va + ph.memsz > out->hi)
            out->hi = va + ph.memsz;
        uint64_t ptab = (uint64_t)eh.phnum * sizeof ph;
        if (!have_phdr && ph.offset <= eh.phoff && eh.phoff + ptab <= ph.offset + ph.filesz)
            out->phdr_vaddr = va + (eh.phoff - ph.offset);
    }
    if (out->nseg == 0)
        return fail(err, errcap, "no loadable segment");
    out->entry = eh.entry + bias;
    int entry_ok = 0;
    for (int j = 0; j < out->nseg; j++) {
        const struct elf_seg *s = &out->seg[j];
        if ((s->flags & ELF_PF_X) && out->entry >= s->vaddr && out->entry < s->vaddr + s->memsz)
            entry_ok = 1;
    }
    if (!entry_ok)
        return fail(err, errcap, "entry point not in an executable segment");
    if (!out->phdr_vaddr)
        return fail(err, errcap, "program headers not inside a loaded segment (AT_PHDR)");
    return 0;
}
