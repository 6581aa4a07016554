# mk/ksrc.mk: KSRC=<path>, a developer's own kernel tree (any Linux source
# tree or git worktree, outside this repository) as tree "ksrc": rows
# ksrc-base (and ksrc-series-<hash> with SERIES=) on every arch, built
# with the project's fragments out of tree (O= under build/ksrc/), booted
# with every test cell's payload plus the tree's own select kselftest
# where it has one. The tree is never written: scripts/build/ksrc.sh
# imports its content into build/ksrc/base/src (a git repository), whose
# tree id keys its kernels. Read by mk/rows.mk, beside the tree files.
KSRC ?=
# The oldest tree the config fragments (kconfigs/, arch-configs/) and the
# tests were run on (trees/6.1.mk).
KSRC_MIN := 6.1
ifneq ($(KSRC),)
KSRC_CHECK := $(shell scripts/build/ksrc.sh check '$(KSRC)' $(KSRC_MIN) 2>&1)
$(if $(filter KSRC=%,$(firstword $(KSRC_CHECK))),$(error $(KSRC_CHECK)))
TREES_KNOWN   += ksrc
# SRC_<t>: a tree made from a folder, not a Debian tarball (mk/trees.mk).
SRC_ksrc      := $(word 1,$(KSRC_CHECK))
PKG_ksrc      := KSRC
PATCHDIR_ksrc :=
KSELFTESTS_ksrc := $(if $(wildcard $(SRC_ksrc)/tools/testing/selftests/filesystems/select/Makefile),filesystems/select)
MUTANTS_ksrc  :=
MUTANT_TESTS_ksrc := compat
# Its cells are judged by the expected failures of the project's tree of
# the same version (6.1.x: 6.1's), if there is one, else the tree-less ones.
JUDGETREE_ksrc := $(filter $(basename $(word 2,$(KSRC_CHECK))),$(TREES_KNOWN))
# Its kernels take that tree's config differences too (trees/7.2.config).
FRAGS_ksrc    := $(if $(JUDGETREE_ksrc),$(FRAGS_$(JUDGETREE_ksrc)))
# Its selftests get the selftest fixes of that tree (they apply there).
KSELFTEST_FIXES_ksrc = $(if $(JUDGETREE_ksrc),$(KSELFTEST_FIXES_$(JUDGETREE_ksrc)))
# A run with KSRC= boots base (the tree as it is) unless told.
FLAVOURS ?= base
endif
