/* boot.h - what the UEFI stage (efi_main.c) hands to the kernel proper. */
#ifndef BOOT_H
#define BOOT_H
#include <stdint.h>

/* One UEFI memory descriptor (UEFI spec 2.9, 7.2 EFI_MEMORY_DESCRIPTOR). */
struct efi_mdesc {
    uint32_t type;
    uint32_t pad;
    uint64_t phys, virt, npages, attr;
};
#define EFI_MT_LOADER_CODE 1
#define EFI_MT_LOADER_DATA 2
#define EFI_MT_BS_CODE 3
#define EFI_MT_BS_DATA 4
#define EFI_MT_CONVENTIONAL 7
#define EFI_MT_ACPI_RECLAIM 9
#define EFI_MT_ACPI_NVS 10
#define EFI_MT_MMIO 11
#define EFI_MT_MMIO_PORT 12

struct boot_info {
    uint64_t image_base, image_size;  /* where UEFI loaded BOOTX64.EFI (identity mapped) */
    uint64_t rsdp;                    /* ACPI RSDP, physical, 0 if none */
    uint64_t mmap, mmap_size, desc_size; /* UEFI memory map at ExitBootServices (physical) */
    uint64_t prog, prog_size;         /* the program file, physical (EfiLoaderData) */
    int prog_error;                   /* 0, or why the program could not be read */
    uint64_t tsc_entry, tsc_exit;     /* TSC at efi_main and after ExitBootServices */
};

void kmain(struct boot_info *bi) __attribute__((noreturn));
#endif
