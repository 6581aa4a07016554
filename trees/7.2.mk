# The newest kernel source Debian ships (unstable): the upstream series.
# Rows 7.2-base, 7.2-patched, ...
TREE_7.2_PKG      := linux-source-7.2
TREE_7.2_SUITES   := sid
TREE_7.2_TARBALL  := $(B)/sources/7.2/linux-source-7.2.tar.xz
TREE_7.2_PATCHDIR := patches/7.2
# The series is made on upstream's release, Debian's orig tarball of the
# source package (make orig-7.2; b4-prep's base): the version of "linux"
# in sid's Sources whose orig the archive serves (2026-12-07 the mirror
# answered 404 for linux_7.2.13.orig.tar.xz and 7.2.9-7.2.12, 200 for
# 7.2.8; docs/series.md). fs/select.c and restart_block.h are the same
# in 7.2.8 and Debian's 7.2.13.
TREE_7.2_ORIG     := 7.2.8-1
TREE_7.2_FRAGS    := $(wildcard trees/7.2.config) kconfigs/seccomp.config
# The series' last patch adds this kselftest.
TREE_7.2_KSELFTESTS := filesystems/select
# make check leaves it to make check-all (README "The two commands"); with
# CHECK_TREES=7.2 make check boots it on x86_64.
TREE_7.2_CHECK    :=
# Its selftests are built with the fixes sent to linux-kselftest
# (patches/kselftest-fixes/): timers' 32-bit overflows, epoll's emitter.
# They are made on this tree (make series-kselftest-fixes): _HOME.
TREE_7.2_KSELFTEST_FIXES_HOME := y
TREE_7.2_KSELFTEST_FIXES = $(call series_of,patches/kselftest-fixes)
# The mutants (patches/mutants/) its kselftest must kill: rows
# 7.2-mutant-<x>, booted with that test alone. Not e and g: the mask and
# the compat fd_sets are compat-tests' (6.1's mutant cells). l: the sticky
# zero cases (series v4).
TREE_7.2_MUTANTS  := a b c d f h l
# make check boots them with the tree (CHECK_TREES=7.2).
TREE_7.2_CHECK_MUTANTS := y
# Judged by the series' kselftest alone (payload select-7.2).
TREE_7.2_MUTANT_TESTS := kselftest
# Its kselftest must SKIP at once where it cannot run (compat-tests/skip/):
# under a seccomp filter refusing personality(2) in every test cell
# (kconfigs/seccomp.config), and its 32-bit starter in the nocompat cell
# (patched, the compat ABI off; on x86_64), booted with the tree's cells.
TREE_7.2_SKIP_TESTS := y
TREE_7.2_KSELFTEST_STARTER := filesystems/select/select_timeout_test_compat.c
# sid's kernel image packages (row 7.2-distro, flavours/distro.mk): no
# i386 kernel; linux-image-<abi>-<flavour> is a metapackage there, the
# image is in linux-binary-*, its config in linux-base-*.
TREE_7.2_DISTRO_ABI      := 7.2.13+deb14
TREE_7.2_DISTRO_VERSION  := 7.2.13-1
TREE_7.2_DISTRO_SUITES   := sid
TREE_7.2_DISTRO_ARCHES   := x86_64 arm64 arm
TREE_7.2_DISTRO_PKG_x86_64 := linux-binary-%-amd64,linux-base-%-amd64
TREE_7.2_DISTRO_PKG_arm64  := linux-binary-%-arm64,linux-base-%-arm64
TREE_7.2_DISTRO_PKG_arm    := linux-binary-%-armmp,linux-base-%-armmp
$(eval $(tree-row))
