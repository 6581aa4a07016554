# --- the results store (scripts/results/): a release gate that remembers --------
# Every make matrix (report), make cell, make mutants and make lab appends
# its verdicts to RESULTS_DB (SQLite; make clean keeps it). make history,
# make compare BASE= [HEAD=], make tag-run NAME= [RUN=], make kcidb [RUN=],
# make dashboard [RUN=] read it; make matrix BASELINE=<run or tag> fails on
# any regression against that run. Included by mk/cells.mk.
RESULTS_DB    ?= $(B)/results.db
DASHBOARD_DIR ?= $(B)/report
$(call check_dir,DASHBOARD_DIR)
KCIDB_ORIGIN  ?= selectmatrix
BASELINE ?=
BASE     ?=
HEAD     ?=
COMPARE_AS ?=
RUN      ?=
NAME     ?=
N        ?= 5
export RESULTS_DB DASHBOARD_DIR KCIDB_ORIGIN BASELINE
RESULTS := scripts/matrix.py store

# Bad input is one line before any work: a baseline names a run of the
# trees asked for; the store's goals name runs and tags that exist.
# results_sh ARGS WHY: the store's check ARGS; on a machine without
# python3 yet (a fresh one: make deps installs it), WHY instead (empty
# where there is nothing to check), never a check passed unread.
HAVE_PYTHON3 := $(shell command -v python3)
results_sh = $(if $(HAVE_PYTHON3),$(shell RESULTS_DB='$(RESULTS_DB)' KCIDB_ORIGIN='$(KCIDB_ORIGIN)' \
	$(RESULTS) $(1) 2>&1 >/dev/null),$(2))
no_python3 = python3 is not installed to read the results store (make deps installs it)
# Checked by the first make only: make check's sub-makes of other trees
# (TREES=7.2) are gated against the same run by store record all the same.
ifeq ($(if $(BASELINE),$(BASELINE_CHECKED),n),)
BASELINE_BAD := $(call results_sh,check-baseline '$(BASELINE)' $(foreach t,$(TREES),$(t)=$(TREE_$(t)_TARBALL)),\
	BASELINE=$(BASELINE): $(no_python3))
$(if $(BASELINE_BAD),$(error $(BASELINE_BAD)))
export BASELINE_CHECKED := y
endif
# The store itself, before a goal that records into it (matrix is the
# default goal): a foreign or damaged file is refused before any build.
# Checked by the first make only, as BASELINE.
RECORDING_GOALS := matrix report cell mutants lab lab-selfcheck check check-all
ifeq ($(RESULTS_DB_CHECKED),)
ifneq ($(call goal,$(RECORDING_GOALS)),)
RESULTS_DB_BAD := $(call results_sh,check store,$(if $(wildcard $(RESULTS_DB)),RESULTS_DB=$(RESULTS_DB): $(no_python3)))
$(if $(RESULTS_DB_BAD),$(error $(RESULTS_DB_BAD)))
export RESULTS_DB_CHECKED := y
endif
endif
results_args_compare   = '$(BASE)' '$(HEAD)' '$(COMPARE_AS)'
results_args_tag-run   = '$(NAME)' '$(RUN)'
results_args_kcidb     = '$(RUN)'
results_args_dashboard = '$(RUN)'
results_args_history   = '$(N)'
$(foreach g,$(call goal,history compare tag-run kcidb dashboard runs),\
	$(eval RESULTS_BAD := $(call results_sh,check $(g) $(results_args_$(g)),make $(g): $(no_python3)))\
	$(if $(RESULTS_BAD),$(error $(RESULTS_BAD))))

# record KIND ENGINE REPORTDIR RESULTS: the shell command after a report
# (each cell's kernel and patches, and the trees, from the cell table).
results_record = scripts/matrix.py store record --kind $(1) --engine $(2) --report $(3) --results $(4) --table $(CELLS_JSON)

.PHONY: history compare tag-run kcidb dashboard dashboard-check runs
$(B)/.deps-results: scripts/steps/deps.sh | $(B)/.deps
	@DEPS_EXTRA="python3 python3-jsonschema" scripts/steps/deps.sh && touch $@
$(B)/.deps-browser: scripts/steps/deps.sh | $(B)/.deps
	@DEPS_EXTRA="chromium" scripts/steps/deps.sh && touch $@
runs: | $(B)/.deps-results
	@$(RESULTS) runs
history: | $(B)/.deps-results
	@$(RESULTS) history '$(N)' '$(CELL)'
compare: | $(B)/.deps-results
	@$(RESULTS) compare '$(BASE)' '$(HEAD)' $(if $(COMPARE_AS),--as '$(COMPARE_AS)')
tag-run: | $(B)/.deps-results
	@$(RESULTS) tag '$(NAME)' '$(RUN)'
KCIDB_OUT ?= $(B)/report/kcidb.json
$(if $(wildcard $(KCIDB_OUT)/.),$(error KCIDB_OUT=$(KCIDB_OUT): a folder, not a file to write))
kcidb: | $(B)/.deps-results
	@$(RESULTS) kcidb '$(RUN)' '$(KCIDB_OUT)'
dashboard: | $(B)/.deps-results
	@$(RESULTS) dashboard '$(RUN)' '$(DASHBOARD_DIR)'
# Headless Chromium on a fake store's dashboard, then on build/report's
# when make matrix left one; the screenshots under build/.
dashboard-check: | $(B)/.deps-results $(B)/.deps-browser
	@t=$$(mktemp -d) && trap 'rm -rf "$$t"' EXIT && \
	RESULTS_DB=$$t/r.db scripts/results/fake-runs.sh $$t >/dev/null && \
	RESULTS_DB=$$t/r.db $(RESULTS) dashboard latest $$t/rep >/dev/null && \
	scripts/results/dashboard-check.sh $$t/rep $(B)/dashboard-fake.png
	@if [ -f $(DASHBOARD_DIR)/index.html ] && [ -f $(DASHBOARD_DIR)/report.txt ]; then \
		scripts/results/dashboard-check.sh $(DASHBOARD_DIR) $(B)/dashboard.png; fi
