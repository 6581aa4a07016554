# arm guest: a native 32-bit ARMv7 kernel (Debian's armmp flavour family)
# on QEMU virt, running the armhf binaries through its own entry points.
ARCH_arm_KARCH := arm
ARCH_arm_CROSS := arm-linux-gnueabihf-
ARCH_arm_IMAGE := arch/arm/boot/zImage
ARCH_arm_DEBARCH := armhf
ARCH_arm_DEBPKGS := qemu-system-arm gcc-arm-linux-gnueabihf
ARCH_arm_QEMU := qemu-system-arm -M virt -cpu cortex-a15 -m 512
ARCH_arm_CMDLINE := console=ttyAMA0
# The architected timer's line in /proc/interrupts (coalescing bench).
ARCH_arm_TIMER_IRQ := arch_timer
ARCH_arm_ABIS := armhf

# Debian's kernel (flavour distro): armmp (no -unsigned: armhf has no
# signed kernels), the options its boot needs built in (no module is
# loaded; 6.1.0-57 has them all =y), the user ABI and its option.
ARCH_arm_DISTRO_PKG := linux-image-%-armmp
ARCH_arm_DISTRO_NEEDS := SERIAL_AMBA_PL011_CONSOLE BLK_DEV_INITRD HIGH_RES_TIMERS ARM_ARCH_TIMER
ARCH_arm_DISTRO_ABICONF := armhf:AEABI
ARCH_arm_DISTRO_CMDLINE :=

ARCH_arm_ORDER := 40
$(eval $(arch-row))
