# mk/rows.mk: the rows of every tree, made from the tables (mk/tables.mk):
# per tree, kernel rows and cell rows (tree_rows), the mutants of
# patches/mutants/series, the prefixes of the series; the row of a posted
# SERIES=; the bench and cost rows of BENCH_TREE. Last, every row's
# defaults and the cells a run has.

# --- knobs the rows read ----------------------------------------------------------
# TRINITY_SEED=S runs trinity's seed S again (the debug cell prints its seed).
# TRINITY_CALLS: the calls each system call table must reach (guest
# default 10000); TRINITY_S: seconds each table may take (guest default 240).
TRINITY_SEED   ?=
TRINITY_CALLS  ?=
TRINITY_S      ?=
$(if $(TRINITY_SEED),$(call check_count,TRINITY_SEED,0,a seed$(comma) a number))
$(foreach v,TRINITY_CALLS TRINITY_S,$(if $($(v)),$(call check_count,$(v),1,a number)))
TRINITY_CMDLINE = $(if $(TRINITY_SEED),matrix.trinity_seed=$(TRINITY_SEED)) \
	$(if $(TRINITY_CALLS),matrix.trinity_calls=$(TRINITY_CALLS)) $(if $(TRINITY_S),matrix.trinity_s=$(TRINITY_S))
# The debug guest in make check: on CHECK_DEBUG_ARCHES only (none unless a
# stage asks: the KASAN guests are in make matrix and make check-all;
# README "The two commands").
CHECK_DEBUG_ARCHES ?= $(CHECK_STAGE_DEBUG)
$(call check_in,CHECK_DEBUG_ARCHES,$(CHECK_DEBUG_ARCHES),$(ARCHES_KNOWN),arch (arch-configs/<arch>.mk))
# DISTRO_KERNEL=<.deb file or package name>: a candidate kernel (a local
# build of Debian's packaging, or a package of the tree's distro suites
# other than the pinned one) in the distro row of TREE, on its arch
# alone; the run's FLAVOURS default to distro. Checked before any work.
DISTRO_KERNEL ?=
ifneq ($(DISTRO_KERNEL),)
DISTRO_KERNEL_CHECK := $(shell scripts/steps/distro-kernel.sh check '$(DISTRO_KERNEL)' $(TREE) $(TREE_$(TREE)_DISTRO_SUITES) 2>&1)
$(if $(filter DISTRO_KERNEL=%,$(firstword $(DISTRO_KERNEL_CHECK))),$(error $(DISTRO_KERNEL_CHECK)))
DISTRO_KERNEL_ARCH := $(strip $(foreach a,$(ARCHES_KNOWN),$(if $(filter $(word 1,$(DISTRO_KERNEL_CHECK)),$(ARCH_$(a)_DEBARCH)),$(a))))
$(if $(DISTRO_KERNEL_ARCH),,$(error DISTRO_KERNEL=$(DISTRO_KERNEL): Debian arch $(word 1,$(DISTRO_KERNEL_CHECK)) is no guest arch's (ARCH_<arch>_DEBARCH of arch-configs/*.mk)))
$(if $(filter $(DISTRO_KERNEL_ARCH),$(ARCHES)),,$(error DISTRO_KERNEL=$(DISTRO_KERNEL): a $(DISTRO_KERNEL_ARCH) kernel; ARCHES=$(ARCHES) has no $(DISTRO_KERNEL_ARCH)))
$(if $(filter $(TREE),$(FLAVOUR_distro_TREES)),,$(error DISTRO_KERNEL=$(DISTRO_KERNEL): tree $(TREE) has no distro row (FLAVOUR_distro_TREES)))
FLAVOURS ?= distro
endif

# --- rows of every tree ----------------------------------------------------------
# A row of tree <t> is named <t>-<name>, <name> a flavour (base, patched,
# debug...), mutant-<x>, bisect-<k>, series-<hash>, mutation-<id>, bench-<k>
# or cost<r>-<k>; its fields are ROW_<row>_<FIELD>. A row is a kernel row,
# a cell row or both (a mutant). Kernel rows: _TREE, _NAME, _SOURCE (its
# source under build/: <t>/base, <t>/patched, or a commit <t>/<name> built
# in the tree's shared worktree _SHARED), _BRANCH, _FROM and _PATCHES (the
# commit: patches on top of a revision of patched), _PATCHSET (every patch
# on top of base, for KCIDB), _FRAGS, _KMAKE, _ARCHES, _IMAGE (a Debian
# image package: mk/kernels.mk's distro rule).
# patched is a worktree of its own; mutants and prefixes of the series are only
# commits, built one after another in a shared worktree per tree, each arch
# its own objects (scripts/steps/kbuild-shared.sh, which holds the worktree's
# lock): mutants (series + a small change) apart from prefixes (without
# patch 3's header change, which rebuilds most).
define kernel_row
ROW_$(1)-$(2)_TREE   := $(1)
ROW_$(1)-$(2)_NAME  := $(2)
ROW_$(1)-$(2)_SOURCE     := $(1)/$(FLAVOUR_$(2)_SOURCE)
ROW_$(1)-$(2)_PATCHSET := $(if $(filter patched,$(FLAVOUR_$(2)_SOURCE)),$$(TREE_$(1)_SERIES))
ROW_$(1)-$(2)_FRAGS    := $(TREE_$(1)_FRAGS) $(FLAVOUR_$(2)_FRAGS)
ROW_$(1)-$(2)_IMAGE    := $(FLAVOUR_$(2)_IMAGE)
KERNELS += $(1)-$(2)
endef
# commit_row TREE FLAVOUR SHARED FROM PATCHES PATCHSET ARCHES
define commit_row
ROW_$(1)-$(2)_TREE   := $(1)
ROW_$(1)-$(2)_NAME  := $(2)
ROW_$(1)-$(2)_SOURCE     := $(1)/$(2)
ROW_$(1)-$(2)_BRANCH   := $(2)
ROW_$(1)-$(2)_SHARED   := $(3)
ROW_$(1)-$(2)_FROM     := $(4)
ROW_$(1)-$(2)_PATCHES  := $(5)
ROW_$(1)-$(2)_PATCHSET := $(6)
ROW_$(1)-$(2)_FRAGS    := $(TREE_$(1)_FRAGS)
ROW_$(1)-$(2)_ARCHES    = $$(filter $(7),$$(ARCHES))
KERNELS += $(1)-$(2)
endef
# Cell rows: _TREE, _NAME, _KERNEL, _PAYLOAD, _CLOCK, _QEMU,
# _CMDLINE, _ARCHES, _FIRST, _RESULTS, _REF (a mutant's patched row),
# _JUDGE (the flavour of its expected failures), _JUDGETREE. A tree's row
# lists: TREE_<t>_SERIES (its patch files), _MUTANT_ROWS, _BISECT_ROWS,
# _MUTATION_ROWS.
define cell_row
ROW_$(1)-$(2)_TREE  := $(1)
ROW_$(1)-$(2)_NAME := $(2)
ROW_$(1)-$(2)_KERNEL  := $(1)-$(or $(FLAVOUR_$(2)_KERNEL),$(2))
ROW_$(1)-$(2)_PAYLOAD := $(subst %,$(1),$(or $(FLAVOUR_$(2)_PAYLOAD),tests-%))
ROW_$(1)-$(2)_ARCHVARS := $(FLAVOUR_$(2)_ARCHVARS)
ROW_$(1)-$(2)_CLOCK   := $(FLAVOUR_$(2)_CLOCK)
ROW_$(1)-$(2)_QEMU    := $(FLAVOUR_$(2)_QEMU)
ROW_$(1)-$(2)_CMDLINE := $(FLAVOUR_$(2)_CMDLINE)
ROW_$(1)-$(2)_FIRST   := $(FLAVOUR_$(2)_FIRST)
ROW_$(1)-$(2)_JUDGE   := $(FLAVOUR_$(2)_JUDGE)
ROW_$(1)-$(2)_JUDGETREE := $(TREE_$(1)_JUDGETREE)
$(if $(filter undefined,$(origin FLAVOUR_$(2)_ARCHES)),,ROW_$(1)-$(2)_ARCHES = $$(FLAVOUR_$(2)_ARCHES))
$(if $(TREE_$(1)_$(FLAVOUR_$(2)_TREEARCHES)),ROW_$(1)-$(2)_ARCHES = $$(filter $(TREE_$(1)_$(FLAVOUR_$(2)_TREEARCHES)),$$(FLAVOUR_$(2)_ARCHES)))
CELLROWS += $(1)-$(2)
endef
# A mutant is a commit, a kernel and a cell row on the arches of its line,
# booted with the tree's judge alone (payload select-<t>); it must fail a
# case that passes on <t>-patched.
define mutant_row
$(call commit_row,$(1),mutant-$(2),mutants,patched,$(MUTANT_PATCH_$(2)),$$(TREE_$(1)_SERIES) $(MUTANT_PATCH_$(2)),$(MUTANT_ARCHES_$(2)))
ROW_$(1)-mutant-$(2)_KERNEL  := $(1)-mutant-$(2)
ROW_$(1)-mutant-$(2)_PAYLOAD := select-$(1)
ROW_$(1)-mutant-$(2)_REF     := $(1)-patched
TREE_$(1)_MUTANT_ROWS += $(1)-mutant-$(2)
CELLROWS += $(1)-mutant-$(2)
endef
# bisect-<k>: the first k patches, every k up to the whole series (which
# the patched kernel builds too, but without -Werror) on every arch,
# warnings in fs/select.c fatal.
define bisect_row
$(call commit_row,$(1),bisect-$(2),bisect,patched~$(shell expr $(words $(TREE_$(1)_SERIES)) - $(2)),,$(wordlist 1,$(2),$(TREE_$(1)_SERIES)),%)
ROW_$(1)-bisect-$(2)_KMAKE := CFLAGS_select.o=-Werror
TREE_$(1)_BISECT_ROWS += $(1)-bisect-$(2)
endef
define tree_rows
TREE_$(1)_SERIES := $(call series_of,$(TREE_$(1)_PATCHDIR))
$(foreach f,$(call tree_flavours,$(1),y) $(call tree_flavours,$(1),n),$(if $(FLAVOUR_$(f)_KERNEL),,$(call kernel_row,$(1),$(f))$(nl)))
$(foreach f,$(call tree_flavours,$(1),y),$(call cell_row,$(1),$(f))$(nl))
$(foreach x,$(TREE_$(1)_MUTANTS),$(call mutant_row,$(1),$(x))$(nl))
endef
$(foreach t,$(TREES_KNOWN),$(eval $(call tree_rows,$(t))))
$(foreach t,$(TREES_KNOWN),$(foreach k,$(call prefixes,$(words $(TREE_$(t)_SERIES))),$(eval $(call bisect_row,$(t),$(k)))))
# The mutants a run boots: those of the trees in TREES and MUTANT_TREES
# (make check: the trees with CHECK_MUTANTS_<t> := y).
MUTANT_TREES ?= $(TREES_KNOWN)
$(call check_in,MUTANT_TREES,$(MUTANT_TREES),$(TREES_KNOWN),tree (trees/<tree>.mk))
RUN_MUTANTS = $(foreach t,$(filter $(MUTANT_TREES),$(TREES)),$(TREE_$(t)_MUTANT_ROWS))

# A posted series (SERIES=<mbox or folder of format-patch files>) is a row
# of TREE: <tree>-series-<hash of its patches>, each patch a commit on the
# tree's base (scripts/series/series-apply.sh: git mailsplit + mailinfo, as git
# am), built in the tree's shared mutants worktree, booted with the tree's
# tests on every arch beside base and patched. Checked before any work.
SERIES ?=
ifneq ($(SERIES),)
SERIES_CHECK := $(shell scripts/series/series-apply.sh --check '$(SERIES)' 2>&1)
$(if $(filter series:,$(firstword $(SERIES_CHECK))),$(error $(SERIES_CHECK)))
SERIES_ROW := $(TREE)-series-$(firstword $(SERIES_CHECK))
SERIES_FILES := $(if $(wildcard $(SERIES)/.),$(wildcard $(abspath $(SERIES))/*),$(abspath $(SERIES)))
$(eval $(call commit_row,$(TREE),series-$(firstword $(SERIES_CHECK)),mutants,base,,$(SERIES_FILES),%))
$(eval $(call cell_row,$(TREE),series-$(firstword $(SERIES_CHECK))))
endif

# --- make mutation: mutants generated from TREE's series (mk/mutation.mk) ------
# Rows only in its own sub-make (goal mutation-run), from what
# scripts/matrix/mutation/generate.py wrote to MUTATION_DIR: mutation-series (the
# series itself, a commit built beside the mutants: the objects each is
# held against, _OBJS) and per mutant a commit, kernel and cell row as a
# hand-written mutant's (payload mutation-<t>: compat-tests, and the
# series' kselftest on a tree judged by it, whose report tells what the
# kselftest alone kills; reference <t>-patched), its boot gated on compiling and differing from the series (_GATE). Their
# objects are built with -Werror: a mutant that warns is dropped.
MUTATION_DIR = $(B)/mutation/$(TREE)
# make mutation LAVA_IDENTITY=<id> (mk/mutation.mk): every cell it boots,
# the mutants' and their reference's, is a LAVA job on that lab (_LAB:
# scripts/boot/cell.sh's CELL_LAB), its results under build/lab/results as
# make lab's, so a local run's are never taken for the lab's.
MUTATION_LAB     := $(if $(LAVA_IDENTITY),y)
MUTATION_RESULTS := $(if $(MUTATION_LAB),$(B)/lab/results,$(B)/results)
ifneq ($(call goal,mutation-run mutation-cells),)
ROW_$(TREE)-patched_RESULTS := $(MUTATION_RESULTS)/$(TREE)-patched
ROW_$(TREE)-patched_LAB     := $(MUTATION_LAB)
MUTATION_OBJS  := $(shell cat $(MUTATION_DIR)/objs 2>/dev/null)
MUTATION_KMAKE := $(foreach o,$(MUTATION_OBJS),CFLAGS_$(notdir $(o))=-Werror)
# In the order of their ids (hashes): a run cut short has judged a sample
# of every operator and part of the series, not the file's first lines.
MUTATION_RUN   := $(sort $(or $(MUTATION_IDS),$(shell cut -f1 $(MUTATION_DIR)/list 2>/dev/null)))
define mutation_row
$(call commit_row,$(1),mutation-$(2),mutants,patched,$(3),$$(TREE_$(1)_SERIES) $(3),%)
ROW_$(1)-mutation-$(2)_KMAKE := $(MUTATION_KMAKE)
ROW_$(1)-mutation-$(2)_OBJS  := $(MUTATION_OBJS)
TREE_$(1)_MUTATION_ROWS += $(1)-mutation-$(2)
$(if $(3),ROW_$(1)-mutation-$(2)_KERNEL  := $(1)-mutation-$(2)
ROW_$(1)-mutation-$(2)_PAYLOAD := mutation-$(1)
ROW_$(1)-mutation-$(2)_REF     := $(1)-patched
ROW_$(1)-mutation-$(2)_GATE    := $(1)-mutation-series
ROW_$(1)-mutation-$(2)_MUTATION_ID := $(2)
ROW_$(1)-mutation-$(2)_RESULTS := $(MUTATION_RESULTS)/$(1)-mutation-$(2)
ROW_$(1)-mutation-$(2)_LAB     := $(MUTATION_LAB)
MUTATION_ROWS += $(1)-mutation-$(2)
CELLROWS += $(1)-mutation-$(2))
endef
$(eval $(call mutation_row,$(TREE),series,))
$(foreach m,$(MUTATION_RUN),$(eval $(call mutation_row,$(TREE),$(m),$(MUTATION_DIR)/$(m).patch)))
endif

# --- bench and cost: rows of BENCH_TREE -------------------------------------------
# Bench: lateness and coalescing measure host time;
# cost counts instructions (count clock), a round per row.
BENCH_TREE    ?= $(TREE)
BENCH_COST_ROUNDS ?= 2
$(call check_count,BENCH_COST_ROUNDS,1,a count of rounds)
$(call check_in,BENCH_TREE,$(BENCH_TREE),$(TREES_KNOWN),tree (trees/<tree>.mk))
BENCH_TREE_KERNELS := $(patsubst $(BENCH_TREE)-%,%,$(filter $(BENCH_TREE)-%,$(KERNELS)))
# Default: those of base, patched and lowres the tree has (KSRC='s has no lowres).
BENCH_KERNELS ?= $(filter base patched lowres,$(BENCH_TREE_KERNELS))
$(call check_in,BENCH_KERNELS,$(BENCH_KERNELS),$(BENCH_TREE_KERNELS),kernel of tree $(BENCH_TREE))
define bench_row # TREE FLAVOUR KERNEL PAYLOAD CLOCK RESULTS
ROW_$(1)-$(2)_TREE  := $(1)
ROW_$(1)-$(2)_NAME := $(2)
ROW_$(1)-$(2)_KERNEL  := $(1)-$(3)
ROW_$(1)-$(2)_PAYLOAD := $(4)
ROW_$(1)-$(2)_CLOCK   := $(5)
ROW_$(1)-$(2)_RESULTS := $(6)
$(if $(filter bench,$(4)),ROW_$(1)-$(2)_CMDLINE := matrix.test_timeout=1800)
# norandmaps: with the user stack and mmap base placed at random on each
# boot, a restart's instruction count moved by ~200 between boots (docs/bench.md).
$(if $(filter cost,$(4)),ROW_$(1)-$(2)_CMDLINE := norandmaps)
$(if $(filter cost,$(4)),COST_CELLS += $(1)-$(2))
BENCH_CELLS += $(1)-$(2)
CELLROWS += $(1)-$(2)
endef
$(foreach k,$(BENCH_KERNELS),$(eval $(call bench_row,$(BENCH_TREE),bench-$(k),$(k),bench,real,$(B)/bench/results/$(k))))
$(foreach r,$(shell seq $(BENCH_COST_ROUNDS)),$(foreach k,base patched,\
	$(eval $(call bench_row,$(BENCH_TREE),cost$(r)-$(k),$(k),cost,count,$(B)/bench/cost/$(r)/$(k)))))

# --- every row made: defaults, the cells a run has -------------------------------
# Defaults for every row.
$(foreach c,$(CELLROWS),$(if $(ROW_$(c)_CLOCK),,$(eval ROW_$(c)_CLOCK := virtual)) \
	$(eval ROW_$(c)_ARCHES ?= $$(ARCHES)) $(eval ROW_$(c)_RESULTS ?= $(B)/results/$(c)))
# CELL_CLOCK=<clock>: the clock of every cell whose own is virtual (the test
# cells: QEMU -icount), e.g. real to run them on host time, as a loaded
# machine would (docs/series.md, the kselftest's REPEAT runs).
CELL_CLOCK ?=
$(if $(word 2,$(CELL_CLOCK)),$(error CELL_CLOCK=$(CELL_CLOCK): one clock, not several))
$(call check_in,CELL_CLOCK,$(CELL_CLOCK),virtual auto real count,clock)
$(if $(CELL_CLOCK),$(foreach c,$(CELLROWS),$(if $(filter virtual,$(ROW_$(c)_CLOCK)),$(eval ROW_$(c)_CLOCK := $(CELL_CLOCK)))))
FLAVOURS  ?= $(FLAVOURS_DEFAULT)
FLAVOURS_KNOWN := $(sort $(foreach c,$(CELLROWS),$(ROW_$(c)_NAME)))
$(call check_in,FLAVOURS,$(FLAVOURS),$(FLAVOURS_KNOWN),flavour)
# The cells a matrix runs: the FLAVOURS each tree in TREES has.
MATRIX_ROWS := $(foreach t,$(TREES),$(filter $(addprefix $(t)-,$(FLAVOURS)),$(CELLROWS))) $(SERIES_ROW)

# Cell ids <row>-<arch>: what the scripts are given; they read the rest of
# a cell from the cell table (build/cells.json, mk/cells.mk).
cell_ids   = $(foreach c,$(1),$(foreach a,$(ROW_$(c)_ARCHES),$(c)-$(a)))
CELL_IDS  := $(call cell_ids,$(CELLROWS))
$(foreach c,$(CELLROWS),$(foreach a,$(ROW_$(c)_ARCHES),$(eval CELL_$(c)-$(a)_ROW := $(c)) $(eval CELL_$(c)-$(a)_ARCH := $(a))))
status_of  = $(foreach c,$(1),$(foreach a,$(ROW_$(c)_ARCHES),$(ROW_$(c)_RESULTS)/$(a)/status))
cell_status = $(foreach c,$(1),$(ROW_$(CELL_$(c)_ROW)_RESULTS)/$(CELL_$(c)_ARCH)/status)
