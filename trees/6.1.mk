# Debian 12's kernel source, installed on the host by scripts/build/deps.sh: the
# default tree (DEFAULT_TREE). Rows 6.1-base, 6.1-patched, ...
PKG_6.1      := linux-source-6.1
SUITES_6.1   :=
TARBALL_6.1  := /usr/src/linux-source-6.1.tar.xz
PATCHDIR_6.1 := patches/6.1
FRAGS_6.1    :=
KSELFTESTS_6.1 :=
# epoll_wakeup_test's fixes (patches/kselftest-fixes/, made on 7.2, apply
# unchanged): the tree's selftests are built with them.
KSELFTEST_FIXES_6.1 = $(call kselftest_fix,selftests-filesystems-epoll-stop-the-emitter-thread-) \
	$(call kselftest_fix,selftests-filesystems-epoll-skip-epoll59-with-fewer-)
# Debian 12's kernel image packages (row 6.1-distro, flavours/distro.mk):
# ABI, version and suites of the build pinned; the package per arch is
# the arch file's DISTRO_PKG_.
DISTRO_ABI_6.1      := 6.1.0-57
DISTRO_VERSION_6.1  := 6.1.192-3
DISTRO_SUITES_6.1   := bookworm bookworm-updates bookworm-security
# The KASAN/UBSAN/lockdep guest with trinity and stress-ng (a cell row),
# and the low-resolution kernel of the bench rows.
EXTRA_FLAVOURS_6.1 := debug distro
EXTRA_KERNELS_6.1  := lowres
# Every mutant, judged by compat-tests: every ABI of every arch.
MUTANTS_6.1      = $(MUTANT_IDS)
MUTANT_TESTS_6.1 := compat
