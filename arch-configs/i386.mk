# i386 guest: a native 32-bit x86 kernel (Debian's 686 flavour family,
# !CONFIG_64BIT) running the i386 binaries through its own entry points:
# old select(82), _newselect, the time32 and time64 pselect6/ppoll.
KARCH_i386     := i386
CROSS_i386     := i686-linux-gnu-
IMAGE_i386     := arch/x86/boot/bzImage
DEBARCH_i386   := i386
DEBPKGS_i386   := qemu-system-x86 gcc-i686-linux-gnu libc6-dev-i386-cross
QEMU_i386      := qemu-system-i386 -M pc -cpu max -m 512
# As on x86_64: tinyconfig has no HPET/ACPI PM timer to verify the TSC
# against, and an unverified TSC keeps the kernel in low-resolution mode.
CMDLINE_i386   := console=ttyS0 tsc=reliable
BOOT_RETRY_i386 := tsc: Unable to calibrate against PIT
TIMER_IRQ_i386 := LOC
ABIS_i386      := i386

# ABI i386 is also a column of the x86_64 guest (IA32 emulation); either
# arch file may be the only one included, so each defines it (?=, equal).
ABICC_i386     ?= i686-linux-gnu-
ABIHDR_i386    ?= x86

# Debian's kernel (flavour distro): 686-pae (686, the non-PAE one, is
# DISTRO_PKG_i386 := linux-image-%-686-unsigned), the options its boot
# needs built in (no module is loaded; 6.1.0-57 has them all =y), the
# user ABI and the option that serves it.
DISTRO_PKG_i386       := linux-image-%-686-pae-unsigned
DISTRO_NEEDS_i386     := SERIAL_8250_CONSOLE BLK_DEV_INITRD HIGH_RES_TIMERS
DISTRO_ABICONF_i386   := i386:X86_32
DISTRO_CMDLINE_i386   :=
