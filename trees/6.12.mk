# Debian 13's kernel (also in bookworm-backports, older), taken by package
# name from trixie's suites through a private apt configuration
# (scripts/steps/fetch-source.sh). Rows 6.12-base, 6.12-patched, ...
TREE_6.12_PKG      := linux-source-6.12
TREE_6.12_SUITES   := trixie trixie-updates trixie-security
TREE_6.12_TARBALL  := $(B)/sources/6.12/linux-source-6.12.tar.xz
TREE_6.12_PATCHDIR := patches/6.12
TREE_6.12_FRAGS    := $(wildcard trees/6.12.config) kconfigs/seccomp.config
# The series' last patch adds this kselftest.
TREE_6.12_KSELFTESTS := filesystems/select
# make check leaves it to make check-all, as 7.2 (trees/7.2.mk): what it
# adds is its own backport, and a change to a series runs make check-all.
TREE_6.12_CHECK   :=
# epoll_wakeup_test's fixes (patches/kselftest-fixes/, made on 7.2, apply
# unchanged): the tree's selftests are built with them.
TREE_6.12_KSELFTEST_FIXES = $(call kselftest_fix,selftests-filesystems-epoll-stop-the-emitter-thread-) \
	$(call kselftest_fix,selftests-filesystems-epoll-skip-epoll59-with-fewer-)
# The mutants against the backport's kselftest (rows 6.12-mutant-<x>);
# make check leaves them to make mutants TREES=6.12 (CI's time).
TREE_6.12_MUTANTS := a b c d f h l
# Judged by the series' kselftest alone (payload select-6.12).
TREE_6.12_MUTANT_TESTS := kselftest
# Its kselftest must SKIP at once where it cannot run (compat-tests/skip/):
# under a seccomp filter refusing personality(2) in every test cell
# (kconfigs/seccomp.config), and its 32-bit starter in the nocompat cell
# (patched, the compat ABI off; on x86_64), booted with the tree's cells.
TREE_6.12_SKIP_TESTS := y
TREE_6.12_KSELFTEST_STARTER := filesystems/select/select_timeout_test_compat.c
# Debian 13's kernel image packages (row 6.12-distro, flavours/distro.mk).
# Debian 13 ships no i386 kernel (686, 686-pae are gone): its row says so.
TREE_6.12_DISTRO_ABI     := 6.12.118+deb13
TREE_6.12_DISTRO_VERSION := 6.12.118-1
TREE_6.12_DISTRO_SUITES  := trixie trixie-updates trixie-security
TREE_6.12_DISTRO_ARCHES  := x86_64 arm64 arm
$(eval $(tree-row))
