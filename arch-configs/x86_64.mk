# x86_64 guest: the amd64 kernel with i386 (IA32_EMULATION) and x32
# (X86_X32_ABI) binaries.
# One file per guest arch: nothing else in the project names an arch.
KARCH_x86_64   := x86_64
CROSS_x86_64   := x86_64-linux-gnu-
IMAGE_x86_64   := arch/x86/boot/bzImage
# Debian arch of the guest's busybox and packages; host packages it needs.
DEBARCH_x86_64 := amd64
DEBPKGS_x86_64 := qemu-system-x86 gcc-x86-64-linux-gnu gcc-i686-linux-gnu \
	libc6-dev-i386-cross gcc-x86-64-linux-gnux32 libc6-dev-x32-cross
QEMU_x86_64    := qemu-system-x86_64 -M pc -cpu max -m 512
# The early TSC clocksource is not valid for high-res mode and tinyconfig
# has no HPET/ACPI PM timer to refine it against: trust the TSC.
# Debian builds x32 in but off (CONFIG_X86_X32_DISABLED, its own patch):
# syscall.x32=y turns it on at boot, as a Debian user would.
CMDLINE_x86_64 := console=ttyS0 tsc=reliable syscall.x32=y
# In real time, a loaded host can stall the vCPU while the TSC is
# calibrated against the PIT; the guest then runs on jiffies: boot again.
BOOT_RETRY_x86_64 := tsc: Unable to calibrate against PIT
# The local APIC timer's line in /proc/interrupts (coalescing bench).
TIMER_IRQ_x86_64 := LOC
# This arch hosts the debug (KASAN, lockdep, ...) guest.
DEBUG_x86_64   := y
ABIS_x86_64    := x86_64 i386 x32

# ABI: compiler prefix and the kernel ARCH whose uapi headers it uses.
ABICC_x86_64   := x86_64-linux-gnu-
ABIHDR_x86_64  := x86
ABICC_x32      := x86_64-linux-gnux32-
ABIHDR_x32     := x86
ABICC_i386     ?= i686-linux-gnu-
ABIHDR_i386    ?= x86

# Debian's kernel (flavour distro): the image package (% its ABI), the
# options its boot needs built in (serial console, initramfs, high-res
# timers: no module is loaded, and 6.1.0-57 has them all =y), the user
# ABIs, the option that serves each and the one that leaves it off at
# boot. x32 is built in but off (CONFIG_X86_X32_DISABLED): CMDLINE_ above
# turns it on; nothing more.
DISTRO_PKG_x86_64     := linux-image-%-amd64-unsigned
DISTRO_NEEDS_x86_64   := SERIAL_8250_CONSOLE BLK_DEV_INITRD HIGH_RES_TIMERS
DISTRO_ABICONF_x86_64 := x86_64:X86_64 i386:IA32_EMULATION:IA32_EMULATION_DEFAULT_DISABLED \
	x32:X86_X32_ABI:X86_X32_DISABLED
DISTRO_CMDLINE_x86_64 :=

# The nocompat cells (flavour nocompat): IA32 emulation off at boot, so
# no i386 program runs; the ABIs that still do.
NOCOMPAT_CMDLINE_x86_64 := ia32_emulation=0
NOCOMPAT_ABIS_x86_64    := x86_64 x32
