# x86_64 guest. One file per guest arch: the Makefile reads nothing else
# arch-specific. ABIs are the userspace flavours run on this kernel.
KARCH_x86_64   := x86_64
CROSS_x86_64   := x86_64-linux-gnu-
IMAGE_x86_64   := arch/x86/boot/bzImage
DEBARCH_x86_64 := amd64
# The early TSC clocksource is not valid for high-res mode and tinyconfig
# has no HPET/ACPI PM timer to refine it against: trust the TSC.
QEMU_x86_64    := qemu-system-x86_64 -M pc -cpu max -m 512
CMDLINE_x86_64 := console=ttyS0 tsc=reliable
ABIS_x86_64    := x86_64 i386

# ABI: compiler prefix and the kernel ARCH whose uapi headers it uses.
ABICC_x86_64   := x86_64-linux-gnu-
ABIHDR_x86_64  := x86
ABICC_i386     := i686-linux-gnu-
ABIHDR_i386    := x86
