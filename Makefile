# select/poll timeout ABI matrix for Debian's kernel source.
#
# Pipeline: source tarball -> trees -> kernels -> compat-tests per ABI ->
# initramfs per payload and arch -> one boot per cell -> KTAP -> report.
# Everything that varies is a row of a table, each row its own small file
# ending in its table's eval (mk/tables.mk says what a row of each defines):
#   ABIs      abis/<abi>.mk                        ABI_<abi>_<FIELD>
#   arches    arch-configs/<arch>.mk (+ .config)   ARCH_<arch>_<FIELD>
#   trees     trees/<tree>.mk                      TREE_<tree>_<FIELD>
#   flavours  flavours/<flavour>.mk                FLAVOUR_<flavour>_<FIELD>
#   payloads  payloads/<payload>.mk                PAYLOAD_<payload>_<FIELD>
# From them mk/rows.mk makes each tree's rows <tree>-<name> (ROW_<row>_<FIELD>;
# <name> a flavour, mutant-<x>, bisect-<k>, ...): a kernel to build, a cell
# row to boot on every arch (a cell: <row>-<arch>), or both. One template
# per step turns rows into rules, in the order of the pipeline:
# mk/trees.mk, mk/kernels.mk, mk/guests.mk, mk/cells.mk (which reads
# scripts/results/results.mk, the results store), then mk/series.mk,
# mk/lava.mk and mk/check.mk (make check, the kernel chain, the disk check).
# Words: docs/glossary.md.
#
#   make matrix            build, boot and report every cell; non-zero on any
#                          regression (make -j is the default: JOBS=nproc)
#   make check             lint, selfcheck, checkpatch, 6.1 on x86_64 and arm64,
#                          LAVA, mutants (make check-all: every tree, mutant,
#                          debug guest and prefix of the series on every arch)
#   make cells             the cell ids; make cell CELL=<id> runs one
#   make shell ARCH=arm64  a busybox shell in a guest (TREE=, FLAVOUR=base|patched..)
#   make matrix OVERLAY=d  also run every executable in d/tests.d/
#   make bench             timing figures (base, patched, lowres): CSV + PNG
#   make cost              the series' cost in instructions (cost cells alone)
#   make mutation          mutants generated from the series' lines, booted,
#                          scored (TREE=, ARCHES=; not in check, in check-all)
# Every target: README.md ("Targets"); every knob: docs/reference.md.

SHELL     := /bin/bash
B         := $(CURDIR)/build
# Helpers (check_in, check_count) for the knob checks below and every mk/ file.
include mk/lib.mk
# What this run is (PROFILE, GOALS), from its goals, before any knob's default.
include mk/profile.mk
JOBS      ?= $(shell nproc)
# POOL=parent (make check's stage sub-makes): take jobs from the parent's
# pool instead of a pool of JOBS of one's own, so stages run side by side
# with JOBS jobs in all.
POOL      ?=
$(if $(filter-out parent,$(POOL)),$(error POOL=$(POOL): empty or parent (the calling make's job pool)))
MAKEFLAGS += $(if $(POOL),,-j$(JOBS)) --output-sync=line --no-print-directory
# Per-guest limit: a hang fails its cell with "timeout after N s".
BOOT_TIMEOUT ?= 900
# REPEAT=N boots every cell N times; a row that differs fails the cell.
REPEAT    ?= 1
# RERUN=1 boots cells whose kernel, initramfs and command line are unchanged.
RERUN     ?= 0
OVERLAY   ?=
export REPEAT RERUN
# Every knob is checked here or beside its definition, before any work:
# one line naming it and the cause, exit 2 (README "Knobs").
$(call check_count,JOBS,1,a number of jobs)
$(if $(OVERLAY),$(if $(shell [ -d "$(OVERLAY)" ] && echo y),,$(error OVERLAY=$(OVERLAY): not a directory)))
$(call check_count,REPEAT,1,a count of boots)
$(call check_count,BOOT_TIMEOUT,1,seconds per guest)
$(call check_in,RERUN,$(RERUN),0 1,value (0: reuse an unchanged cell's boot, 1: boot it again))
# Build products (source trees, kernels) by content key outside the clone
# (scripts/steps/cache.sh): a second clone of the same commit builds no kernel.
MATRIX_CACHE     ?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/select-matrix
MATRIX_CACHE_MAX ?= 20480
$(if $(filter off /%,$(MATRIX_CACHE)),,$(error MATRIX_CACHE=$(MATRIX_CACHE): an absolute path, or off))
$(call check_count,MATRIX_CACHE_MAX,1,a size in MiB)
export MATRIX_CACHE MATRIX_CACHE_MAX
# make check's sub-makes are part of its run (one time table).
ifeq ($(MAKELEVEL),0)
export RUN_ID := $(shell date +%s%N)
# This make's own stdout: a long build's progress lines (scripts/steps/progress.sh)
# go there at once, past -O's holding of a recipe's output.
export MATRIX_CONSOLE := /proc/$(shell echo $$PPID)/fd/1
endif
export TIMES  := $(B)/times

include mk/check-select.mk mk/tables.mk mk/rows.mk mk/trees.mk mk/kernels.mk mk/guests.mk mk/cells.mk \
	mk/series.mk mk/lava.mk mk/check.mk mk/mutation.mk

.PHONY: matrix check lint selfcheck deps trees kernels tests initramfs boot \
	report report-only merge cells cell cell-info shell checkpatch bisect \
	mutants series series-kselftest-fixes lava lava-check bench cost clean disk FORCE \
	cache-info cache-clean culprit mutation
.DEFAULT_GOAL := matrix

matrix: report

clean:
	rm -rf $(B)/results $(B)/report $(B)/guest $(B)/bin $(B)/times
cache-info:
	@scripts/steps/cache.sh info
cache-clean:
	@scripts/steps/cache.sh clean

FORCE:
# Stamps made by pattern rules are not intermediates to delete.
.SECONDARY:
