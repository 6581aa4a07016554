# arm64 guest on QEMU virt. cortex-a57 implements AArch32 at EL0 under TCG,
# which 32-bit ARM (armhf) binaries need.
KARCH_arm64    := arm64
CROSS_arm64    := aarch64-linux-gnu-
IMAGE_arm64    := arch/arm64/boot/Image
DEBARCH_arm64  := arm64
QEMU_arm64     := qemu-system-aarch64 -M virt -cpu cortex-a57 -m 512
CMDLINE_arm64  := console=ttyAMA0
ABIS_arm64     := arm64 armhf
# The compat vDSO is built with the 32-bit toolchain.
KMAKE_arm64    := CROSS_COMPILE_COMPAT=arm-linux-gnueabihf-

ABICC_arm64    := aarch64-linux-gnu-
ABIHDR_arm64   := arm64
ABICC_armhf    := arm-linux-gnueabihf-
ABIHDR_armhf   := arm
