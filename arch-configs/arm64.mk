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
# Not yet a debug (KASAN, lockdep, ...) host: its KASAN kernel builds and
# trinity reaches its count on both tables there, but stress-ng's poll and
# timer stressors ignored SIGINT and SIGALRM at the end of the run and were
# killed (exit 137), which fails the cell (docs/debug-guest.md). y when
# that is understood.
DEBUG_arm64    :=
# Its compat ABI's Debian arch (a payload's <p>_PKGS32: the armhf trinity).
DEBARCH32_arm64 := armhf
ABIS_arm64     := arm64 armhf
# The compat vDSO is built with the 32-bit toolchain.
KMAKE_arm64    := CROSS_COMPILE_COMPAT=arm-linux-gnueabihf-

ABICC_arm64    := aarch64-linux-gnu-
ABIHDR_arm64   := arm64
ABICC_armhf    ?= arm-linux-gnueabihf-
ABIHDR_armhf   ?= arm
