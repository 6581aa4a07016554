# mk/cells.mk: the goals that boot cells and report them: the clocks, one
# boot per cell (scripts/boot/cell.sh), make matrix's report, one cell at a
# time, the cell table (build/cells.json, make cell-info), results of
# cells run elsewhere, the mutants' verdict, bench and cost, the shell.

# --- clocks: how a cell's guest time runs (ROW_<row>_CLOCK) ---------------------------
# A cell row's _CLOCK (default virtual): virtual: QEMU -icount, guest time
# follows executed instructions and idle time is skipped, so host load
# cannot make a test late; count: the same at one instruction per ns, for
# what counts instructions; real: host time, for what measures it.
# shift=2: 4 ns of guest time per instruction. A test that spins until a
# timeout costs a quarter of the instructions of shift=0, and the guest
# still runs 250 million instructions a second of its own time.
CLOCK_virtual := -icount shift=2,sleep=off
# auto: instructions still drive the clocks (the x86 TSC is calibrated
# against a PIT that cannot be starved by host load), at about host speed.
CLOCK_auto    := -icount shift=auto
CLOCK_real    :=
# count: shift=0, a nanosecond of guest time per instruction, so a guest's
# clock deltas are instruction counts (the cost cells; docs/bench.md).
CLOCK_count   := -icount shift=0,sleep=off

# --- cells -------------------------------------------------------------------
# What a cell boots: ROW ARCH -> kernel, initramfs, command line, QEMU line.
cell_kernel  = $(call kimg,$(ROW_$(1)_KERNEL),$(2))
cell_initrd  = $(B)/guest/$(ROW_$(1)_PAYLOAD)/$(2)/initramfs.cpio
cell_cmdline = $(ARCH_$(2)_CMDLINE) matrix.row=$(1) matrix.timer_irq=$(ARCH_$(2)_TIMER_IRQ) \
	matrix.clock=$(ROW_$(1)_CLOCK) $(ROW_$(1)_CMDLINE)$(if $(ARCH_$(2)_$(ROW_$(1)_ARCHVARS)_CMDLINE), $(ARCH_$(2)_$(ROW_$(1)_ARCHVARS)_CMDLINE))
cell_qemu    = $(ARCH_$(2)_QEMU) $(ROW_$(1)_QEMU) $(CLOCK_$(ROW_$(1)_CLOCK))
# What scripts/boot/boot.sh adds to every cell's command line (a panic ends the
# guest at once; console quiet but for warnings), and a LAVA job too.
export BOOT_APPEND := panic=-1 loglevel=5
# A cell row with _LAB (make mutation LAVA_IDENTITY=) boots as a LAVA job:
# the lab, where it fetches the images, the table the job is made from,
# and how many jobs this make may have on the lab at once.
lab_env = CELL_LAB=$(1) B=$(B) CELLS_JSON=$(CELLS_JSON) LAB_JOBS=$(JOBS) \
	LAVA_IDENTITY='$(LAVA_IDENTITY)' ARTIFACT_URL='$(ARTIFACT_URL)'
# cell_rule ROW ARCH: boot (or reuse) one cell into $(ROW_RESULTS)/ARCH.
define cell_rule
$(ROW_$(1)_RESULTS)/$(2)/status: $(call cell_kernel,$(1),$(2)) $(call cell_initrd,$(1),$(2)) \
		$(if $(ROW_$(1)_GATE),$(call kimg,$(ROW_$(1)_GATE),$(2))) FORCE
	$$(call step,cell: $(1)-$(2))
	@BOOT_RETRY="$(ARCH_$(2)_BOOT_RETRY)" $(if $(ROW_$(1)_GATE),MUTATION_REF=$(call kimg,$(ROW_$(1)_GATE),$(2)) )$(if $(ROW_$(1)_LAB),$$(call lab_env,$(1)-$(2)) )$$(call \
		timed,boot $(1)-$(2)) $(if $(ROW_$(1)_GATE),scripts/mutation/cell.sh,scripts/boot/cell.sh) \
		$$(@D) $(BOOT_TIMEOUT) $(call cell_kernel,$(1),$(2)) $(call cell_initrd,$(1),$(2)) \
		"$(call cell_cmdline,$(1),$(2))" $(call cell_qemu,$(1),$(2))
	@echo "    $(1)-$(2): $$$$(cat $$@)"
endef
$(foreach c,$(CELLROWS),$(foreach a,$(ROW_$(c)_ARCHES),$(eval $(call cell_rule,$(c),$(a)))))
boot: $(call status_of,$(MATRIX_ROWS))

REPORT_DIR ?= $(B)/report
$(call check_dir,REPORT_DIR)
# The cell table every script reads (make check's stages of other knobs
# write their own beside it).
# (Only from the command line: a sub-make of other B= writes its own.)
CELLS_JSON := $(if $(filter command line,$(origin CELLS_JSON)),$(CELLS_JSON),$(B)/cells.json)
REPORT_ARGS = $(CELLS_JSON) $(B)/results compat-tests/expected-failures $(REPORT_DIR)
include scripts/results/results.mk
report: $(call status_of,$(MATRIX_ROWS)) $(CELLS_JSON) | $(B)/.deps-results
	$(call step,report)
	@scripts/matrix.py report $(REPORT_ARGS) $(call cell_ids,$(MATRIX_ROWS)); rc=$$?; \
		$(if $(SERIES_ROW),scripts/matrix.py series $(CELLS_JSON) $(B)/results $(REPORT_DIR)/series.txt \
			$(TREE)-base $(TREE)-patched $(SERIES_ROW) -- $(TREE_$(TREE)_MUTANT_ROWS);) \
		$(if $(DISTRO_CELLS),scripts/matrix.py defects $(REPORT_DIR)/verdicts.tsv $(sort $(foreach p,$(DISTRO_CELLS),$(firstword $(subst :, ,$(p))))) \
			| tee $(REPORT_DIR)/defects.txt | tee -a $(REPORT_DIR)/report.txt;) \
		$(call results_record,matrix,local,$(REPORT_DIR),$(B)/results) || rc=1; exit $$rc

# --- one cell at a time (CI fan-out, labs) -------------------------------------
cells:
	@printf '%s\n' $(RUN_CELLS)
CELL ?=
cell_check = $(if $(filter $(CELL),$(CELL_IDS)),,$(error CELL=$(CELL): no such cell; 'make cells' lists them))
GOAL_CELLS_cell = $(filter $(CELL),$(CELL_IDS))
cell: $(if $(call goal,cell cell-info),$(cell_check) \
	$(call cell_status,$(GOAL_CELLS_cell)) $(CELLS_JSON))
	@scripts/matrix.py report $(CELLS_JSON) $(B)/results compat-tests/expected-failures $(B)/report/$(CELL) $(CELL); rc=$$?; \
		$(call results_record,cell,local,$(B)/report/$(CELL),$(B)/results) || rc=1; exit $$rc
# --- the cell table: build/cells.json ----------------------------------------------
# Every cell of every row (CELL_IDS) as data, with the facts of the trees
# of TREES and of the Debian kernels booted: what every script reads of a
# cell (the report, the kill rule, the store, make cell-info and culprit,
# the LAVA jobs; scripts/matrix/cells.py), from the rows (mk/rows.mk) and
# nowhere else; no consumer parses a cell id or a row name.
RUN_CELLS = $(call cell_ids,$(MATRIX_ROWS) $(RUN_MUTANTS))
# A cell's columns: its ABIs and the overlay; guests/init runs /tests/<column>/
# (sorted bytewise, as make's sort), the overlay last (cells.json's key: columns).
guest_columns = $(sort $(call pabis,$(ROW_$(1)_PAYLOAD),$(2))) $(if $(call poverlay,$(ROW_$(1)_PAYLOAD),$(2)),overlay)
# A mutant's reference: its tree's patched cell of the same arch.
ref_json = {"row": $(call jstr,$(1)), "cell": $(call jstr,$(1)-$(2)), "results": $(call jstr,$(ROW_$(1)_RESULTS)/$(2))}
define cell_json
{"id": $(call jstr,$(1)), "row": $(call jstr,$(CELL_$(1)_ROW)), "arch": $(call jstr,$(CELL_$(1)_ARCH)),
 "tree": $(call jstr,$(ROW_$(CELL_$(1)_ROW)_TREE)), "name": $(call jstr,$(ROW_$(CELL_$(1)_ROW)_NAME)),
 "judge": $(call jstr,$(or $(ROW_$(CELL_$(1)_ROW)_JUDGE),$(ROW_$(CELL_$(1)_ROW)_NAME))),
 "judgetree": $(call jstr,$(or $(ROW_$(CELL_$(1)_ROW)_JUDGETREE),$(ROW_$(CELL_$(1)_ROW)_TREE))),
 "kernel": {"row": $(call jstr,$(ROW_$(CELL_$(1)_ROW)_KERNEL)), "image": $(call jstr,$(call cell_kernel,$(CELL_$(1)_ROW),$(CELL_$(1)_ARCH))),
  "obj": $(call jstr,$(call kobj,$(ROW_$(CELL_$(1)_ROW)_KERNEL),$(CELL_$(1)_ARCH))), "tree": $(call jstr,$(ROW_$(ROW_$(CELL_$(1)_ROW)_KERNEL)_SOURCE)),
  "branch": $(call jstr,$(or $(ROW_$(ROW_$(CELL_$(1)_ROW)_KERNEL)_BRANCH),$(FLAVOUR_$(ROW_$(ROW_$(CELL_$(1)_ROW)_KERNEL)_NAME)_SOURCE))),
  "repo": $(call jstr,$(call kroot,$(ROW_$(CELL_$(1)_ROW)_KERNEL))/base/src),
  "kbuild": $(call jlist,$(wordlist 2,999,$(call kbuild_args,$(ROW_$(CELL_$(1)_ROW)_KERNEL),$(CELL_$(1)_ARCH)))),
  "patchset": $(call jlist,$(ROW_$(ROW_$(CELL_$(1)_ROW)_KERNEL)_PATCHSET))},
 "initramfs": $(call jstr,$(call cell_initrd,$(CELL_$(1)_ROW),$(CELL_$(1)_ARCH))), "payload": $(call jstr,$(ROW_$(CELL_$(1)_ROW)_PAYLOAD)),
 "abis": $(call jlist,$(call pabis,$(ROW_$(CELL_$(1)_ROW)_PAYLOAD),$(CELL_$(1)_ARCH))), "columns": $(call jlist,$(call guest_columns,$(CELL_$(1)_ROW),$(CELL_$(1)_ARCH))),
 "cmdline": $(call jstr,$(call cell_cmdline,$(CELL_$(1)_ROW),$(CELL_$(1)_ARCH))), "boot_append": $(call jstr,$(BOOT_APPEND)),
 "qemu": $(call jstr,$(call cell_qemu,$(CELL_$(1)_ROW),$(CELL_$(1)_ARCH))), "clock": $(call jstr,$(ROW_$(CELL_$(1)_ROW)_CLOCK)),
 "timeout": $(BOOT_TIMEOUT), "results": $(call jstr,$(ROW_$(CELL_$(1)_ROW)_RESULTS)/$(CELL_$(1)_ARCH)),
 "report_root": $(call jstr,$(patsubst %/$(CELL_$(1)_ROW),%,$(ROW_$(CELL_$(1)_ROW)_RESULTS))),
 "ref": $(if $(ROW_$(CELL_$(1)_ROW)_REF),$(call ref_json,$(ROW_$(CELL_$(1)_ROW)_REF),$(CELL_$(1)_ARCH)),null),
 "expected_failures": $(call jstr,$(CURDIR)/compat-tests/expected-failures)}
endef
# Each tree of TREES: what its facts are read from (cells.py facts, once
# the tree is made): version, package, tarball sha256, the series.
define tree_json
$(call jstr,$(1)): {"src": $(call jstr,$(B)/$(1)/base/src), "stamp": $(call jstr,$(B)/$(1)/base/.tree),
 "patched": $(call jstr,$(B)/$(1)/patched/src), "patched_stamp": $(call jstr,$(B)/$(1)/patched/.tree),
 "tarball": $(call jstr,$(or $(TREE_$(1)_SRC),$(TREE_$(1)_TARBALL))), "package_info": $(call jstr,$(call sinfo,$(1))),
 "patchdir": $(call jstr,$(TREE_$(1)_PATCHDIR)), "imported": $(if $(TREE_$(1)_SRC),$(call jstr,$(B)/$(1)/base/info),null)}
endef
# The Debian kernels booted (their package, from the kernel's info) and
# the arches whose suite ships none.
distro_items = $(addprefix booted:,$(DISTRO_CELLS)) $(foreach c,$(MATRIX_ROWS),$(if $(ROW_$(ROW_$(c)_KERNEL)_IMAGE),\
	$(foreach a,$(filter-out $(ROW_$(c)_ARCHES),$(FLAVOUR_distro_ARCHES)),none:$(c):$(a))))
distro_json = $(call distro_json_$(word 1,$(subst :, ,$(1))),$(word 2,$(subst :, ,$(1))),$(word 3,$(subst :, ,$(1))))
distro_json_booted = {"kernel": $(call jstr,$(1)), "arch": $(call jstr,$(2)), "info": $(call jstr,$(dir $(call kimgs,$(1):$(2)))info)}
distro_json_none = {"row": $(call jstr,$(1)), "arch": $(call jstr,$(2)), "none": $(call jstr,Debian's $(firstword \
	$(TREE_$(ROW_$(1)_TREE)_DISTRO_SUITES)) ships no kernel for this arch (TREE_$(ROW_$(1)_TREE)_DISTRO_ARCHES), no cell)}
# json_join FN,LIST: FN of each, one a line, comma-separated.
json_join = $(if $(2),$(call $(1),$(firstword $(2)))$(foreach x,$(wordlist 2,99999,$(2)),$(comma)$(nl)$(call $(1),$(x))))
cells_json = {"run": $(call jlist,$(RUN_CELLS)),$(nl) "trees": {$(call json_join,tree_json,$(TREES))},$(nl) \
	"distro": [$(call json_join,distro_json,$(distro_items))],$(nl) "cells": [$(nl)$(call json_join,cell_json,$(1))]}
# The goals that read the trees' facts have the trees made first.
TABLE_TREE_GOALS := matrix report cell mutants mutation-run lava lava-check lava-validate lab lab-selfcheck check
$(CELLS_JSON): $(if $(call goal,$(TABLE_TREE_GOALS)),\
	$(foreach t,$(TREES),$(B)/$(t)/base/.tree $(if $(TREE_$(t)_SRC),,$(B)/$(t)/patched/.tree $(call sinfo,$(t)))) $(call kimgs,$(DISTRO_CELLS)))
# This make's own (make check's stages write it side by side).
MAKE_PID := $(shell echo $$PPID)
# Rewritten only when it differs (knobs such as ARCHES, OVERLAY, BOOT_TIMEOUT change it).
$(CELLS_JSON): FORCE
	$(shell mkdir -p $(@D))$(file >$@.tmp.$(MAKE_PID),$(call cells_json,$(CELL_IDS)))
	@t=$@.tmp.$(MAKE_PID); scripts/matrix.py cells $$t facts && { cmp -s $$t $@ && rm -f $$t || mv $$t $@; }
cells_py = scripts/matrix.py cells $(CELLS_JSON)
cell-info: $(if $(call goal,cell-info),$(cell_check)) $(CELLS_JSON)
	@$(cells_py) info $(CELL)

# Results of cells run elsewhere: FROM=dir (a build/results of another
# machine) is merged in, then the report is made without booting.
FROM ?=
merge:
	@test -d "$(FROM)" || { echo "merge: FROM=$(FROM) is not a directory"; exit 1; }
	@mkdir -p $(B)/results && cp -r $(FROM)/. $(B)/results/
	@echo "merge: $$(cd $(FROM) && find . -name status | wc -l) cells from $(FROM)"
report-only: $(CELLS_JSON)
	@scripts/matrix.py report $(REPORT_ARGS) $(call cell_ids,$(MATRIX_ROWS))
# --- mutants: plausible wrong fixes the tests must reject ----------------------
# Each mutant-<x> kernel is the series plus one wrong change
# (patches/mutants/); it must fail at least one test that passes on patched.
# A mutant of another tree is compared with that tree's patched cells.
MUTANT_ROWS = $(sort $(foreach m,$(RUN_MUTANTS),$(ROW_$(m)_REF))) $(RUN_MUTANTS)
GOAL_CELLS_mutants = $(call cell_ids,$(MUTANT_ROWS))
mutants: $(call cell_status,$(GOAL_CELLS_mutants)) $(CELLS_JSON) | $(B)/.deps-results
	$(call step,mutants)
	@scripts/matrix.py mutants $(CELLS_JSON) $(B)/results $(REPORT_DIR)/mutants $(RUN_MUTANTS); rc=$$?; \
		scripts/matrix.py report $(REPORT_ARGS)/mutants/verdicts $(call cell_ids,$(MUTANT_ROWS)) >/dev/null; \
		$(call results_record,mutants,local,$(REPORT_DIR)/mutants/verdicts,$(B)/results) || rc=1; exit $$rc

# --- bench and cost (their rows: mk/rows.mk) ------------------------------------
$(B)/.deps-bench: scripts/steps/deps.sh | $(B)/.deps
	@DEPS_EXTRA=gnuplot-nox scripts/steps/deps.sh && touch $@
GOAL_CELLS_bench = $(call cell_ids,$(BENCH_CELLS))
bench: $(B)/.deps-bench $(call cell_status,$(GOAL_CELLS_bench))
	$(call step,bench: report)
	@scripts/results/bench-report.sh $(B)/bench "$(BENCH_KERNELS)" "$(ARCHES)"
# make cost: the cost cells alone (the count clock: minutes, not bench's
# half hour of host-time sweeps) and their table (scripts/results/cost-report.sh).
GOAL_CELLS_cost = $(call cell_ids,$(COST_CELLS))
cost: $(call cell_status,$(GOAL_CELLS_cost))
	$(call step,cost: report)
	@scripts/results/cost-report.sh $(B)/bench "$(ARCHES)"

# --- interactive -------------------------------------------------------------
FLAVOUR ?= patched
$(if $(call goal,shell),$(call check_in,FLAVOUR,$(FLAVOUR),$(strip \
	$(patsubst $(TREE)-%,%,$(filter $(TREE)-%,$(KERNELS)))),kernel of tree $(TREE)))
shell: $(call kimg,$(TREE)-$(FLAVOUR),$(ARCH)) $(B)/guest/tests-$(TREE)/$(ARCH)/initramfs.cpio
	$(ARCH_$(ARCH)_QEMU) -kernel $< -initrd $(B)/guest/tests-$(TREE)/$(ARCH)/initramfs.cpio \
		-append "$(ARCH_$(ARCH)_CMDLINE) matrix.shell" -nographic -no-reboot
