/* efi_main.c - the UEFI stage: the only code that calls firmware services.
 * Finds the ACPI RSDP in the configuration table, reads the program to run from
 * the boot volume (\PROGRAM, Simple File System protocol), reads the memory map
 * and leaves boot services, then enters kmain(). UEFI spec 2.9: 4.6 (config
 * table), 13.4/13.5 (file system), 7.2 (GetMemoryMap, ExitBootServices).
 * Built with the MS x64 calling convention for firmware calls (EFIAPI =
 * ms_abi, GNU_EFI_USE_MS_ABI) and without libefi. */
#include <efi.h>
#include "kapi.h"
#include "boot.h"
#include "console.h"

static struct boot_info bi;
static EFI_GUID acpi20_guid = ACPI_20_TABLE_GUID;
static EFI_GUID acpi10_guid = ACPI_TABLE_GUID;
static EFI_GUID loaded_image_guid = LOADED_IMAGE_PROTOCOL;
static EFI_GUID sfs_guid = SIMPLE_FILE_SYSTEM_PROTOCOL;
static EFI_GUID file_info_guid = EFI_FILE_INFO_ID;

static uint64_t find_rsdp(EFI_SYSTEM_TABLE *st)
{
    uint64_t v1 = 0;
    for (UINTN i = 0; i < st->NumberOfTableEntries; i++) {
        EFI_CONFIGURATION_TABLE *t = &st->ConfigurationTable[i];
        if (!memcmp(&t->VendorGuid, &acpi20_guid, sizeof(EFI_GUID)))
            return (uint64_t)t->VendorTable;
        if (!memcmp(&t->VendorGuid, &acpi10_guid, sizeof(EFI_GUID)))
            v1 = (uint64_t)t->VendorTable;
    }
    return v1;
}

/* Reads \PROGRAM from the volume we were loaded from into EfiLoaderData pages. */
static int load_program(EFI_BOOT_SERVICES *bs, EFI_LOADED_IMAGE *li)
{
    EFI_FILE_IO_INTERFACE *fs;
    EFI_FILE_HANDLE root, f;
    if (uefi_call_wrapper(bs->HandleProtocol, 3, li->DeviceHandle, &sfs_guid, (void **)&fs) != EFI_SUCCESS)
        return -1;
    if (uefi_call_wrapper(fs->OpenVolume, 2, fs, &root) != EFI_SUCCESS)
        return -2;
    if (uefi_call_wrapper(root->Open, 5, root, &f, L"\\PROGRAM", EFI_FILE_MODE_READ, 0ull) != EFI_SUCCESS)
        return -3;
    UINT8 infobuf[512];
    UINTN infosz = sizeof infobuf;
    if (uefi_call_wrapper(f->GetInfo, 4, f, &file_info_guid, &infosz, infobuf) != EFI_SUCCESS)
        return -4;
    UINT64 size = ((EFI_FILE_INFO *)infobuf)->FileSize;
    EFI_PHYSICAL_ADDRESS addr = 0;
    UINTN pages = (size + 4095) / 4096 + 1;
    if (uefi_call_wrapper(bs->AllocatePages, 4, AllocateAnyPages, EfiLoaderData, pages, &addr) != EFI_SUCCESS)
        return -5;
    UINTN got = size;
    if (uefi_call_wrapper(f->Read, 3, f, &got, (void *)addr) != EFI_SUCCESS || got != size)
        return -6;
    uefi_call_wrapper(f->Close, 1, f);
    uefi_call_wrapper(root->Close, 1, root);
    bi.prog = addr;
    bi.prog_size = size;
    return 0;
}

/* GetMemoryMap into a pool buffer with slack (the allocation itself may add
 * descriptors), then ExitBootServices; a stale map key gets one retry. */
static void exit_boot_services(EFI_HANDLE image, EFI_BOOT_SERVICES *bs)
{
    UINTN size = 0, key = 0, dsize = 0, cap = 0;
    UINT32 dver = 0;
    EFI_MEMORY_DESCRIPTOR *map = NULL;
    EFI_STATUS s;
    for (;;) {
        size = cap;
        s = uefi_call_wrapper(bs->GetMemoryMap, 5, &size, map, &key, &dsize, &dver);
        if (s == EFI_SUCCESS)
            break;
        if (s != EFI_BUFFER_TOO_SMALL)
            panic("GetMemoryMap failed (%lx)", (uint64_t)s);
        if (map)
            uefi_call_wrapper(bs->FreePool, 1, map);
        cap = size + 16 * (dsize ? dsize : 64);
        if (uefi_call_wrapper(bs->AllocatePool, 3, EfiLoaderData, cap, (void **)&map) != EFI_SUCCESS)
            panic("AllocatePool for the memory map failed");
    }
    s = uefi_call_wrapper(bs->ExitBootServices, 2, image, key);
    if (s != EFI_SUCCESS) {
        /* The map changed between the two calls: fetch it again (no allocation
         * is allowed any more) and retry once (UEFI spec 2.9, 7.4). */
        size = cap;
        s = uefi_call_wrapper(bs->GetMemoryMap, 5, &size, map, &key, &dsize, &dver);
        if (s != EFI_SUCCESS)
            panic("GetMemoryMap retry failed (%lx)", (uint64_t)s);
        s = uefi_call_wrapper(bs->ExitBootServices, 2, image, key);
        if (s != EFI_SUCCESS)
            panic("ExitBootServices failed twice (%lx)", (uint64_t)s);
    }
    bi.mmap = (uint64_t)map;
    bi.mmap_size = size;
    bi.desc_size = dsize;
}

/* The image's entry point, called by gnu-efi's crt0 (nothing in C calls it). */
EFI_STATUS efi_main(EFI_HANDLE image, EFI_SYSTEM_TABLE *st);
EFI_STATUS efi_main(EFI_HANDLE image, EFI_SYSTEM_TABLE *st)
{
    bi.tsc_entry = rdtsc();
    serial_init();
    kprintf("cluster: kernel entry (efi_main), tsc %lu\n", bi.tsc_entry);
    EFI_BOOT_SERVICES *bs = st->BootServices;
    EFI_LOADED_IMAGE *li;
    if (uefi_call_wrapper(bs->HandleProtocol, 3, image, &loaded_image_guid, (void **)&li) != EFI_SUCCESS)
        panic("no LoadedImage protocol");
    bi.image_base = (uint64_t)li->ImageBase;
    bi.image_size = li->ImageSize;
    bi.rsdp = find_rsdp(st);
    bi.prog_error = load_program(bs, li);
    /* Stop the firmware watchdog (UEFI spec 2.9, 7.5 SetWatchdogTimer). */
    uefi_call_wrapper(bs->SetWatchdogTimer, 4, 0, 0, 0, NULL);
    exit_boot_services(image, bs);
    bi.tsc_exit = rdtsc();
    kmain(&bi);
}
