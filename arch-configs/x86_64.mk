# x86_64 guest: the amd64 kernel with i386 (IA32_EMULATION) and x32
# (X86_X32_ABI) binaries.
# One file per guest arch: nothing else in the project names an arch.
# Fields ARCH_<arch>_<FIELD> (mk/rows.mk, "arches"); it ends in the eval.
ARCH_x86_64_KARCH := x86_64
ARCH_x86_64_CROSS := x86_64-linux-gnu-
ARCH_x86_64_IMAGE := arch/x86/boot/bzImage
# Debian arch of the guest's busybox and packages; host packages it needs.
ARCH_x86_64_DEBARCH := amd64
# (and its ABIs' compilers, abis/<abi>.mk).
ARCH_x86_64_DEBPKGS := qemu-system-x86 gcc-x86-64-linux-gnu
ARCH_x86_64_QEMU := qemu-system-x86_64 -M pc -cpu max -m 512
# The early TSC clocksource is not valid for high-res mode and tinyconfig
# has no HPET/ACPI PM timer to refine it against: trust the TSC.
# Debian builds x32 in but off (CONFIG_X86_X32_DISABLED, its own patch):
# syscall.x32=y turns it on at boot, as a Debian user would.
ARCH_x86_64_CMDLINE := console=ttyS0 tsc=reliable syscall.x32=y
# In real time, a loaded host can stall the vCPU while the TSC is
# calibrated against the PIT; the guest then runs on jiffies: boot again.
ARCH_x86_64_BOOT_RETRY := tsc: Unable to calibrate against PIT
# The local APIC timer's line in /proc/interrupts (coalescing bench).
ARCH_x86_64_TIMER_IRQ := LOC
# This arch hosts the debug (KASAN, lockdep, ...) guest.
ARCH_x86_64_DEBUG := y
# The user ABIs it runs (rows of abis/), its own first.
ARCH_x86_64_ABIS := x86_64 i386 x32

# Debian's kernel (flavour distro): the image package (% its ABI), the
# options its boot needs built in (serial console, initramfs, high-res
# timers: no module is loaded, and 6.1.0-57 has them all =y), the user
# ABIs, the option that serves each and the one that leaves it off at
# boot. x32 is built in but off (CONFIG_X86_X32_DISABLED): CMDLINE_ above
# turns it on; nothing more.
ARCH_x86_64_DISTRO_PKG := linux-image-%-amd64-unsigned
ARCH_x86_64_DISTRO_NEEDS := SERIAL_8250_CONSOLE BLK_DEV_INITRD HIGH_RES_TIMERS
ARCH_x86_64_DISTRO_ABICONF := x86_64:X86_64 i386:IA32_EMULATION:IA32_EMULATION_DEFAULT_DISABLED \
	x32:X86_X32_ABI:X86_X32_DISABLED
ARCH_x86_64_DISTRO_CMDLINE :=

# The nocompat cells (flavour nocompat): IA32 emulation off at boot, so
# no i386 program runs; the ABIs that still do.
ARCH_x86_64_NOCOMPAT_CMDLINE := ia32_emulation=0
ARCH_x86_64_NOCOMPAT_ABIS := x86_64 x32

# Its place among the arches (cells and reports go in this order) and
# one of make check's two 64-bit kernel families (README "The two commands").
ARCH_x86_64_ORDER := 10
ARCH_x86_64_CHECK := y
$(eval $(arch-row))
