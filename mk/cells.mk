# mk/cells.mk: the goals that boot cells and report them: the clocks, one
# boot per cell (scripts/boot/cell.sh), make matrix's report, one cell at a
# time, the cell table (build/cells.json, make cell-info), results of
# cells run elsewhere, the mutants' verdict, bench and cost, the shell.

# --- clocks: how a cell's guest time runs (<c>_CLOCK) ---------------------------
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
cell_kernel  = $(call kimg,$($(1)_KERNEL),$(2))
cell_initrd  = $(B)/guest/$($(1)_PAYLOAD)/$(2)/initramfs.cpio
cell_cmdline = $(CMDLINE_$(2)) matrix.row=$(1) matrix.timer_irq=$(TIMER_IRQ_$(2)) \
	matrix.clock=$($(1)_CLOCK) $($(1)_CMDLINE)$(if $($($(1)_ARCHVARS)_CMDLINE_$(2)), $($($(1)_ARCHVARS)_CMDLINE_$(2)))
cell_qemu    = $(QEMU_$(2)) $($(1)_QEMU) $(CLOCK_$($(1)_CLOCK))
# What scripts/boot/boot.sh adds to every cell's command line (a panic ends the
# guest at once; console quiet but for warnings), and a LAVA job too.
export BOOT_APPEND := panic=-1 loglevel=5
# cell_rule ROW ARCH: boot (or reuse) one cell into $(ROW_RESULTS)/ARCH.
define cell_rule
$($(1)_RESULTS)/$(2)/status: $(call cell_kernel,$(1),$(2)) $(call cell_initrd,$(1),$(2)) \
		$(if $($(1)_GATE),$(call kimg,$($(1)_GATE),$(2))) FORCE
	$$(call stage,cell: $(1)-$(2))
	@BOOT_RETRY="$(BOOT_RETRY_$(2))" $(if $($(1)_GATE),MUTATION_REF=$(call kimg,$($(1)_GATE),$(2)) )$$(call \
		timed,boot $(1)-$(2)) $(if $($(1)_GATE),scripts/mutation/cell.sh,scripts/boot/cell.sh) \
		$$(@D) $(BOOT_TIMEOUT) $(call cell_kernel,$(1),$(2)) $(call cell_initrd,$(1),$(2)) \
		"$(call cell_cmdline,$(1),$(2))" $(call cell_qemu,$(1),$(2))
	@echo "    $(1)-$(2): $$$$(cat $$@)"
endef
$(foreach c,$(CELLROWS),$(foreach a,$($(c)_ARCHES),$(eval $(call cell_rule,$(c),$(a)))))
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
	$(call stage,report)
	@scripts/matrix.py report $(REPORT_ARGS) $(call cell_ids,$(MATRIX_ROWS)); rc=$$?; \
		$(if $(SERIES_ROW),scripts/matrix.py series $(CELLS_JSON) $(B)/results $(REPORT_DIR)/series.txt \
			$(TREE)-base $(TREE)-patched $(SERIES_ROW) -- $($(TREE)_MUTANTS);) \
		$(if $(DISTRO_CELLS),scripts/matrix.py defects $(REPORT_DIR)/verdicts.tsv $(sort $(foreach p,$(DISTRO_CELLS),$(firstword $(subst :, ,$(p))))) \
			| tee $(REPORT_DIR)/defects.txt | tee -a $(REPORT_DIR)/report.txt;) \
		$(call results_record,matrix,local,$(REPORT_DIR),$(B)/results) || rc=1; exit $$rc

# --- one cell at a time (CI fan-out, labs) -------------------------------------
cells:
	@printf '%s\n' $(RUN_CELLS)
CELL ?=
cell_check = $(if $(filter $(CELL),$(CELL_IDS)),,$(error CELL=$(CELL): no such cell; 'make cells' lists them))
GOAL_CELLS_cell = $(filter $(CELL),$(CELL_IDS))
cell: $(if $(filter cell cell-info,$(MAKECMDGOALS)),$(cell_check) \
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
# guests/init runs /tests/*/ (sorted bytewise, as make's sort), the overlay last.
guest_suites = $(sort $(call pabis,$($(1)_PAYLOAD),$(2))) $(if $(call poverlay,$($(1)_PAYLOAD),$(2)),overlay)
# A mutant's reference: its tree's patched cell of the same arch.
ref_json = {"row": $(call jstr,$(1)), "cell": $(call jstr,$(1)-$(2)), "results": $(call jstr,$($(1)_RESULTS)/$(2))}
define cell_json
{"id": $(call jstr,$(1)), "row": $(call jstr,$(ROW_$(1))), "arch": $(call jstr,$(ARCH_$(1))),
 "tree": $(call jstr,$($(ROW_$(1))_TREEID)), "flavour": $(call jstr,$($(ROW_$(1))_FLAVOUR)),
 "judge": $(call jstr,$(or $($(ROW_$(1))_JUDGE),$($(ROW_$(1))_FLAVOUR))),
 "judgetree": $(call jstr,$(or $($(ROW_$(1))_JUDGETREE),$($(ROW_$(1))_TREEID))),
 "kernel": {"row": $(call jstr,$($(ROW_$(1))_KERNEL)), "image": $(call jstr,$(call cell_kernel,$(ROW_$(1)),$(ARCH_$(1)))),
  "obj": $(call jstr,$(call kobj,$($(ROW_$(1))_KERNEL),$(ARCH_$(1)))), "tree": $(call jstr,$($($(ROW_$(1))_KERNEL)_TREE)),
  "branch": $(call jstr,$(or $($($(ROW_$(1))_KERNEL)_BRANCH),$(FLAVOUR_$($($(ROW_$(1))_KERNEL)_FLAVOUR)_TREE))),
  "repo": $(call jstr,$(call kroot,$($(ROW_$(1))_KERNEL))/base/src),
  "kbuild": $(call jlist,$(wordlist 2,999,$(call kbuild_args,$($(ROW_$(1))_KERNEL),$(ARCH_$(1))))),
  "patchset": $(call jlist,$($($(ROW_$(1))_KERNEL)_PATCHSET))},
 "initramfs": $(call jstr,$(call cell_initrd,$(ROW_$(1)),$(ARCH_$(1)))), "payload": $(call jstr,$($(ROW_$(1))_PAYLOAD)),
 "abis": $(call jlist,$(call pabis,$($(ROW_$(1))_PAYLOAD),$(ARCH_$(1)))), "suites": $(call jlist,$(call guest_suites,$(ROW_$(1)),$(ARCH_$(1)))),
 "cmdline": $(call jstr,$(call cell_cmdline,$(ROW_$(1)),$(ARCH_$(1)))), "boot_append": $(call jstr,$(BOOT_APPEND)),
 "qemu": $(call jstr,$(call cell_qemu,$(ROW_$(1)),$(ARCH_$(1)))), "clock": $(call jstr,$($(ROW_$(1))_CLOCK)),
 "timeout": $(BOOT_TIMEOUT), "results": $(call jstr,$($(ROW_$(1))_RESULTS)/$(ARCH_$(1))),
 "report_root": $(call jstr,$(patsubst %/$(ROW_$(1)),%,$($(ROW_$(1))_RESULTS))),
 "ref": $(if $($(ROW_$(1))_REF),$(call ref_json,$($(ROW_$(1))_REF),$(ARCH_$(1))),null),
 "expected_failures": $(call jstr,$(CURDIR)/compat-tests/expected-failures)}
endef
# Each tree of TREES: what its facts are read from (cells.py facts, once
# the tree is made): version, package, tarball sha256, the series.
define tree_json
$(call jstr,$(1)): {"src": $(call jstr,$(B)/$(1)/base/src), "stamp": $(call jstr,$(B)/$(1)/base/.tree),
 "patched": $(call jstr,$(B)/$(1)/patched/src), "patched_stamp": $(call jstr,$(B)/$(1)/patched/.tree),
 "tarball": $(call jstr,$(or $(SRC_$(1)),$(TARBALL_$(1)))), "package_info": $(call jstr,$(call sinfo,$(1))),
 "patchdir": $(call jstr,$(PATCHDIR_$(1))), "imported": $(if $(SRC_$(1)),$(call jstr,$(B)/$(1)/base/info),null)}
endef
# The Debian kernels booted (their package, from the kernel's info) and
# the arches whose suite ships none.
distro_items = $(addprefix booted:,$(DISTRO_CELLS)) $(foreach c,$(MATRIX_ROWS),$(if $($($(c)_KERNEL)_IMAGE),\
	$(foreach a,$(filter-out $($(c)_ARCHES),$(FLAVOUR_distro_ARCHES)),none:$(c):$(a))))
distro_json = $(call distro_json_$(word 1,$(subst :, ,$(1))),$(word 2,$(subst :, ,$(1))),$(word 3,$(subst :, ,$(1))))
distro_json_booted = {"kernel": $(call jstr,$(1)), "arch": $(call jstr,$(2)), "info": $(call jstr,$(dir $(call kimgs,$(1):$(2)))info)}
distro_json_none = {"row": $(call jstr,$(1)), "arch": $(call jstr,$(2)), "none": $(call jstr,Debian's $(firstword \
	$(DISTRO_SUITES_$($(1)_TREEID))) ships no kernel for this arch (DISTRO_ARCHES_$($(1)_TREEID)), no cell)}
# json_join FN,LIST: FN of each, one a line, comma-separated.
json_join = $(if $(2),$(call $(1),$(firstword $(2)))$(foreach x,$(wordlist 2,99999,$(2)),$(comma)$(nl)$(call $(1),$(x))))
cells_json = {"run": $(call jlist,$(RUN_CELLS)),$(nl) "trees": {$(call json_join,tree_json,$(TREES))},$(nl) \
	"distro": [$(call json_join,distro_json,$(distro_items))],$(nl) "cells": [$(nl)$(call json_join,cell_json,$(1))]}
# The goals that read the trees' facts have the trees made first.
TABLE_TREE_GOALS := matrix report cell mutants mutation-run lava lava-check lava-validate lab lab-selftest check
$(CELLS_JSON): $(if $(if $(MAKECMDGOALS),$(filter $(TABLE_TREE_GOALS),$(MAKECMDGOALS)),y),\
	$(foreach t,$(TREES),$(B)/$(t)/base/.tree $(if $(SRC_$(t)),,$(B)/$(t)/patched/.tree $(call sinfo,$(t)))) $(call kimgs,$(DISTRO_CELLS)))
# This make's own (make check's stages write it side by side).
MAKE_PID := $(shell echo $$PPID)
# Rewritten only when it differs (knobs such as ARCHES, OVERLAY, BOOT_TIMEOUT change it).
$(CELLS_JSON): FORCE
	$(shell mkdir -p $(@D))$(file >$@.tmp.$(MAKE_PID),$(call cells_json,$(CELL_IDS)))
	@t=$@.tmp.$(MAKE_PID); scripts/matrix.py cells $$t facts && { cmp -s $$t $@ && rm -f $$t || mv $$t $@; }
cells_py = scripts/matrix.py cells $(CELLS_JSON)
cell-info: $(if $(filter cell-info,$(MAKECMDGOALS)),$(cell_check)) $(CELLS_JSON)
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
MUTANT_ROWS = $(sort $(foreach m,$(RUN_MUTANTS),$($(m)_REF))) $(RUN_MUTANTS)
GOAL_CELLS_mutants = $(call cell_ids,$(MUTANT_ROWS))
mutants: $(call cell_status,$(GOAL_CELLS_mutants)) $(CELLS_JSON) | $(B)/.deps-results
	$(call stage,mutants)
	@scripts/matrix.py mutants $(CELLS_JSON) $(B)/results $(REPORT_DIR)/mutants $(RUN_MUTANTS); rc=$$?; \
		scripts/matrix.py report $(REPORT_ARGS)/mutants/verdicts $(call cell_ids,$(MUTANT_ROWS)) >/dev/null; \
		$(call results_record,mutants,local,$(REPORT_DIR)/mutants/verdicts,$(B)/results) || rc=1; exit $$rc

# --- bench and cost (their rows: mk/rows.mk) ------------------------------------
$(B)/.deps-bench: scripts/build/deps.sh | $(B)/.deps
	@DEPS_EXTRA=gnuplot-nox scripts/build/deps.sh && touch $@
GOAL_CELLS_bench = $(call cell_ids,$(BENCH_CELLS))
bench: $(B)/.deps-bench $(call cell_status,$(GOAL_CELLS_bench))
	$(call stage,bench: report)
	@scripts/results/bench-report.sh $(B)/bench "$(BENCH_KERNELS)" "$(ARCHES)"
# make cost: the cost cells alone (the count clock: minutes, not bench's
# half hour of host-time sweeps) and their table (scripts/results/cost-report.sh).
GOAL_CELLS_cost = $(call cell_ids,$(COST_CELLS))
cost: $(call cell_status,$(GOAL_CELLS_cost))
	$(call stage,cost: report)
	@scripts/results/cost-report.sh $(B)/bench "$(ARCHES)"

# --- interactive -------------------------------------------------------------
FLAVOUR ?= patched
$(if $(filter shell,$(MAKECMDGOALS)),$(call check_in,FLAVOUR,$(FLAVOUR),$(strip \
	$(patsubst $(TREE)-%,%,$(filter $(TREE)-%,$(KERNELS)))),kernel of tree $(TREE)))
shell: $(call kimg,$(TREE)-$(FLAVOUR),$(ARCH)) $(B)/guest/tests-$(TREE)/$(ARCH)/initramfs.cpio
	$(QEMU_$(ARCH)) -kernel $< -initrd $(B)/guest/tests-$(TREE)/$(ARCH)/initramfs.cpio \
		-append "$(CMDLINE_$(ARCH)) matrix.shell" -nographic -no-reboot
