# mk/rows.mk: the tables, what a row of each defines, and the rows they
# make. Every row of a table is its own small file (Buildroot's
# package/<pkg>/<pkg>.mk); the files are read here, and each ends in the
# one eval of its table's template (pkg-generic.mk's part), which checks
# what the row must define and registers it:
#   arches    arch-configs/<arch>.mk (+ .config)   read for ARCHES and ARCH
#   trees     trees/<tree>.mk                      every tree
#   flavours  flavours/<flavour>.mk                $(eval $(call flavour,<f>))
#   payloads  payloads/<payload>.mk                $(eval $(call payload,<p>)),
#                                                  per tree: one foreach
# From those, per tree: kernel rows and cell rows (tree_rows), the mutants
# of patches/mutants/series, the series prefixes; the row of a posted
# SERIES=; the bench and cost rows of BENCH_TREE. Last, every row's
# defaults and the cells a run has.

# --- arches: one arch-configs/<arch>.mk + <arch>.config each -------------------
# What an arch file defines: KARCH_ CROSS_ IMAGE_ (kernel build), DEBARCH_
# (Debian arch of busybox and guest programs), DEBARCH32_ (its compat
# ABI's), DEBPKGS_ (QEMU, cross compilers), QEMU_ CMDLINE_, ABIS_
# (userspace ABIs run on it) and per ABI ABICC_ ABIHDR_; optional KMAKE_,
# BOOT_RETRY_ (a console line meaning the host failed the boot),
# TIMER_IRQ_, DEBUG_ (hosts the debug guest), NOCOMPAT_CMDLINE_ and
# NOCOMPAT_ABIS_ (flavour nocompat).
ARCHES_KNOWN := $(sort $(patsubst arch-configs/%.mk,%,$(wildcard arch-configs/*.mk)))
# make check's arches: the two 64-bit kernel families, which run every
# user ABI (README "The two commands"); make matrix and check-all: all four.
CHECK_ARCHES ?= x86_64 arm64 $(filter-out x86_64 arm64,$(CHECK_STAGE_ARCHES))
$(call check_in,CHECK_ARCHES,$(CHECK_ARCHES),$(ARCHES_KNOWN),arch (arch-configs/<arch>.mk))
ARCHES    ?= $(if $(filter check mutation,$(MAKECMDGOALS)),$(CHECK_ARCHES),x86_64 arm64 i386 arm)
ARCH      ?= $(firstword $(ARCHES))
$(call check_in,ARCHES,$(ARCHES),$(ARCHES_KNOWN),arch (arch-configs/<arch>.mk))
$(call check_in,ARCH,$(ARCH),$(ARCHES_KNOWN),arch (arch-configs/<arch>.mk))
include $(foreach a,$(sort $(ARCHES) $(ARCH)),arch-configs/$(a).mk)
# An ABI may be a column of several arches (i386 binaries on x86_64 and i386).
ABIS      := $(sort $(foreach a,$(ARCHES),$(ABIS_$(a))))

# --- trees: one trees/<tree>.mk each -------------------------------------------
# What a tree file defines (no tree is special; DEFAULT_TREE is only the
# default of TREE and TREES):
#   PKG_<t>, SUITES_<t>    Debian package; the suites scripts/build/fetch-source.sh
#                          takes it from (none: installed on the host)
#   TARBALL_<t>            where the source tarball is
#   PATCHDIR_<t>           the series (format-patch files, series, cover letter)
#   FRAGS_<t>              config differences of every kernel of the tree
#   MUTANTS_<t>            the mutants (patches/mutants/) booted on the tree
#   MUTANT_TESTS_<t>       what judges them: compat (compat-tests) or
#                          kselftest (the series' own selftest)
#   EXTRA_FLAVOURS_<t>     cell rows beyond base and patched (debug)
#   EXTRA_KERNELS_<t>      kernel rows beyond those (lowres, for bench)
#   KSELFTESTS_<t>, KSELFTEST_FIXES_<t>, CHECK_<t>, CHECK_MUTANTS_<t>
# Every row of tree <t> is named <t>-<flavour>; its sources and objects
# are under build/<t>/.
TREES_KNOWN  := $(sort $(patsubst trees/%.mk,%,$(wildcard trees/*.mk)))
export DEFAULT_TREE := 6.1
TREE      ?= $(if $(KSRC),ksrc,$(DEFAULT_TREE))
TREES     ?= $(TREE)
$(call check_in,TREE,$(TREE),$(TREES_KNOWN) $(if $(KSRC),ksrc),tree (trees/<tree>.mk))
$(call check_in,TREES,$(TREES),$(TREES_KNOWN) $(if $(KSRC),ksrc),tree (trees/<tree>.mk))
$(if $(filter mutation mutation-run,$(MAKECMDGOALS)),$(if $(word 2,$(TREE)),$(error TREE=$(TREE): make mutation takes one tree)))
# patches/mutants/series, tab-separated: "<x>-<name>.patch <arches where
# the defect can occur> <ABIs> <what it gets wrong>".
MUTANT_TABLE := $(shell sed -n 's/^\(\([a-z0-9]*\)-[^\t]*\)\t\([^\t]*\)\t.*/\2:\1:\3/p' patches/mutants/series 2>/dev/null)
MUTANT_IDS   := $(foreach m,$(MUTANT_TABLE),$(call field,1,$(m)))
$(foreach m,$(MUTANT_TABLE),$(eval MUTANT_PATCH_$(call field,1,$(m)) := patches/mutants/$(call field,2,$(m))) \
	$(eval MUTANT_ARCHES_$(call field,1,$(m)) := $(subst $(comma), ,$(call field,3,$(m)))))
include $(foreach t,$(TREES_KNOWN),trees/$(t).mk)
$(foreach t,$(TREES_KNOWN),$(call check_in,MUTANTS_$(t),$(MUTANTS_$(t)),$(MUTANT_IDS),mutant (patches/mutants/series)) \
	$(call check_in,MUTANT_TESTS_$(t),$(MUTANT_TESTS_$(t)),compat kselftest,judge (compat or kselftest)))
# KSRC=<path>: the developer's own tree, one more tree (ksrc).
include mk/ksrc.mk

# --- flavours: what a row of a tree is, one flavours/<f>.mk each ------------------
# FLAVOUR_<f>_TREE (the tree row its kernel builds: base, patched),
# _FRAGS (on top of kconfigs/common.config, the arch's and FRAGS_<t>),
# _KERNEL (the kernel flavour a cell of it boots; default: itself; a
# flavour with one has no kernel row of its own), _IMAGE (y: its kernel is
# a Debian image package, fetched, not built: flavours/distro.mk), _JUDGE
# (the flavour whose expected failures apply; default: itself),
# _TREEARCHES (V: a tree's V_<t> limits the arches of its row), _PAYLOAD (% is the
# tree; default tests-%), _CLOCK, _QEMU, _CMDLINE, _ARCHVARS
# (<V>_CMDLINE_<arch> and <V>_ABIS_<arch>: that arch's extra command line
# and ABIs), _ARCHES, _FIRST (cells). A tree has base and patched, and
# the flavours its EXTRA_FLAVOURS_<t> (cells) and EXTRA_KERNELS_<t> name.
define flavour
$$(if $$(filter base patched,$$(FLAVOUR_$(1)_TREE))$$(FLAVOUR_$(1)_KERNEL)$$(FLAVOUR_$(1)_IMAGE),,\
	$$(error flavours/$(1).mk: defines neither FLAVOUR_$(1)_TREE (base or patched) nor FLAVOUR_$(1)_KERNEL nor _IMAGE))
endef
include $(wildcard flavours/*.mk)

# --- payloads: what the initramfs carries besides busybox and guests/init ------
# One payloads/<p>.mk each (tests, select, nocompat: one payload per tree).
# <p>_SRC: directory of programs (one per .c, built for every ABI of the
# arch); <p>_PROGS: which; <p>_MORE: every program of those folders too;
# <p>_OVERLAY: a directory mounted as /overlay (tests.d/ executables are
# one more KTAP suite, during.d/ run beside); Debian programs of the
# guest's arch shipped with their libraries (scripts/build/debpkgs.sh): <p>_PKGS,
# <p>_BINS, and <p>_PKGS32, <p>_BINS32 from the arch's compat ABI
# (DEBARCH32_<a>) into pkg32/; <p>_FILES: "src:dest" copies; <p>_KSELFTEST:
# the tree whose selftests it carries (<p>_KSELFTEST_PROGS: which; default
# all; <p>_KSELFTEST_DIR: in which folder of the ABI's); <p>_STARTER: a
# kselftest's 32-bit starter; <p>_ARCHVARS as a flavour's.
TESTS          := $(sort $(basename $(notdir $(wildcard compat-tests/*.c))))
BENCHES        := $(sort $(basename $(notdir $(wildcard compat-tests/bench/*.c))))
# The selftests of this family every tree's test cells carry.
KSELFTESTS     ?= filesystems/epoll timers:nanosleep,nsleep-lat,set-timer-lat
$(foreach k,$(KSELFTESTS),$(if $(if $(findstring ',$(k)),,$(shell printf '%s' '$(k)' | grep -Eqx '[A-Za-z0-9_./-]+(:[A-Za-z0-9_.-]+(,[A-Za-z0-9_.-]+)*)?' && echo y)),,\
	$(error KSELFTESTS=$(k): a selftests folder, optionally :program,program)))
# The ABIs a payload runs on an arch: all, or <V>_ABIS_<arch> (<p>_ARCHVARS).
pabis = $(if $($(1)_ARCHVARS),$($($(1)_ARCHVARS)_ABIS_$(2)),$(ABIS_$(2)))
poverlay   = $(call $(1)_OVERLAY,$(2))
define payload
$$(if $$($(1)_SRC),,$$(error payload $(1): no $(1)_SRC (the folder of its programs)))
PAYLOADS += $(1)
endef
PAYLOADS :=
include $(wildcard payloads/*.mk)

# --- rows of every tree ----------------------------------------------------------
# Kernel rows <k>: _TREEID (the tree), _FLAVOUR, _TREE (its source under
# build/: <t>/base, <t>/patched, or a commit <t>/<flavour> built in the
# tree's shared worktree <k>_SHARED), _BRANCH, _FROM and _PATCHES (the
# commit: patches on top of a revision of patched), _PATCHSET (every patch
# on top of base, for KCIDB), _FRAGS, _KMAKE, _ARCHES, _IMAGE (a Debian
# image package: mk/kernels.mk's distro rule).
# patched is a worktree of its own; mutants and series prefixes are only
# commits, built one after another in a shared worktree per tree, each arch
# its own objects (scripts/build/kbuild-shared.sh, which holds the worktree's
# lock): mutants (series + a small change) apart from prefixes (without
# patch 3's header change, which rebuilds most).
define kernel_row
$(1)-$(2)_TREEID   := $(1)
$(1)-$(2)_FLAVOUR  := $(2)
$(1)-$(2)_TREE     := $(1)/$(FLAVOUR_$(2)_TREE)
$(1)-$(2)_PATCHSET := $(if $(filter patched,$(FLAVOUR_$(2)_TREE)),$$($(1)_SERIES))
$(1)-$(2)_FRAGS    := $(FRAGS_$(1)) $(FLAVOUR_$(2)_FRAGS)
$(1)-$(2)_IMAGE    := $(FLAVOUR_$(2)_IMAGE)
KERNELS += $(1)-$(2)
endef
# commit_row TREE FLAVOUR SHARED FROM PATCHES PATCHSET ARCHES
define commit_row
$(1)-$(2)_TREEID   := $(1)
$(1)-$(2)_FLAVOUR  := $(2)
$(1)-$(2)_TREE     := $(1)/$(2)
$(1)-$(2)_BRANCH   := $(2)
$(1)-$(2)_SHARED   := $(3)
$(1)-$(2)_FROM     := $(4)
$(1)-$(2)_PATCHES  := $(5)
$(1)-$(2)_PATCHSET := $(6)
$(1)-$(2)_FRAGS    := $(FRAGS_$(1))
$(1)-$(2)_ARCHES    = $$(filter $(7),$$(ARCHES))
KERNELS += $(1)-$(2)
endef
# Cell rows: _TREEID, _FLAVOUR, _KERNEL, _PAYLOAD, _CLOCK, _QEMU,
# _CMDLINE, _ARCHES, _FIRST, _RESULTS, _REF (a mutant's patched row),
# _JUDGE (the flavour of its expected failures).
define cell_row
$(1)-$(2)_TREEID  := $(1)
$(1)-$(2)_FLAVOUR := $(2)
$(1)-$(2)_KERNEL  := $(1)-$(or $(FLAVOUR_$(2)_KERNEL),$(2))
$(1)-$(2)_PAYLOAD := $(subst %,$(1),$(or $(FLAVOUR_$(2)_PAYLOAD),tests-%))
$(1)-$(2)_ARCHVARS := $(FLAVOUR_$(2)_ARCHVARS)
$(1)-$(2)_CLOCK   := $(FLAVOUR_$(2)_CLOCK)
$(1)-$(2)_QEMU    := $(FLAVOUR_$(2)_QEMU)
$(1)-$(2)_CMDLINE := $(FLAVOUR_$(2)_CMDLINE)
$(1)-$(2)_FIRST   := $(FLAVOUR_$(2)_FIRST)
$(1)-$(2)_JUDGE   := $(FLAVOUR_$(2)_JUDGE)
$(1)-$(2)_JUDGETREE := $(JUDGETREE_$(1))
$(if $(filter undefined,$(origin FLAVOUR_$(2)_ARCHES)),,$(1)-$(2)_ARCHES = $$(FLAVOUR_$(2)_ARCHES))
$(if $($(FLAVOUR_$(2)_TREEARCHES)_$(1)),$(1)-$(2)_ARCHES = $$(filter $($(FLAVOUR_$(2)_TREEARCHES)_$(1)),$$(FLAVOUR_$(2)_ARCHES)))
CELLROWS += $(1)-$(2)
endef
# A mutant is a commit, a kernel and a cell row on the arches of its line,
# booted with the tree's judge alone (payload select-<t>); it must fail a
# case that passes on <t>-patched.
define mutant_row
$(call commit_row,$(1),mutant-$(2),mutants,patched,$(MUTANT_PATCH_$(2)),$$($(1)_SERIES) $(MUTANT_PATCH_$(2)),$(MUTANT_ARCHES_$(2)))
$(1)-mutant-$(2)_KERNEL  := $(1)-mutant-$(2)
$(1)-mutant-$(2)_PAYLOAD := select-$(1)
$(1)-mutant-$(2)_REF     := $(1)-patched
$(1)_MUTANTS += $(1)-mutant-$(2)
CELLROWS += $(1)-mutant-$(2)
endef
# bisect-<k>: the first k patches, every k up to the whole series (which
# the patched kernel builds too, but without -Werror) on every arch,
# warnings in fs/select.c fatal.
define bisect_row
$(call commit_row,$(1),bisect-$(2),bisect,patched~$(shell expr $(words $($(1)_SERIES)) - $(2)),,$(wordlist 1,$(2),$($(1)_SERIES)),%)
$(1)-bisect-$(2)_KMAKE := CFLAGS_select.o=-Werror
$(1)_BISECTS += $(1)-bisect-$(2)
endef
define tree_rows
$(1)_SERIES := $(call series_of,$(PATCHDIR_$(1)))
$(foreach f,base patched $(EXTRA_FLAVOURS_$(1)) $(EXTRA_KERNELS_$(1)),$(if $(FLAVOUR_$(f)_KERNEL),,$(call kernel_row,$(1),$(f))$(nl)))
$(foreach f,base patched $(EXTRA_FLAVOURS_$(1)),$(call cell_row,$(1),$(f))$(nl))
$(foreach x,$(MUTANTS_$(1)),$(call mutant_row,$(1),$(x))$(nl))
endef
$(foreach t,$(TREES_KNOWN),$(eval $(call tree_rows,$(t))))
$(foreach t,$(TREES_KNOWN),$(foreach k,$(call prefixes,$(words $($(t)_SERIES))),$(eval $(call bisect_row,$(t),$(k)))))
# The mutants a run boots: those of the trees in TREES and MUTANT_TREES
# (make check: the trees with CHECK_MUTANTS_<t> := y).
MUTANT_TREES ?= $(TREES_KNOWN)
$(call check_in,MUTANT_TREES,$(MUTANT_TREES),$(TREES_KNOWN),tree (trees/<tree>.mk))
RUN_MUTANTS = $(foreach t,$(filter $(MUTANT_TREES),$(TREES)),$($(t)_MUTANTS))

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
# hand-written mutant's (payload select-<t>, reference <t>-patched; a tree
# judged by its kselftest boots the reference's own tests-<t>, compat-tests
# too, and the report tells what the kselftest alone kills), its
# boot gated on compiling and differing from the series (_GATE). Their
# objects are built with -Werror: a mutant that warns is dropped.
MUTATION_DIR = $(B)/mutation/$(TREE)
ifneq ($(filter mutation-run,$(MAKECMDGOALS)),)
MUTATION_OBJS  := $(shell cat $(MUTATION_DIR)/objs 2>/dev/null)
MUTATION_KMAKE := $(foreach o,$(MUTATION_OBJS),CFLAGS_$(notdir $(o))=-Werror)
# In the order of their ids (hashes): a run cut short has judged a sample
# of every operator and part of the series, not the file's first lines.
MUTATION_RUN   := $(sort $(or $(MUTATION_IDS),$(shell cut -f1 $(MUTATION_DIR)/list 2>/dev/null)))
define mutation_row
$(call commit_row,$(1),mutation-$(2),mutants,patched,$(3),$$($(1)_SERIES) $(3),%)
$(1)-mutation-$(2)_KMAKE := $(MUTATION_KMAKE)
$(1)-mutation-$(2)_OBJS  := $(MUTATION_OBJS)
$(1)_MUTATION += $(1)-mutation-$(2)
$(if $(3),$(1)-mutation-$(2)_KERNEL  := $(1)-mutation-$(2)
$(1)-mutation-$(2)_PAYLOAD := $(if $(filter kselftest,$(MUTANT_TESTS_$(1))),tests-$(1),select-$(1))
$(1)-mutation-$(2)_REF     := $(1)-patched
$(1)-mutation-$(2)_GATE    := $(1)-mutation-series
$(1)-mutation-$(2)_MUTATION_ID := $(2)
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
$(1)-$(2)_TREEID  := $(1)
$(1)-$(2)_FLAVOUR := $(2)
$(1)-$(2)_KERNEL  := $(1)-$(3)
$(1)-$(2)_PAYLOAD := $(4)
$(1)-$(2)_CLOCK   := $(5)
$(1)-$(2)_RESULTS := $(6)
$(if $(filter bench,$(4)),$(1)-$(2)_CMDLINE := matrix.test_timeout=1800)
# norandmaps: with the user stack and mmap base placed at random on each
# boot, a restart's instruction count moved by ~200 between boots (docs/bench.md).
$(if $(filter cost,$(4)),$(1)-$(2)_CMDLINE := norandmaps)
$(if $(filter cost,$(4)),COST_CELLS += $(1)-$(2))
BENCH_CELLS += $(1)-$(2)
CELLROWS += $(1)-$(2)
endef
$(foreach k,$(BENCH_KERNELS),$(eval $(call bench_row,$(BENCH_TREE),bench-$(k),$(k),bench,real,$(B)/bench/results/$(k))))
$(foreach r,$(shell seq $(BENCH_COST_ROUNDS)),$(foreach k,base patched,\
	$(eval $(call bench_row,$(BENCH_TREE),cost$(r)-$(k),$(k),cost,count,$(B)/bench/cost/$(r)/$(k)))))

# --- every row made: defaults, the cells a run has -------------------------------
# Defaults for every row.
$(foreach c,$(CELLROWS),$(if $($(c)_CLOCK),,$(eval $(c)_CLOCK := virtual)) \
	$(eval $(c)_ARCHES ?= $$(ARCHES)) $(eval $(c)_RESULTS ?= $(B)/results/$(c)))
# CELL_CLOCK=<clock>: the clock of every cell whose own is virtual (the test
# cells: QEMU -icount), e.g. real to run them on host time, as a loaded
# machine would (docs/series.md, the kselftest's REPEAT runs).
CELL_CLOCK ?=
$(if $(word 2,$(CELL_CLOCK)),$(error CELL_CLOCK=$(CELL_CLOCK): one clock, not several))
$(call check_in,CELL_CLOCK,$(CELL_CLOCK),virtual auto real count,clock)
$(if $(CELL_CLOCK),$(foreach c,$(CELLROWS),$(if $(filter virtual,$($(c)_CLOCK)),$(eval $(c)_CLOCK := $(CELL_CLOCK)))))
FLAVOURS  ?= base patched debug nocompat
FLAVOURS_KNOWN := $(sort $(foreach c,$(CELLROWS),$($(c)_FLAVOUR)))
$(call check_in,FLAVOURS,$(FLAVOURS),$(FLAVOURS_KNOWN),flavour)
# The cells a matrix runs: the FLAVOURS each tree in TREES has.
MATRIX_ROWS := $(foreach t,$(TREES),$(filter $(addprefix $(t)-,$(FLAVOURS)),$(CELLROWS))) $(SERIES_ROW)

# Cell ids <row>-<arch>: what the scripts are given; they read the rest of
# a cell from the cell table (build/cells.json, mk/cells.mk).
cell_ids   = $(foreach c,$(1),$(foreach a,$($(c)_ARCHES),$(c)-$(a)))
CELL_IDS  := $(call cell_ids,$(CELLROWS))
$(foreach c,$(CELLROWS),$(foreach a,$($(c)_ARCHES),$(eval ROW_$(c)-$(a) := $(c)) $(eval ARCH_$(c)-$(a) := $(a))))
status_of  = $(foreach c,$(1),$(foreach a,$($(c)_ARCHES),$($(c)_RESULTS)/$(a)/status))
cell_status = $(foreach c,$(1),$($(ROW_$(c))_RESULTS)/$(ARCH_$(c))/status)
