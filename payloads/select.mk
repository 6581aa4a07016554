# select-<t>: a tree's mutant cells, only the judge of fs/select.c
# (MUTANT_TESTS_<t>): compat-tests, or the series' kselftest alone.
define payload_select
select-$(1)_SRC       := compat-tests
$(if $(filter compat,$(MUTANT_TESTS_$(1))),
select-$(1)_PROGS     := $(TESTS)
select-$(1)_OVERLAY    = $$(OVERLAY),
select-$(1)_KSELFTEST := $(1)
select-$(1)_KSELFTEST_PROGS := select_timeout_test*)
$(call payload,select-$(1))
endef
$(foreach t,$(TREES_KNOWN),$(eval $(call payload_select,$(t))))
