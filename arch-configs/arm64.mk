# arm64 guest on QEMU virt with armhf binaries. cortex-a57 implements
# AArch32 at EL0 under TCG, which 32-bit ARM binaries need.
KARCH_arm64    := arm64
CROSS_arm64    := aarch64-linux-gnu-
IMAGE_arm64    := arch/arm64/boot/Image
DEBARCH_arm64  := arm64
DEBPKGS_arm64  := qemu-system-arm gcc-aarch64-linux-gnu libc6-dev-arm64-cross \
	gcc-arm-linux-gnueabihf libc6-dev-armhf-cross
QEMU_arm64     := qemu-system-aarch64 -M virt -cpu cortex-a57 -m 512
CMDLINE_arm64  := console=ttyAMA0
# The architected timer's line in /proc/interrupts (coalescing bench).
TIMER_IRQ_arm64 := arch_timer
# Hosts the debug (KASAN, lockdep, ...) guest; its stress-ng timer
# stressor runs at 10 Hz there, not 1 kHz. At 1 kHz under KASAN and
# lockdep on TCG it handled about 150 timer signals a second (the rest
# overran), and in the cell it did not stop on SIGINT nor SIGALRM: it
# stayed runnable with SIGINT, SIGALRM and SIGRTMIN blocked (a SIGRTMIN
# and a SIGALRM handler frame open) and SIGRTMIN pending, for minutes.
# At 10 Hz it stopped at once (docs/debug-guest.md, 2026-12-06).
DEBUG_arm64    := y
DEBUG_CMDLINE_arm64 := matrix.stress_timer_freq=10
# Its compat ABI's Debian arch (a payload's <p>_PKGS32: the armhf trinity).
DEBARCH32_arm64 := armhf
ABIS_arm64     := arm64 armhf
# The compat vDSO is built with the 32-bit toolchain.
KMAKE_arm64    := CROSS_COMPILE_COMPAT=arm-linux-gnueabihf-

ABICC_arm64    := aarch64-linux-gnu-
ABIHDR_arm64   := arm64
ABICC_armhf    ?= arm-linux-gnueabihf-
ABIHDR_armhf   ?= arm

# Debian's kernel (flavour distro): the image package (% its ABI), the
# options its boot needs built in (PL011 console, initramfs, high-res
# timers, the architected timer: no module is loaded; 6.1.0-57 has them
# all =y), the user ABIs and the option that serves each.
DISTRO_PKG_arm64      := linux-image-%-arm64-unsigned
DISTRO_NEEDS_arm64    := SERIAL_AMBA_PL011_CONSOLE BLK_DEV_INITRD HIGH_RES_TIMERS ARM_ARCH_TIMER
DISTRO_ABICONF_arm64  := arm64:ARM64 armhf:COMPAT
DISTRO_CMDLINE_arm64  :=
