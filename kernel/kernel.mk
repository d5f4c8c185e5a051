# kernel/kernel.mk - builds BOOTX64.EFI (GNU-EFI: crt0 + linker script from
# Debian's gnu-efi, objcopy to a PE32+ EFI application) from KERNEL_SRCS, and
# the host unit tests of the kernel's portable pieces.
KERNEL_SRCS += kernel/efi_main.c kernel/main.c kernel/klib.c kernel/kfmt.c kernel/console.c kernel/console_tag.c \
	kernel/palloc.c kernel/pt.c kernel/timespec.c kernel/elf.c kernel/ustack.c kernel/nodecfg.c \
	kernel/mem.c kernel/entry.S kernel/gdt.c kernel/idt.c kernel/trap.c kernel/power.c \
	kernel/acpi.c kernel/time.c kernel/apic.c kernel/pci.c kernel/fwcfg.c \
	kernel/node.c kernel/task.c kernel/shm.c kernel/shm_table.c kernel/task_local.c kernel/kwait.c kernel/syscall.c kernel/sys_file.c kernel/syscall_table.c kernel/subsys.c \
	kernel/fs_ram.c kernel/fs_sys.c kernel/fs_io.c

EFI_INC    := /usr/include/efi
EFI_LIBDIR := /usr/lib
# No SSE in the kernel (user FPU state is not saved on entry); frame pointers
# for the panic backtrace; no red zone (interrupts use the kernel stack).
KERNEL_CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -Werror $(WPROTO) -ffreestanding -fpic -fshort-wchar \
	-mno-red-zone -mgeneral-regs-only -fno-stack-protector -fno-strict-aliasing \
	-fno-omit-frame-pointer -fno-builtin -fvisibility=hidden -maccumulate-outgoing-args \
	-I$(EFI_INC) -I$(EFI_INC)/x86_64 -Ikernel -Ikernel/uapi -I. -MMD -MP
KERNEL_LDFLAGS := -nostdlib -znocombreloc -T $(EFI_LIBDIR)/elf_x86_64_efi.lds -shared -Bsymbolic \
	-L$(EFI_LIBDIR) $(EFI_LIBDIR)/crt0-efi-x86_64.o

KOBJS = $(patsubst %,$(BUILD)/kobj/%.o,$(KERNEL_SRCS))
KERNEL_EFI := $(BUILD)/kernel/BOOTX64.EFI

all: $(KERNEL_EFI)

$(BUILD)/kobj/%.c.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(KERNEL_CFLAGS) -c $< -o $@

# The UEFI stage calls the firmware directly (ms_abi), which needs SSE registers
# to be usable; it runs only before ExitBootServices.
$(BUILD)/kobj/kernel/efi_main.c.o: kernel/efi_main.c
	@mkdir -p $(dir $@)
	$(CC) $(filter-out -mgeneral-regs-only,$(KERNEL_CFLAGS)) -DGNU_EFI_USE_MS_ABI -c $< -o $@

$(BUILD)/kobj/%.S.o: %.S
	@mkdir -p $(dir $@)
	$(CC) $(KERNEL_CFLAGS) -c $< -o $@

# Secondary expansion: fragments included after this one still add to KERNEL_SRCS.
.SECONDEXPANSION:
$(BUILD)/kernel/kernel.so: $$(KOBJS)
	@mkdir -p $(dir $@)
	$(LD) $(KERNEL_LDFLAGS) $(KOBJS) -o $@ -lgnuefi
	@if nm -u $@ | grep -q .; then echo "undefined symbols in the kernel:"; nm -u $@; rm -f $@; exit 1; fi

$(KERNEL_EFI): $(BUILD)/kernel/kernel.so
	objcopy -j .text -j .sdata -j .data -j .dynamic -j .dynsym -j .rel -j .rela -j .rel.* \
		-j .rela.* -j .reloc --target efi-app-x86_64 --subsystem=10 $< $@

-include $(shell find $(BUILD)/kobj -name '*.d' 2>/dev/null)

# ---- host unit tests of the portable kernel pieces (cmocka) ----
KERNEL_HOST_TESTS := test_elf test_palloc test_pt test_ustack test_nodecfg test_kfmt test_timespec \
	test_shm_table test_fs_ram
HOST_TESTS += $(patsubst %,$(BUILD)/host/%,$(KERNEL_HOST_TESTS))
$(BUILD)/host/test_elf: tests/host/test_elf.c kernel/elf.c kernel/elf.h
$(BUILD)/host/test_palloc: tests/host/test_palloc.c kernel/palloc.c kernel/palloc.h
$(BUILD)/host/test_pt: tests/host/test_pt.c kernel/pt.c kernel/pt.h
$(BUILD)/host/test_ustack: tests/host/test_ustack.c kernel/ustack.c kernel/ustack.h
$(BUILD)/host/test_nodecfg: tests/host/test_nodecfg.c kernel/nodecfg.c kernel/nodecfg.h
$(BUILD)/host/test_kfmt: tests/host/test_kfmt.c kernel/kfmt.c kernel/kfmt.h
$(BUILD)/host/test_timespec: tests/host/test_timespec.c kernel/timespec.c kernel/timespec.h
$(BUILD)/host/test_shm_table: tests/host/test_shm_table.c kernel/shm_table.c kernel/shm_table.h
$(BUILD)/host/test_fs_ram: tests/host/test_fs_ram.c kernel/fs_ram.c kernel/fs_ram.h
$(patsubst %,$(BUILD)/host/%,$(KERNEL_HOST_TESTS)):
	@mkdir -p $(dir $@)
	$(HOSTCC) $(HOST_CFLAGS) $(WPROTO) -Ikernel -o $@ $(filter %.c,$^) -lcmocka

# tests/run asks for the complete list (recipes expand after all fragments).
.PHONY: print-host-tests
print-host-tests:
	@echo $(HOST_TESTS)
