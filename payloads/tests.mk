# tests-<t>: a tree's test cells carry, beside compat-tests in each ABI's
# suite, that tree's own selftests of this family (<p>_KSELFTEST names the
# tree): KSELFTESTS on every tree and KSELFTESTS_<t> (the series' own test,
# where it has one), built from the tree's patched source with its selftest
# fixes (KSELFTEST_FIXES_<t>, mk/trees.mk) by its selftests build
# (scripts/build/kselftests.sh "target[:prog,...]"), on base and patched alike.
# Trees with SKIP_TESTS_<t> := y (their series' kselftest must SKIP at once
# where it cannot run) carry compat-tests/skip/ too (payloads/nocompat.mk).
define payload_tests
tests-$(1)_SRC        := compat-tests
tests-$(1)_PROGS      := $(TESTS)
tests-$(1)_OVERLAY     = $$(OVERLAY)
tests-$(1)_KSELFTEST  := $(1)
$(if $(SKIP_TESTS_$(1)),tests-$(1)_MORE       := compat-tests/skip)
$(call payload,tests-$(1))
endef
$(foreach t,$(TREES_KNOWN),$(eval $(call payload_tests,$(t))))
