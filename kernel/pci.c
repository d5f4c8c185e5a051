/* pci.c - PCI configuration mechanism #1 (PCI Local Bus spec 3.0, 3.2.2.3.2:
 * address port 0xCF8, data port 0xCFC), the boot-time device listing and the
 * INTx -> GSI lookup described in kapi.h. */
#include "kapi.h"
#include "io.h"
#include "acpi.h"

static uint32_t addr(int bus, int dev, int fn, int off)
{
    return 0x80000000u | (uint32_t)bus << 16 | (uint32_t)dev << 11 | (uint32_t)fn << 8 | ((uint32_t)off & 0xfc);
}

uint32_t pci_read32(int bus, int dev, int fn, int off)
{
    uint64_t f = irq_save();
    outl(0xCF8, addr(bus, dev, fn, off));
    uint32_t v = inl(0xCFC);
    irq_restore(f);
    return v;
}

void pci_write32(int bus, int dev, int fn, int off, uint32_t v)
{
    uint64_t f = irq_save();
    outl(0xCF8, addr(bus, dev, fn, off));
    outl(0xCFC, v);
    irq_restore(f);
}

/* Calls visit() for every function present; buses behind bridges included. */
static int scan_bus(int bus, int (*visit)(int, int, int, uint32_t, void *), void *ctx)
{
    for (int dev = 0; dev < 32; dev++) {
        uint32_t id = pci_read32(bus, dev, 0, 0);
        if ((id & 0xffff) == 0xffff)
            continue;
        int nfn = (pci_read32(bus, dev, 0, 0x0C) >> 16) & 0x80 ? 8 : 1;
        for (int fn = 0; fn < nfn; fn++) {
            id = pci_read32(bus, dev, fn, 0);
            if ((id & 0xffff) == 0xffff)
                continue;
            if (visit(bus, dev, fn, id, ctx))
                return 1;
            uint32_t cls = pci_read32(bus, dev, fn, 0x08) >> 16;
            if (cls == 0x0604) {   /* PCI-to-PCI bridge: secondary bus number at 0x19 */
                int sec = (pci_read32(bus, dev, fn, 0x18) >> 8) & 0xff;
                if (sec > bus && scan_bus(sec, visit, ctx))
                    return 1;
            }
        }
    }
    return 0;
}

static int print_dev(int bus, int dev, int fn, uint32_t id, void *ctx)
{
    (void)ctx;
    uint32_t cls = pci_read32(bus, dev, fn, 0x08);
    uint32_t irq = pci_read32(bus, dev, fn, 0x3C);
    kprintf("cluster: pci %02x:%02x.%x %04x:%04x class %06x irq %u\n", bus, dev, fn, id & 0xffff,
            id >> 16, cls >> 8, irq & 0xff);
    return 0;
}

void pci_scan(void)
{
    scan_bus(0, print_dev, NULL);
}

struct find_ctx { uint16_t ven, devid; int bus, dev, fn; };

static int match_dev(int bus, int dev, int fn, uint32_t id, void *p)
{
    struct find_ctx *c = p;
    if ((id & 0xffff) != c->ven || (id >> 16) != c->devid)
        return 0;
    c->bus = bus;
    c->dev = dev;
    c->fn = fn;
    return 1;
}

int pci_find(uint16_t vendor, uint16_t device, int *bus, int *dev, int *fn)
{
    struct find_ctx c = { vendor, device, 0, 0, 0 };
    if (!scan_bus(0, match_dev, &c))
        return -1;
    *bus = c.bus;
    *dev = c.dev;
    *fn = c.fn;
    return 0;
}

int pci_irq_gsi(int bus, int dev, int fn, int *active_low)
{
    uint32_t r = pci_read32(bus, dev, fn, 0x3C);
    int line = r & 0xff, pin = (r >> 8) & 0xff;
    if (pin == 0 || line == 0 || line == 0xff)
        return -1;
    int level;
    int gsi = acpi_irq_to_gsi(line, active_low, &level);
    if (gsi == line && !level)   /* no override: PCI INTx default is level, active low */
        *active_low = 1;
    return gsi;
}
