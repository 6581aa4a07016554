# mutation-<t>: make mutation's cells of a tree: compat-tests and, where
# the tree's mutants are judged by its series' kselftest
# (TREE_<t>_MUTANT_TESTS = kselftest), that kselftest beside them, so the
# report can tell what the kselftest kills alone (docs/mutation.md). Not
# the family's other kselftests (timers, epoll) a test cell carries: they
# are not the series' and cost a mutant's boot most of its time.
# One row per tree, each field a function of the tree ($(1)).
PAYLOAD_mutation_TREES     = $(TREES_KNOWN)
PAYLOAD_mutation_SRC       = compat-tests
PAYLOAD_mutation_PROGS     = $(TESTS)
PAYLOAD_mutation_OVERLAY   = $$(OVERLAY)
PAYLOAD_mutation_KSELFTEST = $(if $(filter kselftest,$(TREE_$(1)_MUTANT_TESTS)),$(1))
PAYLOAD_mutation_KSELFTEST_PROGS = $(if $(filter kselftest,$(TREE_$(1)_MUTANT_TESTS)),select_timeout_test*)
$(eval $(payload-row))
