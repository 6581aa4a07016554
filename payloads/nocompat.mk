# nocompat-<t>: the nocompat flavour's cells of a tree with
# TREE_<t>_SKIP_TESTS := y: compat-tests/skip/'s programs, only in the ABIs
# that run with the compat ABI off (_ARCHVARS), and the series' kselftest
# with its 32-bit starter (TREE_<t>_KSELFTEST_STARTER, mk/guests.mk) in
# _KSELFTEST_DIR: a hidden folder of the ABI's, which the guest does not
# run (only kselftest_skip does, in seconds). One row per tree, each field
# a function of the tree ($(1)).
PAYLOAD_nocompat_TREES      = $(foreach t,$(TREES_KNOWN),$(if $(TREE_$(t)_SKIP_TESTS),$(t)))
PAYLOAD_nocompat_SRC        = compat-tests/skip
PAYLOAD_nocompat_PROGS      = kselftest_skip nopersonality
PAYLOAD_nocompat_KSELFTEST  = $(1)
PAYLOAD_nocompat_KSELFTEST_PROGS = select_timeout_test*
PAYLOAD_nocompat_KSELFTEST_DIR = .kselftest
PAYLOAD_nocompat_ARCHVARS   = NOCOMPAT
PAYLOAD_nocompat_STARTER    = $(TREE_$(1)_KSELFTEST_STARTER)
$(eval $(payload-row))
