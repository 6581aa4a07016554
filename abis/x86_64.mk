# x86_64: 64-bit x86 programs (Debian amd64), run by kernel arch x86_64.
# Fields ABI_<abi>_<FIELD> (mk/rows.mk, "ABIs"): the compiler prefix, the
# kernel ARCH whose uapi headers it is built against, the host packages of
# its compiler. The arches that run it name it (ARCH_<arch>_ABIS).
ABI_x86_64_CC      := x86_64-linux-gnu-
ABI_x86_64_HDR     := x86
ABI_x86_64_DEBPKGS := gcc-x86-64-linux-gnu
$(eval $(abi-row))
