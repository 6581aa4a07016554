# i386: 32-bit x86 programs (Debian i386), run by kernel arch i386 and by
# x86_64 (IA32 emulation).
ABI_i386_CC      := i686-linux-gnu-
ABI_i386_HDR     := x86
ABI_i386_DEBPKGS := gcc-i686-linux-gnu libc6-dev-i386-cross
$(eval $(abi-row))
