# mk/mutation.mk: make mutation [TREE=] [ARCHES=] [MUTATION_IDS=]: mutants
# made by a tool from every line TREE's series adds or changes in kernel
# code (scripts/matrix/mutation/generate.py; docs/mutation.md), each a commit
# built incrementally in the tree's shared mutants worktree (the rows:
# mk/rows.mk), dropped when it does not compile (or warns), not booted when
# its objects are the series' on that arch (equivalent), otherwise booted
# with the tree's judge (payload select-<t>) and judged by the one kill
# rule (scripts/matrix/mutants.py). Report: REPORT_DIR/mutation/. Not in
# make check; make check-all runs it for every tree. A mutant's cell is
# keyed as any cell's (kernel, initramfs, command line; RERUN=1 boots
# again): an interrupted run goes on where it stopped.

# MUTATION_IDS: only these mutants (ids of MUTATION_DIR/list).
MUTATION_IDS ?=
ifeq ($(PROFILE),mutation)
$(foreach m,$(MUTATION_IDS),$(if $(shell echo '$(m)' | grep -qx '[0-9a-f]\{8\}' && echo y),,\
	$(error MUTATION_IDS=$(m): not a mutant id (8 hex digits, as in build/mutation/<tree>/list))))
endif
.PHONY: mutation mutation-run
mutation: $(B)/$(TREE)/patched/.tree | $(B)/.deps-results
	$(call step,mutation: mutants of $(TREE)'s series)
	@scripts/matrix.py mutation generate $(B)/$(TREE)/base/src base patched $(MUTATION_DIR)
	@scripts/matrix.py mutation check-ids $(MUTATION_DIR)/list $(MUTATION_IDS)
	@t0=$$(date +%s); $(MAKE) POOL=parent mutation-run TREE=$(TREE) TREES=$(TREE) ARCHES="$(ARCHES)" \
		MUTATION_T0=$$t0

# The series' kernel of each arch first (what every mutant is held
# against), then the mutants, one build at a time (the chain, mk/check.mk),
# each boot beside the next build; the reference cells' kernels last (only
# the verdict needs their cells; a make check beside it may have put them
# in the product cache by then).
ifneq ($(call goal,mutation-run),)
MUTATION_PAIRS := $(foreach a,$(ARCHES),$(TREE)-mutation-series:$(a)) \
	$(foreach m,$(MUTATION_ROWS),$(foreach a,$(ARCHES),$(m):$(a))) \
	$(foreach a,$(ARCHES),$(TREE)-patched:$(a))
$(call kchain,$(call kimgs,$(MUTATION_PAIRS)))
endif
MUTATION_T0 ?=
mutation-run: $(call status_of,$(TREE)-patched $(MUTATION_ROWS)) $(CELLS_JSON) | $(B)/.deps-results
	$(call step,mutation: report)
	@scripts/matrix.py mutation report $(if $(filter kselftest,$(TREE_$(TREE)_MUTANT_TESTS)),--kselftest '$(PAYLOAD_select-$(TREE)_KSELFTEST_PROGS)') $(CELLS_JSON) $(B)/results $(MUTATION_DIR) $(REPORT_DIR)/mutation "$(ARCHES)" \
		"$(MUTATION_T0)" $(TREE)-patched $(foreach m,$(MUTATION_ROWS),$(ROW_$(m)_MUTATION_ID) $(m)); rc=$$?; \
	scripts/matrix.py report $(REPORT_ARGS)/mutation/verdicts $$(cat $(REPORT_DIR)/mutation/booted) >/dev/null; \
	$(call results_record,mutation,local,$(REPORT_DIR)/mutation/verdicts,$(B)/results) || rc=1; exit $$rc
