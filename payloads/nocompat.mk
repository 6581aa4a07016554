# nocompat-<t>: the nocompat flavour's cells of a tree with SKIP_TESTS_<t>
# := y: compat-tests/skip/'s programs, only in the ABIs that run with the
# compat ABI off (<p>_ARCHVARS), and the series' kselftest with its 32-bit
# starter (KSELFTEST_STARTER_<t>, mk/guests.mk) in <p>_KSELFTEST_DIR: a
# hidden folder of the ABI's, which the guest's suite does not run (only
# kselftest_skip does, in seconds).
define payload_nocompat
nocompat-$(1)_SRC     := compat-tests/skip
nocompat-$(1)_PROGS   := kselftest_skip nopersonality
nocompat-$(1)_KSELFTEST := $(1)
nocompat-$(1)_KSELFTEST_PROGS := select_timeout_test*
nocompat-$(1)_KSELFTEST_DIR := .kselftest
nocompat-$(1)_ARCHVARS := NOCOMPAT
nocompat-$(1)_STARTER := $(KSELFTEST_STARTER_$(1))
$(call payload,nocompat-$(1))
endef
$(foreach t,$(TREES_KNOWN),$(if $(SKIP_TESTS_$(t)),$(eval $(call payload_nocompat,$(t)))))
