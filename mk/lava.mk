# mk/lava.mk: every cell as a LAVA job (make lava, lava-check), and the
# jobs on a LAVA lab (make lab, lab-selfcheck), all through scripts/lava/lava.sh.

# --- LAVA: every cell as a LAVA job (scripts/lava/lava.sh) --------------------------
# make lava: per cell a job definition (qemu device type, deploy tmpfs,
# boot qemu, one monitor per suite), its kernel, initramfs and manifest in
# build/lava/jobs/<cell>/ + build/lava/manifest.json; image URLs under
# ARTIFACT_URL (http://, https://, file:///; default file:// of the job
# folder). lava-check: every job passes LAVA's schema (strict) and
# lava-run --validate; LAVA_RUN_CELLS (one per kernel arch) run under
# lava-run and must give make matrix's verdicts for that cell.
LAVA_CELLS     ?= $(call cell_ids,$(MATRIX_ROWS) $(RUN_MUTANTS))
LAVA_RUN_CELLS ?= $(foreach a,$(ARCHES),$(firstword $(MATRIX_ROWS))-$(a))
ARTIFACT_URL   ?=
# Checked before anything is built: make lava builds every kernel first
# (make lab's message as lab-args gives it: lab: <first cell>: ...).
$(if $(ARTIFACT_URL),$(if $(call goal,lava lava-check lava-validate lab),\
	$(eval ARTIFACT_URL_BAD := $(shell python3 scripts/matrix.py lava \
		$(if $(call goal,lab),lab-url '$(ARTIFACT_URL)' $(firstword $(LAVA_CELLS)),url '$(ARTIFACT_URL)') 2>&1 >/dev/null))\
	$(if $(ARTIFACT_URL_BAD),$(error $(ARTIFACT_URL_BAD)))))
# The cells named are cells a run has (make cells), before any export.
$(if $(call goal,lava lava-check lava-validate lab),\
	$(call check_in,LAVA_CELLS,$(LAVA_CELLS),$(CELL_IDS),cell ('make cells' lists them)))
$(if $(call goal,lava-check),\
	$(call check_in,LAVA_RUN_CELLS,$(LAVA_RUN_CELLS),$(LAVA_CELLS),cell of LAVA_CELLS))
cell_files = $(foreach c,$(1),$(call cell_kernel,$(CELL_$(c)_ROW),$(CELL_$(c)_ARCH)) $(call cell_initrd,$(CELL_$(c)_ROW),$(CELL_$(c)_ARCH)))
$(B)/.deps-lava: scripts/lava/lava.sh | $(B)/.deps
	@scripts/lava/lava.sh deps && touch $@
GOAL_CELLS_lava = $(LAVA_CELLS)
GOAL_CELLS_lava-check = $(LAVA_CELLS)
GOAL_CELLS_lava-validate = $(LAVA_CELLS)
lava: $(B)/.deps-lava $(CELLS_JSON) $(call cell_files,$(GOAL_CELLS_lava))
	$(call step,lava: $(words $(LAVA_CELLS)) cells as LAVA jobs)
	@CELLS_JSON=$(CELLS_JSON) ARTIFACT_URL='$(ARTIFACT_URL)' \
		$(call timed,lava export) scripts/lava/lava.sh export $(LAVA_CELLS)
# The table's kernel facts (release, commit) are read once the kernels are built.
$(foreach g,$(call goal,lava lava-check lava-validate lab lab-selfcheck),\
	$(eval $(CELLS_JSON): $(call cell_files,$(GOAL_CELLS_$(g)))))
lava-check: lava-validate $(addprefix lava-run-,$(LAVA_RUN_CELLS))
lava-validate: lava
	$(call step,lava: validate $(words $(LAVA_CELLS)) jobs)
	@$(call timed,lava validate) scripts/lava/lava.sh validate $(LAVA_CELLS)
# Each lava-run has its own job id and result folder: they run side by side.
define lava_run_rule
lava-run-$(1): lava $(call cell_status,$(1))
	$$(call step,lava: lava-run $(1))
	@$$(call timed,lava-run $(1)) scripts/lava/lava.sh run $(1) && scripts/lava/lava.sh compare $(1)
endef
$(foreach c,$(LAVA_RUN_CELLS),$(eval $(call lava_run_rule,$(c))))
.PHONY: lava-validate $(addprefix lava-run-,$(LAVA_RUN_CELLS))

# --- LAVA lab: the jobs on a LAVA server (scripts/lava/lava.sh lab) -----------------
# make lab LAVA_IDENTITY=<lavacli identity> ARTIFACT_URL=<where the lab
# fetches build/lava/jobs from>: make lava's jobs submitted, waited for,
# their consoles and per-case results fetched with lavacli into
# build/lab/results/, reported as make matrix does into build/lab/report/.
# lab-selfcheck: a throwaway lava-server + lava-worker on 127.0.0.1 runs
# LAB_CELLS through it (bad input first) and compares with make matrix;
# with LAB_MUTATION_IDS, make mutation of those mutants too (local and lab).
# Not in make check: it installs and starts a LAVA server.
LAVA_IDENTITY ?=
$(if $(call goal,lab),$(if $(LAVA_IDENTITY),,$(error LAVA_IDENTITY=: the lavacli identity make lab submits with)))
LAB_CELLS     ?= $(call cell_ids,$(MATRIX_ROWS))
# LAB_MUTATION_IDS: make mutation of these mutants (TREE=, ARCHES=) run
# locally and on the throwaway lab too, their verdicts compared.
LAB_MUTATION_IDS ?=
ifneq ($(call goal,lab-selfcheck),)
$(call check_in,LAB_CELLS,$(LAB_CELLS),$(CELL_IDS),cell ('make cells' lists them))
$(call check_mutant_ids,LAB_MUTATION_IDS)
$(if $(LAB_DEVICES),$(call check_count,LAB_DEVICES,1,a count of qemu devices))
endif
# Identity and URL are checked before anything is built or exported.
lab-args: $(B)/.deps-lava
	@LAVA_IDENTITY='$(LAVA_IDENTITY)' ARTIFACT_URL='$(ARTIFACT_URL)' \
		scripts/lava/lava.sh lab-args $(firstword $(LAVA_CELLS))
lava: $(if $(call goal,lab),lab-args)
lab: lab-args lava | $(B)/.deps-results
	$(call step,lab: $(words $(LAVA_CELLS)) cells on LAVA identity $(LAVA_IDENTITY))
	@LAVA_IDENTITY='$(LAVA_IDENTITY)' ARTIFACT_URL='$(ARTIFACT_URL)' \
		$(call timed,lab) scripts/lava/lava.sh lab $(LAVA_CELLS); rc=$$?; \
		[ ! -f $(B)/lab/report/verdicts.tsv ] || $(call results_record,matrix,lab,$(B)/lab/report,$(B)/lab/results) || rc=1; exit $$rc
GOAL_CELLS_lab = $(LAVA_CELLS)
GOAL_CELLS_lab-selfcheck = $(LAB_CELLS)
lab-selfcheck: $(B)/.deps-lava $(CELLS_JSON) $(call cell_files,$(GOAL_CELLS_lab-selfcheck)) \
		$(call cell_status,$(GOAL_CELLS_lab-selfcheck))
	$(call step,lab-selfcheck: $(words $(LAB_CELLS)) cells on a throwaway LAVA server)
	@CELLS_JSON=$(CELLS_JSON) LAB_MUTATION_IDS='$(LAB_MUTATION_IDS)' $(call timed,lab-selfcheck) scripts/selfcheck/lab-selfcheck.sh $(LAB_CELLS)
# Its name before 2026-12-07 (the glossary's selfcheck): one line, no work.
lab-selftest:
	@echo "lab-selftest: now make lab-selfcheck (docs/glossary.md)"; exit 2
.PHONY: lab lab-args lab-selfcheck lab-selftest
