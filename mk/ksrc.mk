# mk/ksrc.mk: KSRC=<path>, a developer's own kernel tree (any Linux source
# tree or git worktree, outside this repository) as tree "ksrc": rows
# ksrc-base (and ksrc-series-<hash> with SERIES=) on every arch, built
# with the project's fragments out of tree (O= under build/ksrc/), booted
# with every test cell's payload plus the tree's own select kselftest
# where it has one. The tree is never written: scripts/steps/ksrc.sh
# imports its content into build/ksrc/base/src (a git repository), whose
# tree id keys its kernels. Read by mk/rows.mk, beside the tree files.
KSRC ?=
# The oldest tree the config fragments (kconfigs/, arch-configs/) and the
# tests were run on (trees/6.1.mk).
KSRC_MIN := 6.1
ifneq ($(KSRC),)
KSRC_CHECK := $(shell scripts/steps/ksrc.sh check '$(KSRC)' $(KSRC_MIN) 2>&1)
$(if $(filter KSRC=%,$(firstword $(KSRC_CHECK))),$(error $(KSRC_CHECK)))
# TREE_<t>_SRC: a tree made from a folder, not a Debian tarball (mk/trees.mk).
TREE_ksrc_SRC      := $(word 1,$(KSRC_CHECK))
TREE_ksrc_PKG      := KSRC
TREE_ksrc_PATCHDIR :=
TREE_ksrc_KSELFTESTS := $(if $(wildcard $(TREE_ksrc_SRC)/tools/testing/selftests/filesystems/select/Makefile),filesystems/select)
TREE_ksrc_MUTANTS  :=
TREE_ksrc_MUTANT_TESTS := compat
# Its cells are judged by the expected failures of the project's tree of
# the same version (6.1.x: 6.1's), if there is one, else the tree-less ones.
TREE_ksrc_JUDGETREE := $(filter $(basename $(word 2,$(KSRC_CHECK))),$(TREES_KNOWN))
# Its kernels take that tree's config differences too (trees/7.2.config).
TREE_ksrc_FRAGS    := $(if $(TREE_ksrc_JUDGETREE),$(TREE_$(TREE_ksrc_JUDGETREE)_FRAGS))
# Its selftests get the selftest fixes of that tree (they apply there).
TREE_ksrc_KSELFTEST_FIXES = $(if $(TREE_ksrc_JUDGETREE),$(TREE_$(TREE_ksrc_JUDGETREE)_KSELFTEST_FIXES))
$(eval $(call tree_row,ksrc))
# A run with KSRC= boots base (the tree as it is) unless told.
FLAVOURS ?= base
endif
