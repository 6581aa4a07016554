# tests-<t>: a tree's test cells carry, beside compat-tests in each ABI's
# folder, that tree's own selftests of this family (_KSELFTEST names the
# tree): KSELFTESTS on every tree and TREE_<t>_KSELFTESTS (the series' own
# test, where it has one), built from the tree's patched source with its
# selftest fixes (TREE_<t>_KSELFTEST_FIXES, mk/trees.mk) by its selftests
# build (scripts/steps/kselftests.sh "target[:prog,...]"), on base and
# patched alike. Trees with TREE_<t>_SKIP_TESTS := y (their series'
# kselftest must SKIP at once where it cannot run) carry compat-tests/skip/
# too (payloads/nocompat.mk). One row per tree, each field a function of
# the tree ($(1)).
PAYLOAD_tests_TREES     = $(TREES_KNOWN)
PAYLOAD_tests_SRC       = compat-tests
PAYLOAD_tests_PROGS     = $(TESTS)
PAYLOAD_tests_OVERLAY   = $$(OVERLAY)
PAYLOAD_tests_KSELFTEST = $(1)
PAYLOAD_tests_MORE      = $(if $(TREE_$(1)_SKIP_TESTS),compat-tests/skip)
$(eval $(payload-row))
