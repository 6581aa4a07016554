# arm64: AArch64 programs (Debian arm64), run by kernel arch arm64.
ABI_arm64_CC      := aarch64-linux-gnu-
ABI_arm64_HDR     := arm64
ABI_arm64_DEBPKGS := gcc-aarch64-linux-gnu libc6-dev-arm64-cross
$(eval $(abi-row))
