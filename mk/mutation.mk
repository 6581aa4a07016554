# mk/mutation.mk: make mutation [TREE=] [ARCHES=] [MUTATION_IDS=]: mutants
# made by a tool from every line TREE's series adds or changes in kernel
# code (scripts/matrix/mutation/generate.py; docs/mutation.md), each a commit
# built incrementally in the tree's shared mutants worktree (the rows:
# mk/rows.mk), dropped when it does not compile (or warns), not booted when
# its objects are the series' on that arch (equivalent), otherwise booted
# with the tree's judge (payload mutation-<t>) and judged by the one kill
# rule (scripts/matrix/mutants.py). Report: REPORT_DIR/mutation/. Not in
# make check; make check-all runs it for every tree. A mutant's cell is
# keyed as any cell's (kernel, initramfs, command line; RERUN=1 boots
# again): an interrupted run goes on where it stopped.
# LAVA_IDENTITY=<lavacli identity> ARTIFACT_URL=<url>: every cell it boots
# is a LAVA job on that lab instead (make lava's job of the cell, submitted
# and read back by make lab's code, scripts/matrix/lava/lab.py lab_cell),
# as soon as its kernel is built and gated; up to JOBS of them at once.
# Results and report under build/lab/ (results/, report/mutation/), as
# make lab's; judged, keyed and recorded (engine lab) as local boots.

# MUTATION_IDS: only these mutants (ids of MUTATION_DIR/list).
MUTATION_IDS ?=
ifeq ($(PROFILE),mutation)
$(call check_mutant_ids,MUTATION_IDS)
endif
# The lab is checked before any work, as make lab's: the URL, the identity,
# the server and its token (lavacli system whoami), one line each.
ifneq ($(call goal,mutation),)
ifneq ($(LAVA_IDENTITY),)
$(if $(ARTIFACT_URL),,$(error ARTIFACT_URL=: where the lab of LAVA_IDENTITY=$(LAVA_IDENTITY) fetches the kernels and \
	initramfs (http://host/dir, build/lava/jobs served there)))
MUTATION_LAB_BAD := $(shell LAVA_IDENTITY='$(LAVA_IDENTITY)' ARTIFACT_URL='$(ARTIFACT_URL)' \
	scripts/matrix.py lava lab-knobs 2>&1 >/dev/null)
$(if $(MUTATION_LAB_BAD),$(error $(MUTATION_LAB_BAD)))
endif
endif
MUTATION_REPORT = $(if $(MUTATION_LAB),$(B)/lab/report,$(REPORT_DIR))/mutation
.PHONY: mutation mutation-run mutation-cells
mutation: $(B)/$(TREE)/patched/.tree | $(B)/.deps-results $(if $(MUTATION_LAB),$(B)/.deps-lava)
	$(call step,mutation: mutants of $(TREE)'s series$(if $(MUTATION_LAB), booted on LAVA identity $(LAVA_IDENTITY)))
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
# A lab cell's job is made from the table: written before any is booted.
$(if $(MUTATION_LAB),$(foreach s,$(call status_of,$(TREE)-patched $(MUTATION_ROWS)),$(eval $(s): | $(CELLS_JSON))))
mutation-run: $(call status_of,$(TREE)-patched $(MUTATION_ROWS)) $(CELLS_JSON) | $(B)/.deps-results
	$(call step,mutation: report)
	@scripts/matrix.py mutation report $(if $(filter kselftest,$(TREE_$(TREE)_MUTANT_TESTS)),--kselftest '$(PAYLOAD_mutation-$(TREE)_KSELFTEST_PROGS)') $(CELLS_JSON) $(MUTATION_RESULTS) $(MUTATION_DIR) $(MUTATION_REPORT) "$(ARCHES)" \
		"$(MUTATION_T0)" $(TREE)-patched $(foreach m,$(MUTATION_ROWS),$(ROW_$(m)_MUTATION_ID) $(m)); rc=$$?; \
	scripts/matrix.py report $(CELLS_JSON) $(MUTATION_RESULTS) compat-tests/expected-failures $(MUTATION_REPORT)/verdicts $$(cat $(MUTATION_REPORT)/booted) >/dev/null; \
	$(call results_record,mutation,$(if $(MUTATION_LAB),lab,local),$(MUTATION_REPORT)/verdicts,$(MUTATION_RESULTS)) || rc=1; exit $$rc

# make mutation-cells [TREE=] [ARCHES=] [MUTATION_IDS=]: the cells make
# mutation boots (of the mutants its last run generated, MUTATION_DIR/list)
# and their cell table, no build, no boot: what lava.sh refs holds a
# mutant's job against (scripts/lava/refs/cells/).
mutation-cells: $(CELLS_JSON)
	@printf '%s\n' $(call cell_ids,$(TREE)-patched $(MUTATION_ROWS))
