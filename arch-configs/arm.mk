# arm guest: a native 32-bit ARMv7 kernel (Debian's armmp flavour family)
# on QEMU virt, running the armhf binaries through its own entry points.
KARCH_arm      := arm
CROSS_arm      := arm-linux-gnueabihf-
IMAGE_arm      := arch/arm/boot/zImage
DEBARCH_arm    := armhf
DEBPKGS_arm    := qemu-system-arm gcc-arm-linux-gnueabihf libc6-dev-armhf-cross
QEMU_arm       := qemu-system-arm -M virt -cpu cortex-a15 -m 512
CMDLINE_arm    := console=ttyAMA0
# The architected timer's line in /proc/interrupts (coalescing bench).
TIMER_IRQ_arm  := arch_timer
ABIS_arm       := armhf

# ABI armhf is also a column of the arm64 guest (AArch32 at EL0); either
# arch file may be the only one included, so each defines it (?=, equal).
ABICC_armhf    ?= arm-linux-gnueabihf-
ABIHDR_armhf   ?= arm

# Debian's kernel (flavour distro): armmp (no -unsigned: armhf has no
# signed kernels), the options its boot needs built in (no module is
# loaded; 6.1.0-57 has them all =y), the user ABI and its option.
DISTRO_PKG_arm        := linux-image-%-armmp
DISTRO_NEEDS_arm      := SERIAL_AMBA_PL011_CONSOLE BLK_DEV_INITRD HIGH_RES_TIMERS ARM_ARCH_TIMER
DISTRO_ABICONF_arm    := armhf:AEABI
DISTRO_CMDLINE_arm    :=
