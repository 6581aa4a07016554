# arm64 guest on QEMU virt with armhf binaries. cortex-a57 implements
# AArch32 at EL0 under TCG, which 32-bit ARM binaries need.
ARCH_arm64_KARCH := arm64
ARCH_arm64_CROSS := aarch64-linux-gnu-
ARCH_arm64_IMAGE := arch/arm64/boot/Image
ARCH_arm64_DEBARCH := arm64
# (and its ABIs' compilers, abis/<abi>.mk; armhf's builds the compat vDSO).
ARCH_arm64_DEBPKGS := qemu-system-arm gcc-aarch64-linux-gnu
ARCH_arm64_QEMU := qemu-system-aarch64 -M virt -cpu cortex-a57 -m 512
ARCH_arm64_CMDLINE := console=ttyAMA0
# The architected timer's line in /proc/interrupts (coalescing bench).
ARCH_arm64_TIMER_IRQ := arch_timer
# Hosts the debug (KASAN, lockdep, ...) guest; its stress-ng timer
# stressor runs at 10 Hz there, not 1 kHz. At 1 kHz under KASAN and
# lockdep on TCG it handled about 150 timer signals a second (the rest
# overran), and in the cell it did not stop on SIGINT nor SIGALRM: it
# stayed runnable with SIGINT, SIGALRM and SIGRTMIN blocked (a SIGRTMIN
# and a SIGALRM handler frame open) and SIGRTMIN pending, for minutes.
# At 10 Hz it stopped at once (docs/debug-guest.md, 2026-12-06).
ARCH_arm64_DEBUG := y
ARCH_arm64_DEBUG_CMDLINE := matrix.stress_timer_freq=10
# Its compat ABI's Debian arch (a payload's <p>_PKGS32: the armhf trinity).
ARCH_arm64_DEBARCH32 := armhf
ARCH_arm64_ABIS := arm64 armhf
# The compat vDSO is built with the 32-bit toolchain.
ARCH_arm64_KMAKE := CROSS_COMPILE_COMPAT=arm-linux-gnueabihf-

# Debian's kernel (flavour distro): the image package (% its ABI), the
# options its boot needs built in (PL011 console, initramfs, high-res
# timers, the architected timer: no module is loaded; 6.1.0-57 has them
# all =y), the user ABIs and the option that serves each.
ARCH_arm64_DISTRO_PKG := linux-image-%-arm64-unsigned
ARCH_arm64_DISTRO_NEEDS := SERIAL_AMBA_PL011_CONSOLE BLK_DEV_INITRD HIGH_RES_TIMERS ARM_ARCH_TIMER
ARCH_arm64_DISTRO_ABICONF := arm64:ARM64 armhf:COMPAT
ARCH_arm64_DISTRO_CMDLINE :=

ARCH_arm64_ORDER := 20
ARCH_arm64_CHECK := y
$(eval $(arch-row))
