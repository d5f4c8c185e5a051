/* fwcfg.c - QEMU fw_cfg (docs/specs/fw_cfg.txt in the QEMU sources): selector
 * port 0x510 (16-bit), data port 0x511 (8-bit); key 0 = signature "QEMU",
 * key 0x19 = file directory (big-endian count, then 64-byte entries). */
#include "kapi.h"
#include "io.h"
#include "fwcfg.h"

#define FW_SEL 0x510
#define FW_DATA 0x511
#define FW_KEY_SIG 0x0000
#define FW_KEY_DIR 0x0019

static void fw_read(void *buf, uint64_t n)
{
    uint8_t *p = buf;
    for (uint64_t i = 0; i < n; i++)
        p[i] = inb(FW_DATA);
}

static uint32_t be32(const uint8_t *p) { return (uint32_t)p[0] << 24 | p[1] << 16 | p[2] << 8 | p[3]; }

int fwcfg_present(void)
{
    char sig[4];
    outw(FW_SEL, FW_KEY_SIG);
    fw_read(sig, 4);
    return !memcmp(sig, "QEMU", 4);
}

long fwcfg_read_file(const char *name, void *buf, uint64_t cap)
{
    uint8_t hdr[4];
    outw(FW_SEL, FW_KEY_DIR);
    fw_read(hdr, 4);
    uint32_t n = be32(hdr);
    for (uint32_t i = 0; i < n; i++) {
        uint8_t e[64];        /* size BE32, select BE16, reserved, name[56] */
        fw_read(e, 64);
        e[63] = 0;
        if (strcmp((const char *)e + 8, name))
            continue;
        uint32_t size = be32(e);
        outw(FW_SEL, (uint16_t)(e[4] << 8 | e[5]));
        fw_read(buf, size < cap ? size : cap);
        return size;
    }
    return -1;
}

int fw_cfg_read(const char *name, void *buf, uint32_t cap)
{
    if (!fwcfg_present())
        return -1;
    return (int)fwcfg_read_file(name, buf, cap);
}
