# select-<t>: a tree's mutant cells, only the judge of fs/select.c
# (TREE_<t>_MUTANT_TESTS): compat-tests, or the series' kselftest alone.
# One row per tree, each field a function of the tree ($(1)).
PAYLOAD_select_TREES     = $(TREES_KNOWN)
PAYLOAD_select_SRC       = compat-tests
PAYLOAD_select_PROGS     = $(if $(filter compat,$(TREE_$(1)_MUTANT_TESTS)),$(TESTS))
PAYLOAD_select_OVERLAY   = $(if $(filter compat,$(TREE_$(1)_MUTANT_TESTS)),$$(OVERLAY))
PAYLOAD_select_KSELFTEST = $(if $(filter compat,$(TREE_$(1)_MUTANT_TESTS)),,$(1))
PAYLOAD_select_KSELFTEST_PROGS = $(if $(filter compat,$(TREE_$(1)_MUTANT_TESTS)),,select_timeout_test*)
$(eval $(payload-row))
