/* acpi.c - finds the MADT (and FADT) from the RSDP (ACPI 6.4 5.2.5 RSDP,
 * 5.2.8 XSDT, 5.2.12 MADT, 5.2.9 FADT) and records the APIC addresses and the
 * interrupt source overrides. */
#include "kapi.h"
#include "acpi.h"

struct acpi_info acpi;

struct sdt_hdr {
    char sig[4];
    uint32_t length;
    uint8_t rev, checksum;
    char oem[6], oem_table[8];
    uint32_t oem_rev, creator, creator_rev;
} __attribute__((packed));

static uint32_t rd32(const uint8_t *p) { uint32_t v; memcpy(&v, p, 4); return v; }
static uint64_t rd64(const uint8_t *p) { uint64_t v; memcpy(&v, p, 8); return v; }

static void parse_madt(const uint8_t *t, uint32_t len)
{
    acpi.lapic_pa = rd32(t + 36);
    for (uint32_t off = 44; off + 2 <= len;) {
        uint8_t type = t[off], elen = t[off + 1];
        if (elen < 2 || off + elen > len)
            break;
        const uint8_t *e = t + off;
        if (type == 0 && (rd32(e + 4) & 1)) {      /* Processor Local APIC, enabled (5.2.12.2) */
            if (acpi.nlapic < 64)
                acpi.lapic_ids[acpi.nlapic] = e[3];
            acpi.nlapic++;
        }
        else if (type == 1) {
            if (acpi.nioapic++ == 0) {
                acpi.ioapic_pa = rd32(e + 4);
                acpi.ioapic_gsi_base = rd32(e + 8);
            }
        } else if (type == 2 && acpi.niso < 16) {
            acpi.iso[acpi.niso].irq = e[3];
            acpi.iso[acpi.niso].gsi = rd32(e + 4);
            acpi.iso[acpi.niso].flags = (uint16_t)(e[8] | e[9] << 8);
            acpi.niso++;
        } else if (type == 5) {
            acpi.lapic_pa = rd64(e + 4);
        }
        off += elen;
    }
}

static void parse_table(uint64_t pa)
{
    const uint8_t *t = phys_to_virt(pa);
    const struct sdt_hdr *h = (const void *)t;
    if (!memcmp(h->sig, "APIC", 4))
        parse_madt(t, h->length);
    else if (!memcmp(h->sig, "FACP", 4) && h->length >= 80)
        acpi.pm_timer_port = (uint16_t)rd32(t + 76);
}

void acpi_init(uint64_t rsdp_pa)
{
    acpi.lapic_pa = 0xFEE00000;       /* architectural defaults */
    acpi.ioapic_pa = 0xFEC00000;
    if (!rsdp_pa) {
        kprintf("cluster: no ACPI tables, using default APIC addresses\n");
        return;
    }
    const uint8_t *r = phys_to_virt(rsdp_pa);
    if (memcmp(r, "RSD PTR ", 8)) {
        kprintf("cluster: bad RSDP signature\n");
        return;
    }
    int xsdt = r[15] >= 2 && rd64(r + 24);
    uint64_t root = xsdt ? rd64(r + 24) : rd32(r + 16);
    const struct sdt_hdr *h = phys_to_virt(root);
    uint32_t esz = xsdt ? 8 : 4;
    const uint8_t *ent = (const uint8_t *)h + sizeof *h;
    for (uint32_t i = 0; i < (h->length - sizeof *h) / esz; i++)
        parse_table(xsdt ? rd64(ent + i * 8) : rd32(ent + i * 4));
}

int acpi_irq_to_gsi(int irq, int *active_low, int *level)
{
    for (int i = 0; i < acpi.niso; i++) {
        if (acpi.iso[i].irq != irq)
            continue;
        uint16_t pol = acpi.iso[i].flags & 3, trig = (acpi.iso[i].flags >> 2) & 3;
        *active_low = pol == 3;
        *level = trig == 3;
        return (int)acpi.iso[i].gsi;
    }
    *active_low = 0;
    *level = 0;
    return irq;
}
