# armhf: 32-bit ARM EABI hard-float programs (Debian armhf), run by kernel
# arch arm and by arm64 (AArch32 at EL0).
ABI_armhf_CC      := arm-linux-gnueabihf-
ABI_armhf_HDR     := arm
ABI_armhf_DEBPKGS := gcc-arm-linux-gnueabihf libc6-dev-armhf-cross
$(eval $(abi-row))
