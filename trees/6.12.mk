# Debian 13's kernel (also in bookworm-backports, older), taken by package
# name from trixie's suites through a private apt configuration
# (scripts/build/fetch-source.sh). Rows 6.12-base, 6.12-patched, ...
PKG_6.12      := linux-source-6.12
SUITES_6.12   := trixie trixie-updates trixie-security
TARBALL_6.12  := $(B)/sources/6.12/linux-source-6.12.tar.xz
PATCHDIR_6.12 := patches/6.12
FRAGS_6.12    := $(wildcard trees/6.12.config) kconfigs/seccomp.config
# The series' last patch adds this kselftest.
KSELFTESTS_6.12 := filesystems/select
# make check leaves it to make check-all, as 7.2 (trees/7.2.mk): what it
# adds is its own backport, and a change to a series runs make check-all.
CHECK_6.12   :=
# epoll_wakeup_test's fixes (patches/kselftest-fixes/, made on 7.2, apply
# unchanged): the tree's selftests are built with them.
KSELFTEST_FIXES_6.12 = $(call kselftest_fix,selftests-filesystems-epoll-stop-the-emitter-thread-) \
	$(call kselftest_fix,selftests-filesystems-epoll-skip-epoll59-with-fewer-)
# The mutants against the backport's kselftest (rows 6.12-mutant-<x>);
# make check leaves them to make mutants TREES=6.12 (CI's time).
MUTANTS_6.12 := a b c d f h l
# Judged by the series' kselftest alone (payload select-6.12).
MUTANT_TESTS_6.12 := kselftest
# Its kselftest must SKIP at once where it cannot run (compat-tests/skip/):
# under a seccomp filter refusing personality(2) in every test cell
# (kconfigs/seccomp.config), and its 32-bit starter in the nocompat cell
# (patched, the compat ABI off; on x86_64), booted with the tree's cells.
SKIP_TESTS_6.12 := y
KSELFTEST_STARTER_6.12 := filesystems/select/select_timeout_test_compat.c
EXTRA_FLAVOURS_6.12 := nocompat distro
# Debian 13's kernel image packages (row 6.12-distro, flavours/distro.mk).
# Debian 13 ships no i386 kernel (686, 686-pae are gone): its row says so.
DISTRO_ABI_6.12     := 6.12.118+deb13
DISTRO_VERSION_6.12 := 6.12.118-1
DISTRO_SUITES_6.12  := trixie trixie-updates trixie-security
DISTRO_ARCHES_6.12  := x86_64 arm64 arm
