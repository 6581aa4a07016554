# i386 guest: a native 32-bit x86 kernel (Debian's 686 flavour family,
# !CONFIG_64BIT) running the i386 binaries through its own entry points:
# old select(82), _newselect, the time32 and time64 pselect6/ppoll.
ARCH_i386_KARCH := i386
ARCH_i386_CROSS := i686-linux-gnu-
ARCH_i386_IMAGE := arch/x86/boot/bzImage
ARCH_i386_DEBARCH := i386
ARCH_i386_DEBPKGS := qemu-system-x86 gcc-i686-linux-gnu
ARCH_i386_QEMU := qemu-system-i386 -M pc -cpu max -m 512
# As on x86_64: tinyconfig has no HPET/ACPI PM timer to verify the TSC
# against, and an unverified TSC keeps the kernel in low-resolution mode.
ARCH_i386_CMDLINE := console=ttyS0 tsc=reliable
ARCH_i386_BOOT_RETRY := tsc: Unable to calibrate against PIT
ARCH_i386_TIMER_IRQ := LOC
ARCH_i386_ABIS := i386

# Debian's kernel (flavour distro): 686-pae (686, the non-PAE one, is
# DISTRO_PKG_i386 := linux-image-%-686-unsigned), the options its boot
# needs built in (no module is loaded; 6.1.0-57 has them all =y), the
# user ABI and the option that serves it.
ARCH_i386_DISTRO_PKG := linux-image-%-686-pae-unsigned
ARCH_i386_DISTRO_NEEDS := SERIAL_8250_CONSOLE BLK_DEV_INITRD HIGH_RES_TIMERS
ARCH_i386_DISTRO_ABICONF := i386:X86_32
ARCH_i386_DISTRO_CMDLINE :=

ARCH_i386_ORDER := 30
$(eval $(arch-row))
