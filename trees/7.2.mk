# The newest kernel source Debian ships (unstable): the upstream series.
# Rows 7.2-base, 7.2-patched, ...
PKG_7.2      := linux-source-7.2
SUITES_7.2   := sid
TARBALL_7.2  := $(B)/sources/7.2/linux-source-7.2.tar.xz
PATCHDIR_7.2 := patches/7.2
# The series is made on upstream's release, Debian's orig tarball of the
# source package (make orig-7.2; b4-prep's base): the version of "linux"
# in sid's Sources whose orig the archive serves (2026-12-07 the mirror
# answered 404 for linux_7.2.13.orig.tar.xz and 7.2.9-7.2.12, 200 for
# 7.2.8; docs/series.md). fs/select.c and restart_block.h are the same
# in 7.2.8 and Debian's 7.2.13.
ORIG_7.2     := 7.2.8-1
FRAGS_7.2    := $(wildcard trees/7.2.config) kconfigs/seccomp.config
# The series' last patch adds this kselftest.
KSELFTESTS_7.2 := filesystems/select
# make check leaves it to make check-all (README "The two commands"); with
# CHECK_TREES=7.2 make check boots it on x86_64.
CHECK_7.2    :=
# Its selftests are built with the fixes sent to linux-kselftest
# (patches/kselftest-fixes/): timers' 32-bit overflows, epoll's emitter.
# They are made on this tree (make series-kselftest-fixes).
KSELFTEST_FIXES_TREE := 7.2
KSELFTEST_FIXES_7.2 = $(call series_of,patches/kselftest-fixes)
# The mutants (patches/mutants/) its kselftest must kill: rows
# 7.2-mutant-<x>, booted with that test alone. Not e and g: the mask and
# the compat fd_sets are compat-tests' (6.1's mutant cells). l: the sticky
# zero cases (series v4).
MUTANTS_7.2  := a b c d f h l
# make check boots them with the tree (CHECK_TREES=7.2).
CHECK_MUTANTS_7.2 := y
# Judged by the series' kselftest alone (payload select-7.2).
MUTANT_TESTS_7.2 := kselftest
# Its kselftest must SKIP at once where it cannot run (compat-tests/skip/):
# under a seccomp filter refusing personality(2) in every test cell
# (kconfigs/seccomp.config), and its 32-bit starter in the nocompat cell
# (patched, the compat ABI off; on x86_64), booted with the tree's cells.
SKIP_TESTS_7.2 := y
KSELFTEST_STARTER_7.2 := filesystems/select/select_timeout_test_compat.c
EXTRA_FLAVOURS_7.2 := nocompat distro
# sid's kernel image packages (row 7.2-distro, flavours/distro.mk): no
# i386 kernel; linux-image-<abi>-<flavour> is a metapackage there, the
# image is in linux-binary-*, its config in linux-base-*.
DISTRO_ABI_7.2      := 7.2.13+deb14
DISTRO_VERSION_7.2  := 7.2.13-1
DISTRO_SUITES_7.2   := sid
DISTRO_ARCHES_7.2   := x86_64 arm64 arm
DISTRO_PKG_7.2_x86_64 := linux-binary-%-amd64,linux-base-%-amd64
DISTRO_PKG_7.2_arm64  := linux-binary-%-arm64,linux-base-%-arm64
DISTRO_PKG_7.2_arm    := linux-binary-%-armmp,linux-base-%-armmp
