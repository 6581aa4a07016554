# Debian 12's kernel source, installed on the host by scripts/steps/deps.sh: the
# default tree (DEFAULT_TREE). Rows 6.1-base, 6.1-patched, ...
TREE_6.1_PKG      := linux-source-6.1
TREE_6.1_SUITES   :=
TREE_6.1_TARBALL  := /usr/src/linux-source-6.1.tar.xz
TREE_6.1_PATCHDIR := patches/6.1
TREE_6.1_FRAGS    :=
TREE_6.1_KSELFTESTS :=
# epoll_wakeup_test's fixes (patches/kselftest-fixes/, made on 7.2, apply
# unchanged): the tree's selftests are built with them.
TREE_6.1_KSELFTEST_FIXES = $(call kselftest_fix,selftests-filesystems-epoll-stop-the-emitter-thread-) \
	$(call kselftest_fix,selftests-filesystems-epoll-skip-epoll59-with-fewer-)
# Debian 12's kernel image packages (row 6.1-distro, flavours/distro.mk):
# ABI, version and suites of the build pinned; the package per arch is
# the arch file's DISTRO_PKG_.
TREE_6.1_DISTRO_ABI      := 6.1.0-57
TREE_6.1_DISTRO_VERSION  := 6.1.192-3
TREE_6.1_DISTRO_SUITES   := bookworm bookworm-updates bookworm-security
# Every mutant, judged by compat-tests: every ABI of every arch.
TREE_6.1_MUTANTS      = $(MUTANT_IDS)
TREE_6.1_MUTANT_TESTS := compat
$(eval $(tree-row))
