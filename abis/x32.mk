# x32: 32-bit pointers on x86_64 (Debian x32), run by kernel arch x86_64
# (X86_X32_ABI, on at boot: arch-configs/x86_64.mk).
ABI_x32_CC      := x86_64-linux-gnux32-
ABI_x32_HDR     := x86
ABI_x32_DEBPKGS := gcc-x86-64-linux-gnux32 libc6-dev-x32-cross
$(eval $(abi-row))
