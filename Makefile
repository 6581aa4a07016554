# select/poll timeout ABI matrix for Debian's kernel source.
#
# Pipeline: source tarball -> trees -> kernels -> compat-tests per ABI ->
# initramfs per payload and arch -> one boot per cell -> KTAP -> report.
# Everything that varies is a row of one of the tables below (Buildroot's
# $(ROW)_VAR style), and one template per table turns rows into rules:
#   arches    arch-configs/<arch>.mk (+ .config)   how to build and boot
#   trees     trees/<tree>.mk                      source, series, mutants
#   flavours  base, patched, debug, lowres         what a row of a tree is
#   kernels   <tree>-<flavour>, <tree>-mutant-<x>, <tree>-bisect-<k>
#   payloads  tests-<tree>, select-<tree>, debug, bench, cost: the guest's
#   cells     <tree>-<flavour>, <tree>-mutant-<x>, <tree>-bench-<k>, ...:
#             kernel x payload x clock, one boot per arch
#
#   make matrix            build, boot and report every cell; non-zero on any
#                          regression (make -j is the default: JOBS=nproc)
#   make check             lint, selfcheck, checkpatch, matrix, LAVA, mutants,
#                          the newer trees on x86_64 (make check-all: every
#                          tree, mutant and series prefix on every arch)
#   make cells             the cell ids; make cell CELL=<id> runs one
#   make shell ARCH=arm64  a busybox shell in a guest (TREE=, FLAVOUR=base|patched..)
#   make matrix OVERLAY=d  also run every executable in d/tests.d/
#   make bench             timing figures (base, patched, lowres): CSV + PNG
#   make cost              the series' cost in instructions (cost cells alone)

SHELL     := /bin/bash
B         := $(CURDIR)/build
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
$(if $(shell [ "$(JOBS)" -ge 1 ] 2>/dev/null && echo y),,$(error JOBS=$(JOBS): a number of jobs, 1 or more))
$(if $(OVERLAY),$(if $(shell [ -d "$(OVERLAY)" ] && echo y),,$(error OVERLAY=$(OVERLAY): not a directory)))
# Build products (source trees, kernels) by content key outside the clone
# (scripts/cache.sh): a second clone of the same commit builds no kernel.
MATRIX_CACHE     ?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/select-matrix
MATRIX_CACHE_MAX ?= 20480
$(if $(filter off /%,$(MATRIX_CACHE)),,$(error MATRIX_CACHE=$(MATRIX_CACHE): an absolute path, or off))
$(if $(shell [ "$(MATRIX_CACHE_MAX)" -ge 1 ] 2>/dev/null && echo y),,$(error MATRIX_CACHE_MAX=$(MATRIX_CACHE_MAX): a size in MiB, 1 or more))
export MATRIX_CACHE MATRIX_CACHE_MAX
# make check's sub-makes are part of its run (one time table).
ifeq ($(MAKELEVEL),0)
export RUN_ID := $(shell date +%s%N)
# This make's own stdout: a long build's progress lines (scripts/progress.sh)
# go there at once, past -O's holding of a recipe's output.
export MATRIX_CONSOLE := /proc/$(shell echo $$PPID)/fd/1
endif
export TIMES  := $(B)/times

# --- arches: one arch-configs/<arch>.mk + <arch>.config each -------------------
ARCHES_KNOWN := $(sort $(patsubst arch-configs/%.mk,%,$(wildcard arch-configs/*.mk)))
ARCHES    ?= x86_64 arm64 i386 arm
ARCH      ?= $(firstword $(ARCHES))
check_in   = $(if $(filter-out $(3),$(2)),$(error $(1)=$(filter-out $(3),$(2)): no such $(4); there are: $(3)))
$(call check_in,ARCHES,$(ARCHES),$(ARCHES_KNOWN),arch (arch-configs/<arch>.mk))
$(call check_in,ARCH,$(ARCH),$(ARCHES_KNOWN),arch (arch-configs/<arch>.mk))
include $(foreach a,$(sort $(ARCHES) $(ARCH)),arch-configs/$(a).mk)
$(if $(shell [ "$(REPEAT)" -ge 1 ] 2>/dev/null && echo y),,$(error REPEAT=$(REPEAT): a count of boots, 1 or more))
# An ABI may be a column of several arches (i386 binaries on x86_64 and i386).
ABIS      := $(sort $(foreach a,$(ARCHES),$(ABIS_$(a))))

# --- trees: one trees/<tree>.mk each -------------------------------------------
# What a tree file defines (no tree is special; DEFAULT_TREE is only the
# default of TREE and TREES):
#   PKG_<t>, SUITES_<t>    Debian package; the suites scripts/fetch-source.sh
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
TREE      ?= $(DEFAULT_TREE)
TREES     ?= $(TREE)
$(call check_in,TREE,$(TREE),$(TREES_KNOWN),tree (trees/<tree>.mk))
$(call check_in,TREES,$(TREES),$(TREES_KNOWN),tree (trees/<tree>.mk))
series_of = $(shell sed -n 's|^\([^#[:space:]][^[:space:]]*\).*|$(1)/\1|p' $(1)/series 2>/dev/null)
# The selftest fix of patches/kselftest-fixes/series whose subject slug is
# $(1), by name so a renumbered series still finds it (or one line).
kselftest_fix = $(or $(filter %-$(1).patch,$(call series_of,patches/kselftest-fixes)),\
	$(error patches/kselftest-fixes/series lists no *-$(1).patch))
comma := ,
define nl


endef
field = $(word $(1),$(subst :, ,$(2)))
prefixes = $(if $(filter-out 0,$(1)),$(shell seq 1 $(1)))
# patches/mutants/series, tab-separated: "<x>-<name>.patch <arches where
# the defect can occur> <ABIs> <what it gets wrong>".
MUTANT_TABLE := $(shell sed -n 's/^\(\([a-z0-9]*\)-[^\t]*\)\t\([^\t]*\)\t.*/\2:\1:\3/p' patches/mutants/series 2>/dev/null)
MUTANT_IDS   := $(foreach m,$(MUTANT_TABLE),$(call field,1,$(m)))
$(foreach m,$(MUTANT_TABLE),$(eval MUTANT_PATCH_$(call field,1,$(m)) := patches/mutants/$(call field,2,$(m))) \
	$(eval MUTANT_ARCHES_$(call field,1,$(m)) := $(subst $(comma), ,$(call field,3,$(m)))))
include $(foreach t,$(TREES_KNOWN),trees/$(t).mk)
$(foreach t,$(TREES_KNOWN),$(call check_in,MUTANTS_$(t),$(MUTANTS_$(t)),$(MUTANT_IDS),mutant (patches/mutants/series)) \
	$(call check_in,MUTANT_TESTS_$(t),$(MUTANT_TESTS_$(t)),compat kselftest,judge (compat or kselftest)))

# --- flavours: what a row of a tree is -----------------------------------------
# FLAVOUR_<f>_TREE (the tree row its kernel builds: base, patched),
# _FRAGS (on top of kconfigs/common.config, the arch's and FRAGS_<t>),
# _KERNEL (the kernel flavour a cell of it boots; default: itself; a
# flavour with one has no kernel row of its own), _PAYLOAD (% is the
# tree), _CLOCK, _QEMU, _CMDLINE, _ARCHVARS (<V>_CMDLINE_<arch> and
# <V>_ABIS_<arch>: that arch's extra command line and ABIs), _ARCHES,
# _FIRST (cells).
FLAVOUR_base_TREE    := base
FLAVOUR_patched_TREE := patched
FLAVOUR_debug_TREE   := patched
FLAVOUR_debug_FRAGS  := kconfigs/debug.config
FLAVOUR_lowres_TREE  := patched
FLAVOUR_lowres_FRAGS := kconfigs/lowres.config
FLAVOUR_debug_PAYLOAD := debug
# KASAN's shadow wants the larger guest. stress-ng keeps it busy, so idle
# skipping would gain nothing and shift=0 would run slower than the host;
# trinity and stress-ng limits are meant as host seconds: auto.
FLAVOUR_debug_QEMU   := -m 2048
# TRINITY_SEED=S runs trinity's seed S again (the debug cell prints its seed).
# TRINITY_CALLS: the calls each system call table must reach (guest
# default 10000); TRINITY_S: seconds each table may take (guest default 240).
TRINITY_SEED   ?=
TRINITY_CALLS  ?=
TRINITY_S      ?=
$(if $(TRINITY_SEED),$(if $(shell [ "$(TRINITY_SEED)" -ge 0 ] 2>/dev/null && echo y),,$(error TRINITY_SEED=$(TRINITY_SEED): a seed, a number)))
$(foreach v,TRINITY_CALLS TRINITY_S,$(if $($(v)),$(if $(shell [ "$($(v))" -ge 1 ] 2>/dev/null && echo y),,$(error $(v)=$($(v)): a number, 1 or more))))
FLAVOUR_debug_CMDLINE := $(if $(TRINITY_SEED),matrix.trinity_seed=$(TRINITY_SEED)) \
	$(if $(TRINITY_CALLS),matrix.trinity_calls=$(TRINITY_CALLS)) $(if $(TRINITY_S),matrix.trinity_s=$(TRINITY_S))
FLAVOUR_debug_CLOCK  := auto
# Its boot is the longest (KASAN, about 5 min): its kernel is built first.
FLAVOUR_debug_FIRST  := y
# make check boots it on CHECK_DEBUG_ARCHES only (x86_64: arm64's KASAN
# guest is in make matrix and make check-all; README "The two commands").
CHECK_DEBUG_ARCHES ?= x86_64
$(call check_in,CHECK_DEBUG_ARCHES,$(CHECK_DEBUG_ARCHES),$(ARCHES_KNOWN),arch (arch-configs/<arch>.mk))
FLAVOUR_debug_ARCHES  = $(foreach a,$(ARCHES),$(if $(DEBUG_$(a)),\
	$(if $(filter check,$(MAKECMDGOALS)),$(filter $(CHECK_DEBUG_ARCHES),$(a)),$(a))))
# nocompat: the patched kernel booted with its compat ABI off, on the
# arches whose file says how (NOCOMPAT_CMDLINE_<arch>), with only the ABIs
# that still run there (NOCOMPAT_ABIS_<arch>): the series' kselftest's
# 32-bit starter must SKIP at once (compat-tests/skip/). A tree has it in
# EXTRA_FLAVOURS_<t>. _ARCHVARS: the arch variables its cells read.
FLAVOUR_nocompat_KERNEL   := patched
FLAVOUR_nocompat_PAYLOAD  := nocompat-%
FLAVOUR_nocompat_ARCHVARS := NOCOMPAT
FLAVOUR_nocompat_ARCHES    = $(foreach a,$(ARCHES),$(if $(NOCOMPAT_CMDLINE_$(a)),$(a)))

# --- rows of every tree ----------------------------------------------------------
# Kernel rows <k>: _TREEID (the tree), _FLAVOUR, _TREE (its source under
# build/: <t>/base, <t>/patched, or a commit <t>/<flavour> built in the
# tree's shared worktree <k>_SHARED), _BRANCH, _FROM and _PATCHES (the
# commit: patches on top of a revision of patched), _PATCHSET (every patch
# on top of base, for KCIDB), _FRAGS, _KMAKE, _ARCHES.
# patched is a worktree of its own; mutants and series prefixes are only
# commits, built one after another in a shared worktree per tree, each arch
# its own objects (scripts/kbuild-shared.sh, which holds the worktree's
# lock): mutants (series + a small change) apart from prefixes (without
# patch 3's header change, which rebuilds most).
define kernel_row
$(1)-$(2)_TREEID   := $(1)
$(1)-$(2)_FLAVOUR  := $(2)
$(1)-$(2)_TREE     := $(1)/$(FLAVOUR_$(2)_TREE)
$(1)-$(2)_PATCHSET := $(if $(filter patched,$(FLAVOUR_$(2)_TREE)),$$($(1)_SERIES))
$(1)-$(2)_FRAGS    := $(FRAGS_$(1)) $(FLAVOUR_$(2)_FRAGS)
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
# _CMDLINE, _ARCHES, _FIRST, _RESULTS, _REF (a mutant's patched row).
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
$(if $(filter undefined,$(origin FLAVOUR_$(2)_ARCHES)),,$(1)-$(2)_ARCHES = $$(FLAVOUR_$(2)_ARCHES))
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
# tree's base (scripts/series-apply.sh: git mailsplit + mailinfo, as git
# am), built in the tree's shared mutants worktree, booted with the tree's
# tests on every arch beside base and patched. Checked before any work.
SERIES ?=
ifneq ($(SERIES),)
SERIES_CHECK := $(shell scripts/series-apply.sh --check '$(SERIES)' 2>&1)
$(if $(filter series:,$(firstword $(SERIES_CHECK))),$(error $(SERIES_CHECK)))
SERIES_ROW := $(TREE)-series-$(firstword $(SERIES_CHECK))
SERIES_FILES := $(if $(wildcard $(SERIES)/.),$(wildcard $(abspath $(SERIES))/*),$(abspath $(SERIES)))
$(eval $(call commit_row,$(TREE),series-$(firstword $(SERIES_CHECK)),mutants,base,,$(SERIES_FILES),%))
$(eval $(call cell_row,$(TREE),series-$(firstword $(SERIES_CHECK))))
endif

# One shared worktree per tree and group, every arch's objects beside it:
# a switch of branch rewrites only the files that differ, newer than any
# object built before it, so each arch's rebuild stays incremental.
kroot = $(B)/$($(1)_TREEID)
kobj = $(if $($(1)_SHARED),$(call kroot,$(1))/shared-$($(1)_SHARED)/obj/$(2),$(B)/$($(1)_TREE)/obj/$(1)-$(2))
kimg = $(if $($(1)_SHARED),$(call kroot,$(1))/img/$(1)/$(notdir $(IMAGE_$(2)))-$(2),$(call kobj,$(1),$(2))/$(IMAGE_$(2)))
# kernel:arch pairs -> images.
kimgs = $(foreach p,$(1),$(call kimg,$(firstword $(subst :, ,$(p))),$(lastword $(subst :, ,$(p)))))

# --- payloads: what the initramfs carries besides busybox and guests/init ------
# <p>_SRC: directory of programs (one per .c, built for every ABI of the
# arch); <p>_PROGS: which; <p>_OVERLAY: a directory mounted as /overlay
# (tests.d/ executables are one more KTAP suite, during.d/ run beside).
PAYLOADS       := debug bench cost
TESTS          := $(sort $(basename $(notdir $(wildcard compat-tests/*.c))))
BENCHES        := $(sort $(basename $(notdir $(wildcard compat-tests/bench/*.c))))
debug_SRC      := compat-tests
debug_PROGS    := $(TESTS)
debug_OVERLAY   = $(B)/overlay/debug/$(1)
# Debian programs of the guest's arch shipped with their libraries
# (scripts/debpkgs.sh): <p>_PKGS, <p>_BINS; <p>_FILES: "src:dest" copies.
debug_PKGS     := trinity stress-ng
debug_BINS     := /usr/bin/trinity /usr/bin/stress-ng
debug_FILES    := guests/debug/tests.d:tests.d guests/debug/during.d:during.d \
	guests/debug/trinity:trinity
# <p>_PKGS32, <p>_BINS32: the same from the arch's compat ABI (DEBARCH32_<a>)
# into pkg32/: arm64's trinity has no 32-bit table, armhf's is that table.
debug_PKGS32   := trinity
debug_BINS32   := /usr/bin/trinity
bench_SRC      := compat-tests/bench
bench_PROGS    := $(filter-out cost,$(BENCHES))
bench_OVERLAY   = $(B)/overlay/bench/$(1)
bench_PKGS     := rt-tests
bench_BINS     := /usr/bin/cyclictest
bench_FILES    := guests/cyclictest.sh:tests.d/cyclictest
cost_SRC       := compat-tests/bench
cost_PROGS     := cost
# tests-<t>: a tree's test cells carry, beside compat-tests in each ABI's
# suite, that tree's own selftests of this family (<p>_KSELFTEST names the
# tree): KSELFTESTS on every tree and KSELFTESTS_<t> (the series' own test,
# where it has one), built from the tree's patched source with its selftest
# fixes (KSELFTEST_FIXES_<t>, below) by its selftests build
# (scripts/kselftests.sh "target[:prog,...]"), on base and patched alike.
# select-<t>: a tree's mutant cells, only the judge of fs/select.c
# (MUTANT_TESTS_<t>): compat-tests, or the series' kselftest alone
# (<p>_KSELFTEST_PROGS: which of the tree's selftest programs; default all).
KSELFTESTS     ?= filesystems/epoll timers:nanosleep,nsleep-lat,set-timer-lat
# Trees with SKIP_TESTS_<t> := y (their series' kselftest must SKIP at once
# where it cannot run): compat-tests/skip/ in their test cells (<p>_MORE:
# every program of those folders too), and the nocompat-<t> payload: those
# programs, only in the ABIs that run with the compat ABI off
# (<p>_ARCHVARS), and the kselftest with its 32-bit starter (<p>_STARTER,
# below) in <p>_KSELFTEST_DIR: a hidden folder of the ABI's, which the
# guest's suite does not run (only kselftest_skip does, in seconds).
define skip_payloads
tests-$(1)_MORE       := compat-tests/skip
nocompat-$(1)_SRC     := compat-tests/skip
nocompat-$(1)_PROGS   := kselftest_skip nopersonality
nocompat-$(1)_KSELFTEST := $(1)
nocompat-$(1)_KSELFTEST_PROGS := select_timeout_test*
nocompat-$(1)_KSELFTEST_DIR := .kselftest
nocompat-$(1)_ARCHVARS := NOCOMPAT
nocompat-$(1)_STARTER := $(KSELFTEST_STARTER_$(1))
PAYLOADS += nocompat-$(1)
endef
define tree_payloads
tests-$(1)_SRC        := compat-tests
tests-$(1)_PROGS      := $(TESTS)
tests-$(1)_OVERLAY     = $$(OVERLAY)
tests-$(1)_KSELFTEST  := $(1)
select-$(1)_SRC       := compat-tests
$(if $(filter compat,$(MUTANT_TESTS_$(1))),
select-$(1)_PROGS     := $(TESTS)
select-$(1)_OVERLAY    = $$(OVERLAY),
select-$(1)_KSELFTEST := $(1)
select-$(1)_KSELFTEST_PROGS := select_timeout_test*)
PAYLOADS += tests-$(1) select-$(1)
$(if $(SKIP_TESTS_$(1)),$(call skip_payloads,$(1)))
endef
$(foreach t,$(TREES_KNOWN),$(eval $(call tree_payloads,$(t))))

# --- cells: one boot each, per arch --------------------------------------------
# <c>_KERNEL, <c>_PAYLOAD, <c>_CLOCK (virtual: QEMU -icount, guest time
# follows executed instructions and idle time is skipped, so host load
# cannot make a test late; count: the same at one instruction per ns, for
# what counts instructions; real: host time, for what measures it),
# <c>_QEMU, <c>_CMDLINE, <c>_ARCHES, <c>_RESULTS; the rows above.
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
# Bench (rows of BENCH_TREE): lateness and coalescing measure host time;
# cost counts instructions (count clock), a round per row.
BENCH_TREE    ?= $(TREE)
BENCH_KERNELS ?= base patched lowres
BENCH_COST_ROUNDS ?= 2
$(if $(shell [ "$(BENCH_COST_ROUNDS)" -ge 1 ] 2>/dev/null && echo y),,$(error BENCH_COST_ROUNDS=$(BENCH_COST_ROUNDS): a count of rounds, 1 or more))
$(call check_in,BENCH_TREE,$(BENCH_TREE),$(TREES_KNOWN),tree (trees/<tree>.mk))
define bench_row # TREE FLAVOUR KERNEL PAYLOAD CLOCK RESULTS
$(1)-$(2)_TREEID  := $(1)
$(1)-$(2)_FLAVOUR := $(2)
$(1)-$(2)_KERNEL  := $(1)-$(3)
$(1)-$(2)_PAYLOAD := $(4)
$(1)-$(2)_CLOCK   := $(5)
$(1)-$(2)_RESULTS := $(6)
$(if $(filter bench,$(4)),$(1)-$(2)_CMDLINE := matrix.test_timeout=1800)
$(if $(filter cost,$(4)),COST_CELLS += $(1)-$(2))
BENCH_CELLS += $(1)-$(2)
CELLROWS += $(1)-$(2)
endef
$(foreach k,$(BENCH_KERNELS),$(eval $(call bench_row,$(BENCH_TREE),bench-$(k),$(k),bench,real,$(B)/bench/results/$(k))))
$(foreach r,$(shell seq $(BENCH_COST_ROUNDS)),$(foreach k,base patched,\
	$(eval $(call bench_row,$(BENCH_TREE),cost$(r)-$(k),$(k),cost,count,$(B)/bench/cost/$(r)/$(k)))))
# Defaults for every row.
$(foreach c,$(CELLROWS),$(if $($(c)_CLOCK),,$(eval $(c)_CLOCK := virtual)) \
	$(eval $(c)_ARCHES ?= $$(ARCHES)) $(eval $(c)_RESULTS ?= $(B)/results/$(c)))
FLAVOURS  ?= base patched debug nocompat
FLAVOURS_KNOWN := $(sort $(foreach c,$(CELLROWS),$($(c)_FLAVOUR)))
$(call check_in,FLAVOURS,$(FLAVOURS),$(FLAVOURS_KNOWN),flavour)
# The cells a matrix runs: the FLAVOURS each tree in TREES has.
MATRIX_ROWS := $(foreach t,$(TREES),$(filter $(addprefix $(t)-,$(FLAVOURS)),$(CELLROWS))) $(SERIES_ROW)

# Cell ids <row>-<arch>; what the report reads: row:arch:suite:tree:flavour.
cell_ids   = $(foreach c,$(1),$(foreach a,$($(c)_ARCHES),$(c)-$(a)))
CELL_IDS  := $(call cell_ids,$(CELLROWS))
$(foreach c,$(CELLROWS),$(foreach a,$($(c)_ARCHES),$(eval ROW_$(c)-$(a) := $(c)) $(eval ARCH_$(c)-$(a) := $(a))))
poverlay   = $(call $(1)_OVERLAY,$(2))
suites     = $(call pabis,$($(1)_PAYLOAD),$(2)) $(if $(call poverlay,$($(1)_PAYLOAD),$(2)),overlay)
report_cells = $(foreach c,$(1),$(foreach a,$($(c)_ARCHES),$(foreach i,$(call suites,$(c),$(a)),$(c):$(a):$(i):$($(c)_TREEID):$($(c)_FLAVOUR))))
status_of  = $(foreach c,$(1),$(foreach a,$($(c)_ARCHES),$($(c)_RESULTS)/$(a)/status))
cell_status = $(foreach c,$(1),$($(ROW_$(c))_RESULTS)/$(ARCH_$(c))/status)

# ccache: the same relative layout for every tree (build/<tree>/{src,obj})
# and no cwd in the hash, so derived trees reuse the base objects.
export CCACHE_BASEDIR   := $(B)
export CCACHE_NOHASHDIR := 1
export CCACHE_MAXSIZE   ?= 5G
export KBUILD_BUILD_TIMESTAMP := Mon Sep  1 00:00:00 UTC 2008
export KBUILD_BUILD_USER := matrix
export KBUILD_BUILD_HOST := matrix

# Progress: elapsed time since make started; every stage lands in the
# time table (scripts/timed.sh) that ends the report.
T0 := $(shell date +%s)
stage = @echo "[$$(( $$(date +%s) - $(T0) ))s] $(1)"
timed = scripts/timed.sh $(B)/times "$(1)"

TEST_CFLAGS := -static -O2 -Wall -Wextra -Wno-unused-parameter \
	-Wno-sign-compare -Wno-missing-field-initializers \
	-I$(B)/$(DEFAULT_TREE)/base/src/tools/testing/selftests -Icompat-tests/lib

.PHONY: matrix check lint selfcheck deps trees kernels tests initramfs boot \
	report report-only merge cells cell cell-info shell checkpatch bisect \
	mutants series series-kselftest-fixes lava lava-check bench cost clean disk FORCE \
	cache-info cache-clean culprit
.DEFAULT_GOAL := matrix

matrix: report

# --- dependencies ------------------------------------------------------------
# The stamp is remade when what is asked for changes (another ARCHES too):
# $(B)/.deps-args holds the arguments and is rewritten only when they differ.
DEPS_ARGS := $(foreach a,$(sort $(ARCHES) $(ARCH)),arch:$(DEBARCH_$(a)) $(DEBPKGS_$(a)))
$(B)/.deps-args: FORCE
	@mkdir -p $(B) && echo '$(DEPS_ARGS)' | cmp -s - $@ || echo '$(DEPS_ARGS)' >$@
$(B)/.deps: scripts/deps.sh $(B)/.deps-args
	$(call stage,deps: Debian packages)
	@mkdir -p $(B)
	@$(call timed,deps) scripts/deps.sh $(DEPS_ARGS)
	@touch $@
deps: $(B)/.deps

# --- trees -------------------------------------------------------------------
# Per tree: the tarball (installed on the host by deps, or by package name
# through scripts/fetch-source.sh), <t>/base (the tarball unpacked as a git
# repository, tag base), <t>/patched (git am of the series, a worktree),
# and the commits of its mutants and series prefixes. Trees depend on what
# they are made of, not on tree.sh: a harness change must not unpack and
# rebuild every kernel.
define tree_rules
$(if $(SUITES_$(1)),$(TARBALL_$(1)): $(TARBALL_$(1)).info,
$(TARBALL_$(1)): | $(B)/.deps
	@test -f $$@ || { echo "tree: no $$@ (Debian package $(PKG_$(1)))"; exit 1; })
$(B)/$(1)/base/.tree: $(TARBALL_$(1)) | $(B)/.deps
	$$(call stage,tree: $(1)/base from $(notdir $(TARBALL_$(1))))
	@$$(call timed,tree $(1)/base) scripts/tree.sh base $(TARBALL_$(1)) $(B)/$(1)/base
	@touch $$@
$(B)/$(1)/patched/.tree: $(B)/$(1)/base/.tree $(PATCHDIR_$(1))/series $($(1)_SERIES)
	$$(call stage,tree: $(1)/patched = $(1)/base + $(words $($(1)_SERIES)) patches)
	@$$(call timed,tree $(1)/patched) scripts/tree.sh derive $(B)/$(1)/base/src $(B)/$(1)/patched \
		$(addprefix $(CURDIR)/,$($(1)_SERIES))
	@touch $$@
$(foreach k,$($(1)_BISECTS) $($(1)_MUTANTS),
$(B)/$($(k)_TREE)/.tree: $(B)/$(1)/patched/.tree $($(k)_PATCHES)
	@mkdir -p $$(@D)
	@$$(call timed,tree $(k)) scripts/tree.sh commit $(B)/$(1)/base/src $($(k)_BRANCH) $($(k)_FROM) \
		$(addprefix $(CURDIR)/,$($(k)_PATCHES))
	@touch $$@)
endef
$(foreach t,$(TREES_KNOWN),$(eval $(call tree_rules,$(t))))
define series_tree_rule
$(B)/$($(1)_TREE)/.tree: $(B)/$($(1)_TREEID)/base/.tree $(SERIES_FILES)
	@mkdir -p $$(@D)
	@$$(call timed,tree $(1)) scripts/series-apply.sh $(B)/$($(1)_TREEID)/base/src $($(1)_BRANCH) base $(abspath $(SERIES))
	@touch $$@
endef
$(if $(SERIES_ROW),$(eval $(call series_tree_rule,$(SERIES_ROW))))
trees: $(foreach t,$(TREES),$(B)/$(t)/base/.tree $(B)/$(t)/patched/.tree)
# Every tree's package version (and suite) beside its tarball; the host's
# own tarball's in build/sources/<t>/. One clear line when it cannot be had.
sinfo = $(if $(SUITES_$(1)),$(TARBALL_$(1)).info,$(B)/sources/$(1)/$(notdir $(TARBALL_$(1))).info)
define source_rule
$(call sinfo,$(1)): | $(B)/.deps
	$$(call stage,source $(1): $(PKG_$(1))$(if $(SUITES_$(1)), from $(SUITES_$(1)),))
	@INFO_DIR=$$(@D) $$(call timed,source $(1)) scripts/fetch-source.sh $(1) $(PKG_$(1)) \
		$(TARBALL_$(1)) $(SUITES_$(1))
endef
$(foreach t,$(TREES_KNOWN),$(eval $(call source_rule,$(t))))

# What every report names, per tree in TREES: version, package, tarball and
# its sha256, the series.
tree_info = echo "tree $(1): $$(MAKEFLAGS= make -s -C $(B)/$(1)/base/src kernelversion) from $(TARBALL_$(1)), $$(cat $(call sinfo,$(1)))"; \
	echo "  tarball sha256: $$(sha256sum < $(TARBALL_$(1)) | cut -d' ' -f1)"; \
	echo "  series: $$(git -C $(B)/$(1)/patched/src rev-list --count base..HEAD) patches ($(PATCHDIR_$(1))/), patched HEAD $$(git -C $(B)/$(1)/patched/src rev-parse --short HEAD)";
$(B)/tree-info: $(foreach t,$(TREES),$(B)/$(t)/base/.tree $(B)/$(t)/patched/.tree $(call sinfo,$(t))) FORCE
	@{ $(foreach t,$(TREES),$(call tree_info,$(t))) } > $@.tmp.$$$$ && mv $@.tmp.$$$$ $@

# --- kernels -----------------------------------------------------------------
# Always handed to kbuild.sh, which skips a kernel whose tree, fragments
# and arguments are unchanged, and builds with -j$(nproc) of its own (no
# "+" here: make -n must not start kernel builds).
kbuild_args = $(call kobj,$(1),$(2)) $(KARCH_$(2)) $(CROSS_$(2)) $(IMAGE_$(2)) \
	kconfigs/common.config arch-configs/$(2).config $($(1)_FRAGS) \
	-- $(KMAKE_$(2)) $($(1)_KMAKE)
define kernel_rule
$(call kimg,$(1),$(2)): $(B)/$($(1)_TREE)/.tree FORCE | $(B)/.deps
	$$(call stage,kernel: $(1) $(2))
	@$$(call timed,kernel $(1) $(2)) $(if $($(1)_SHARED),\
		scripts/kbuild-shared.sh $(call kroot,$(1))/base/src $(call kroot,$(1))/shared-$($(1)_SHARED) $($(1)_BRANCH) $$@ --,\
		scripts/kbuild.sh $(B)/$($(1)_TREE)/src) $(call kbuild_args,$(1),$(2))
endef
$(foreach k,$(KERNELS),$(foreach a,$(ARCHES),$(eval $(call kernel_rule,$(k),$(a)))))
kernels: $(foreach c,$(MATRIX_ROWS),$(foreach a,$($(c)_ARCHES),$(call kimg,$($(c)_KERNEL),$(a))))

# --- programs, one build per ABI ---------------------------------------------
$(B)/hdr/%/.stamp: $(B)/$(DEFAULT_TREE)/base/.tree
	$(call stage,headers: uapi for ARCH=$*)
	@$(call timed,headers $*) scripts/headers.sh $(B)/$(DEFAULT_TREE)/base/src $* $(B)/hdr/$*
	@touch $@

# The kernel's own cpio writer, for initramfs without root.
$(B)/tools/gen_init_cpio: $(B)/$(DEFAULT_TREE)/base/.tree
	@mkdir -p $(@D) && gcc -O2 -o $@ $(B)/$(DEFAULT_TREE)/base/src/usr/gen_init_cpio.c

# prog_rule SRCDIR ABI: $(B)/bin/SRCDIR/ABI/.stamp, every program of SRCDIR.
define prog_rule
$(B)/bin/$(1)/$(2)/.stamp: $(wildcard $(1)/*.c compat-tests/lib/*) $(B)/hdr/$(ABIHDR_$(2))/.stamp FORCE
	@$$(call timed,programs $(1) $(2)) scripts/cc-tests.sh $(2) $$(@D) $(ABICC_$(2))gcc \
		$(B)/hdr/$(ABIHDR_$(2))/.stamp -- $(TEST_CFLAGS) \
		-isystem $(B)/hdr/$(ABIHDR_$(2))/usr/include -- $(wildcard $(1)/*.c)
	@touch $$@
endef
$(foreach d,compat-tests compat-tests/bench compat-tests/skip,$(foreach i,$(ABIS),$(eval $(call prog_rule,$(d),$(i)))))
tests: $(foreach i,$(ABIS),$(B)/bin/compat-tests/$(i)/.stamp)

# --- guests: initramfs per payload and arch ----------------------------------
# busybox-static of the guest's own arch, from Debian's archive.
$(B)/busybox/%/bin/busybox: | $(B)/.deps
	$(call stage,busybox: busybox-static:$*)
	@rm -rf $(B)/busybox/$* && mkdir -p $(B)/busybox/$*/deb
	@cd $(B)/busybox/$*/deb && apt-get download -q busybox-static:$* 2>/dev/null
	@dpkg-deb -x $(B)/busybox/$*/deb/*.deb $(B)/busybox/$*
	@test -x $@

# overlay_rule PAYLOAD ARCH: Debian programs + files into the overlay dir.
define overlay_rule
$(call poverlay,$(1),$(2))/.stamp: scripts/debpkgs.sh guests/pkgrun \
		$(foreach f,$($(1)_FILES),$(shell find $(firstword $(subst :, ,$(f))))) | $(B)/.deps
	$$(call stage,overlay: $(1) $(2): $($(1)_PKGS))
	@rm -rf $$(@D) && mkdir -p $$(@D)
	@$$(call timed,overlay $(1) $(2)) scripts/debpkgs.sh $(DEBARCH_$(2)) $$(@D)/pkg \
		$($(1)_PKGS) -- $($(1)_BINS)
	$(if $(and $($(1)_PKGS32),$(DEBARCH32_$(2))),@$$(call timed,overlay $(1) $(2) $(DEBARCH32_$(2))) \
		scripts/debpkgs.sh $(DEBARCH32_$(2)) $$(@D)/pkg32 $($(1)_PKGS32) -- $($(1)_BINS32))
	@cp guests/pkgrun $$(@D)/
	@$(foreach f,$($(1)_FILES),mkdir -p $$(dir $$(@D)/$(lastword $(subst :, ,$(f)))) && \
		cp -r $(firstword $(subst :, ,$(f))) $$(@D)/$(lastword $(subst :, ,$(f)));)
	@touch $$@
endef
$(foreach p,debug bench,$(foreach a,$(ARCHES),$(eval $(call overlay_rule,$(p),$(a)))))

# The selftests are built from the patched tree plus KSELFTEST_FIXES_<t>
# (patches/kselftest-fixes/: fixes of the tests themselves, sent apart
# from the series), a sparse worktree of what the selftests build reads.
KSELFTEST_PATHS := /tools/ /include/ /scripts/ /usr/ /Makefile
define selftests_tree_rule
$(B)/$(1)/selftests/.tree: $(B)/$(1)/patched/.tree $(KSELFTEST_FIXES_$(1)) \
		patches/kselftest-fixes/series
	$$(call stage,tree: $(1)/selftests = $(1)/patched + $(words $(KSELFTEST_FIXES_$(1))) selftest fixes)
	@$$(call timed,tree $(1)/selftests) scripts/tree.sh commit $(B)/$(1)/base/src selftests patched \
		$(addprefix $(CURDIR)/,$(KSELFTEST_FIXES_$(1)))
	@scripts/tree.sh sparse $(B)/$(1)/base/src $(B)/$(1)/selftests selftests $(KSELFTEST_PATHS)
	@touch $$@
endef
$(foreach t,$(TREES_KNOWN),$(eval $(call selftests_tree_rule,$(t))))

# kselftest_rule TREE ABI: $(B)/kselftest/TREE/ABI/bin/.
define kselftest_rule
$(B)/kselftest/$(1)/$(2)/.stamp: $(B)/$(1)/selftests/.tree scripts/kselftests.sh | $(B)/.deps
	$$(call stage,kselftests: $(1) $(2): $(KSELFTESTS) $(KSELFTESTS_$(1)))
	@$$(call timed,kselftests $(1) $(2)) scripts/kselftests.sh $(B)/$(1)/selftests/src $$(@D) \
		$(2) $(ABICC_$(2)) $(ABIHDR_$(2)) $(KSELFTESTS) $(KSELFTESTS_$(1))
	@touch $$@
endef
$(foreach t,$(TREES_KNOWN),$(foreach i,$(ABIS),$(eval $(call kselftest_rule,$(t),$(i)))))
# starter_rule TREE ABI: KSELFTEST_STARTER_<t>, the kselftest's 32-bit
# starter (a 64-bit program). Its Makefile builds it only where $(CC) -m32
# links, which Debian's cross compilers do not: built here from its source
# with that ABI's compiler and the Makefile's flags.
define starter_rule
$(B)/kselftest/$(1)/starter/$(2)/$(notdir $(basename $(KSELFTEST_STARTER_$(1)))): $(B)/$(1)/selftests/.tree | $(B)/.deps
	@mkdir -p $$(@D)
	@$(ABICC_$(2))gcc -static -Wall -O2 -o $$@ \
		$(B)/$(1)/selftests/src/tools/testing/selftests/$(KSELFTEST_STARTER_$(1))
endef
$(foreach t,$(TREES_KNOWN),$(if $(KSELFTEST_STARTER_$(t)),$(foreach i,$(ABIS),$(eval $(call starter_rule,$(t),$(i))))))

# guest_rule PAYLOAD ARCH: $(B)/guest/PAYLOAD/ARCH/initramfs.cpio.
# The ABIs a payload runs on an arch: all, or <V>_ABIS_<arch> (<p>_ARCHVARS).
pabis = $(if $($(1)_ARCHVARS),$($($(1)_ARCHVARS)_ABIS_$(2)),$(ABIS_$(2)))
# <p>_STARTER on an arch: built for the first of its ABIs; the ABI turned
# off there (the arch's ABIs it does not run) is the one whose build of
# the test the starter executes, as <test>_<that ABI> (..._32 -> ..._i386).
starter_abi = $(firstword $(call pabis,$(1),$(2)))
starter_off = $(filter-out $(call pabis,$(1),$(2)),$(ABIS_$(2)))
starter_bin = $(B)/kselftest/$($(1)_KSELFTEST)/starter/$(call starter_abi,$(1),$(2))/$(notdir $(basename $($(1)_STARTER)))
starter_test = $(patsubst %_32,%,$(notdir $(basename $($(1)_STARTER))))
define guest_rule
$(B)/guest/$(1)/$(2)/initramfs.cpio: $(B)/busybox/$(DEBARCH_$(2))/bin/busybox \
		$(B)/tools/gen_init_cpio guests/init scripts/initramfs.sh \
		$(foreach i,$(call pabis,$(1),$(2)),$(B)/bin/$($(1)_SRC)/$(i)/.stamp $(foreach d,$($(1)_MORE),$(B)/bin/$(d)/$(i)/.stamp)) \
		$(if $(filter $(B)/%,$(call poverlay,$(1),$(2))),$(call poverlay,$(1),$(2))/.stamp) \
		$(if $($(1)_KSELFTEST),$(foreach i,$(call pabis,$(1),$(2)),$(B)/kselftest/$($(1)_KSELFTEST)/$(i)/.stamp)) \
		$(if $($(1)_STARTER),$(call starter_bin,$(1),$(2)) $(B)/kselftest/$($(1)_KSELFTEST)/$(call starter_off,$(1),$(2))/.stamp) FORCE
	@rm -rf $$(@D)/tests && mkdir -p $$(@D)/tests
	@$(foreach i,$(call pabis,$(1),$(2)),mkdir -p $$(@D)/tests/$(i) $(if $($(1)_PROGS),&& \
		ln -sf $(foreach t,$($(1)_PROGS),$(B)/bin/$($(1)_SRC)/$(i)/$(t)) $$(@D)/tests/$(i)/) \
		$(foreach d,$($(1)_MORE),&& ln -sf $(B)/bin/$(d)/$(i)/* $$(@D)/tests/$(i)/);)
	@$(if $($(1)_KSELFTEST),$(foreach i,$(call pabis,$(1),$(2)),mkdir -p $$(@D)/tests/$(i)/$($(1)_KSELFTEST_DIR) && \
		ln -sf $(B)/kselftest/$($(1)_KSELFTEST)/$(i)/bin/$(or $($(1)_KSELFTEST_PROGS),*) $$(@D)/tests/$(i)/$($(1)_KSELFTEST_DIR);))
	@$(if $($(1)_STARTER),ln -sf $(call starter_bin,$(1),$(2)) $$(@D)/tests/$(call starter_abi,$(1),$(2))/$($(1)_KSELFTEST_DIR) && \
		ln -sf $(B)/kselftest/$($(1)_KSELFTEST)/$(call starter_off,$(1),$(2))/bin/$(call starter_test,$(1)) \
			$$(@D)/tests/$(call starter_abi,$(1),$(2))/$($(1)_KSELFTEST_DIR)/$(call starter_test,$(1))_$(call starter_off,$(1),$(2)))
	@$$(call timed,initramfs $(1) $(2)) scripts/initramfs.sh $$@ $(B)/tools/gen_init_cpio \
		$(B)/busybox/$(DEBARCH_$(2))/bin/busybox guests/init $$(@D)/tests \
		$(call poverlay,$(1),$(2))
endef
$(foreach p,$(PAYLOADS),$(foreach a,$(ARCHES),$(eval $(call guest_rule,$(p),$(a)))))
initramfs: $(foreach t,$(TREES),$(foreach a,$(ARCHES),$(B)/guest/tests-$(t)/$(a)/initramfs.cpio))

# --- cells -------------------------------------------------------------------
# What a cell boots: ROW ARCH -> kernel, initramfs, command line, QEMU line.
cell_kernel  = $(call kimg,$($(1)_KERNEL),$(2))
cell_initrd  = $(B)/guest/$($(1)_PAYLOAD)/$(2)/initramfs.cpio
cell_cmdline = $(CMDLINE_$(2)) matrix.row=$(1) matrix.timer_irq=$(TIMER_IRQ_$(2)) \
	matrix.clock=$($(1)_CLOCK) $($(1)_CMDLINE)$(if $($(1)_ARCHVARS), $($($(1)_ARCHVARS)_CMDLINE_$(2)))
cell_qemu    = $(QEMU_$(2)) $($(1)_QEMU) $(CLOCK_$($(1)_CLOCK))
# What scripts/boot.sh adds to every cell's command line (a panic ends the
# guest at once; console quiet but for warnings), and a LAVA job too.
export BOOT_APPEND := panic=-1 loglevel=5
# cell_rule ROW ARCH: boot (or reuse) one cell into $(ROW_RESULTS)/ARCH.
define cell_rule
$($(1)_RESULTS)/$(2)/status: $(call cell_kernel,$(1),$(2)) $(call cell_initrd,$(1),$(2)) FORCE
	$$(call stage,cell: $(1)-$(2))
	@BOOT_RETRY="$(BOOT_RETRY_$(2))" $$(call timed,boot $(1)-$(2)) scripts/cell.sh \
		$$(@D) $(BOOT_TIMEOUT) $(call cell_kernel,$(1),$(2)) $(call cell_initrd,$(1),$(2)) \
		"$(call cell_cmdline,$(1),$(2))" $(call cell_qemu,$(1),$(2))
	@echo "    $(1)-$(2): $$$$(cat $$@)"
endef
$(foreach c,$(CELLROWS),$(foreach a,$($(c)_ARCHES),$(eval $(call cell_rule,$(c),$(a)))))
boot: $(call status_of,$(MATRIX_ROWS))

REPORT_DIR ?= $(B)/report
REPORT_ARGS = $(B)/results compat-tests/expected-failures $(B)/tree-info $(REPORT_DIR)
include scripts/results/results.mk
report: $(call status_of,$(MATRIX_ROWS)) $(B)/tree-info | $(B)/.deps-results
	$(call stage,report)
	@scripts/report.sh $(REPORT_ARGS) $(call report_cells,$(MATRIX_ROWS)); rc=$$?; \
		$(if $(SERIES_ROW),scripts/results/series.py $(B)/results $(REPORT_DIR)/series.txt $(TREE)-base $(TREE)-patched $(SERIES_ROW) \
			$(foreach a,$($(SERIES_ROW)_ARCHES),$(addprefix $(a):,$(ABIS_$(a)))) -- $($(TREE)_MUTANTS);) \
		$(call results_record,matrix,local,$(REPORT_DIR),$(B)/results,$(MATRIX_ROWS)) || rc=1; exit $$rc

# --- one cell at a time (CI fan-out, labs) -------------------------------------
cells:
	@printf '%s\n' $(RUN_CELLS)
CELL ?=
cell_check = $(if $(filter $(CELL),$(CELL_IDS)),,$(error CELL=$(CELL): no such cell; 'make cells' lists them))
GOAL_CELLS_cell = $(filter $(CELL),$(CELL_IDS))
cell: $(if $(filter cell cell-info,$(MAKECMDGOALS)),$(cell_check) \
	$(call cell_status,$(GOAL_CELLS_cell)) $(B)/tree-info)
	@scripts/report.sh $(B)/results compat-tests/expected-failures $(B)/tree-info \
		$(B)/report/$(CELL) $(filter $(ROW_$(CELL)):$(ARCH_$(CELL)):%,$(call report_cells,$(ROW_$(CELL)))); rc=$$?; \
		$(call results_record,cell,local,$(B)/report/$(CELL),$(B)/results,$(ROW_$(CELL))) || rc=1; exit $$rc
# --- the cell table: build/cells.json ----------------------------------------------
# Every cell of every row (CELL_IDS) as data, written once per run by the
# goals that read it (make cell-info, culprit, lava, lab-selftest): what a
# lab needs to boot a cell itself, from the rows above and nowhere else.
# scripts/cells.py reads it (make cell-info is its view); no consumer
# parses a cell id or a row name.
RUN_CELLS = $(call cell_ids,$(MATRIX_ROWS) $(RUN_MUTANTS))
empty :=
space := $(empty) $(empty)
jstr  = "$(subst ",\",$(subst \,\\,$(1)))"
jlist = [$(subst $(space),$(comma),$(strip $(foreach w,$(1),$(call jstr,$(w)))))]
# guests/init runs /tests/*/ (sorted bytewise, as make's sort), the overlay last.
guest_suites = $(sort $(call pabis,$($(1)_PAYLOAD),$(2))) $(if $(call poverlay,$($(1)_PAYLOAD),$(2)),overlay)
# A mutant's reference: its tree's patched cell of the same arch.
ref_json = {"row": $(call jstr,$(1)), "cell": $(call jstr,$(1)-$(2)), "results": $(call jstr,$($(1)_RESULTS)/$(2))}
define cell_json
{"id": $(call jstr,$(1)), "row": $(call jstr,$(ROW_$(1))), "arch": $(call jstr,$(ARCH_$(1))),
 "tree": $(call jstr,$($(ROW_$(1))_TREEID)), "flavour": $(call jstr,$($(ROW_$(1))_FLAVOUR)),
 "kernel": {"row": $(call jstr,$($(ROW_$(1))_KERNEL)), "image": $(call jstr,$(call cell_kernel,$(ROW_$(1)),$(ARCH_$(1)))),
  "obj": $(call jstr,$(call kobj,$($(ROW_$(1))_KERNEL),$(ARCH_$(1)))), "tree": $(call jstr,$($($(ROW_$(1))_KERNEL)_TREE)),
  "branch": $(call jstr,$(or $($($(ROW_$(1))_KERNEL)_BRANCH),$(FLAVOUR_$($($(ROW_$(1))_KERNEL)_FLAVOUR)_TREE))),
  "repo": $(call jstr,$(call kroot,$($(ROW_$(1))_KERNEL))/base/src),
  "kbuild": $(call jlist,$(wordlist 2,999,$(call kbuild_args,$($(ROW_$(1))_KERNEL),$(ARCH_$(1)))))},
 "initramfs": $(call jstr,$(call cell_initrd,$(ROW_$(1)),$(ARCH_$(1)))), "payload": $(call jstr,$($(ROW_$(1))_PAYLOAD)),
 "abis": $(call jlist,$(call pabis,$($(ROW_$(1))_PAYLOAD),$(ARCH_$(1)))), "suites": $(call jlist,$(call guest_suites,$(ROW_$(1)),$(ARCH_$(1)))),
 "cmdline": $(call jstr,$(call cell_cmdline,$(ROW_$(1)),$(ARCH_$(1)))), "boot_append": $(call jstr,$(BOOT_APPEND)),
 "qemu": $(call jstr,$(call cell_qemu,$(ROW_$(1)),$(ARCH_$(1)))), "clock": $(call jstr,$($(ROW_$(1))_CLOCK)),
 "timeout": $(BOOT_TIMEOUT), "results": $(call jstr,$($(ROW_$(1))_RESULTS)/$(ARCH_$(1))),
 "report_root": $(call jstr,$(patsubst %/$(ROW_$(1)),%,$($(ROW_$(1))_RESULTS))),
 "report_cells": $(call jlist,$(filter $(ROW_$(1)):$(ARCH_$(1)):%,$(call report_cells,$(ROW_$(1))))),
 "ref": $(if $($(ROW_$(1))_REF),$(call ref_json,$($(ROW_$(1))_REF),$(ARCH_$(1))),null),
 "expected_failures": $(call jstr,$(CURDIR)/compat-tests/expected-failures)}
endef
cells_json = {"run": $(call jlist,$(RUN_CELLS)),$(nl) "cells": [$(nl)$(call cell_json,$(firstword $(1)))$(foreach c,\
	$(wordlist 2,99999,$(1)),$(comma)$(nl)$(call cell_json,$(c)))]}
# Rewritten only when it differs (knobs such as ARCHES, OVERLAY, BOOT_TIMEOUT change it).
$(B)/cells.json: FORCE
	$(shell mkdir -p $(@D))$(file >$@.tmp,$(call cells_json,$(CELL_IDS)))
	@cmp -s $@.tmp $@ && rm -f $@.tmp || mv $@.tmp $@
cells_py = scripts/cells.py $(B)/cells.json
cell-info: $(if $(filter cell-info,$(MAKECMDGOALS)),$(cell_check)) $(B)/cells.json
	@$(cells_py) info $(CELL)

# make culprit CELL=<cell> CASE=<test.case>: the first commit of the cell
# row's branch (a series, SERIES=, a mutant on the series) where CASE,
# passing on the tree's base cell of that arch, fails (scripts/culprit.sh:
# git bisect run, each step a kernel by the cell's own arguments and a boot
# of its initramfs, under build/culprit/<cell>/).
CASE ?=
culprit_base = $($(ROW_$(1))_TREEID)-base-$(ARCH_$(1))
GOAL_CELLS_culprit = $(CELL) $(call culprit_base,$(CELL))
culprit: $(if $(filter culprit,$(MAKECMDGOALS)),$(cell_check) \
	$(if $(CASE),,$(error CASE=: the case to bisect, test.case as the report names it)) \
	$(call cell_status,$(GOAL_CELLS_culprit)) $(B)/cells.json)
	$(call stage,culprit: $(CELL) $(CASE))
	@$(cells_py) info $(CELL) >$(B)/culprit-$(CELL).info
	@scripts/culprit.sh $(B)/culprit-$(CELL).info '$(CASE)' \
		$($(ROW_$(call culprit_base,$(CELL)))_RESULTS)/$(ARCH_$(CELL)) $(B)/culprit/$(CELL)
.PHONY: culprit
# Its test: TREE's series with mutant i as the last-but-one commit (its
# killing case passes on base: the bisect needs a good base); the
# culprit named must be the mutant's commit (scripts/culprit-check.sh).
culprit-check: $(B)/$(TREE)/base/.tree | $(B)/.deps
	+@scripts/culprit-check.sh $(TREE) $(B)/$(TREE)/base/src i x86_64 signal_eintr.pselect6_sticky_caller_blocked $(B)/culprit-check
.PHONY: culprit-check

# Results of cells run elsewhere: FROM=dir (a build/results of another
# machine) is merged in, then the report is made without booting.
FROM ?=
merge:
	@test -d "$(FROM)" || { echo "merge: FROM=$(FROM) is not a directory"; exit 1; }
	@mkdir -p $(B)/results && cp -r $(FROM)/. $(B)/results/
	@echo "merge: $$(cd $(FROM) && find . -name status | wc -l) cells from $(FROM)"
report-only:
	@scripts/report.sh $(REPORT_ARGS) $(call report_cells,$(MATRIX_ROWS))

# --- LAVA: every cell as a LAVA job (scripts/lava.sh) --------------------------
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
# Checked before anything is built: make lava builds every kernel first.
$(if $(ARTIFACT_URL),$(if $(filter lava lava-check lava-validate lab,$(MAKECMDGOALS)),\
	$(eval ARTIFACT_URL_BAD := $(shell python3 scripts/lava/lava.py url '$(ARTIFACT_URL)' 2>&1 >/dev/null))\
	$(if $(ARTIFACT_URL_BAD),$(error $(ARTIFACT_URL_BAD)))))
cell_files = $(foreach c,$(1),$(call cell_kernel,$(ROW_$(c)),$(ARCH_$(c))) $(call cell_initrd,$(ROW_$(c)),$(ARCH_$(c))))
$(B)/.deps-lava: scripts/lava.sh | $(B)/.deps
	@scripts/lava.sh deps && touch $@
GOAL_CELLS_lava = $(LAVA_CELLS)
GOAL_CELLS_lava-check = $(LAVA_CELLS)
GOAL_CELLS_lava-validate = $(LAVA_CELLS)
lava: $(B)/.deps-lava $(B)/tree-info $(B)/cells.json $(call cell_files,$(GOAL_CELLS_lava))
	$(call stage,lava: $(words $(LAVA_CELLS)) cells as LAVA jobs)
	@CELLS_JSON=$(B)/cells.json ARTIFACT_URL='$(ARTIFACT_URL)' \
		$(call timed,lava export) scripts/lava.sh export $(LAVA_CELLS)
lava-check: lava-validate $(addprefix lava-run-,$(LAVA_RUN_CELLS))
lava-validate: lava
	$(call stage,lava: validate $(words $(LAVA_CELLS)) jobs)
	@$(call timed,lava validate) scripts/lava.sh validate $(LAVA_CELLS)
# Each lava-run has its own job id and result folder: they run side by side.
define lava_run_rule
lava-run-$(1): lava $(call cell_status,$(1))
	$$(call stage,lava: lava-run $(1))
	@$$(call timed,lava-run $(1)) scripts/lava.sh run $(1) && scripts/lava.sh compare $(1)
endef
$(foreach c,$(LAVA_RUN_CELLS),$(eval $(call lava_run_rule,$(c))))
.PHONY: lava-validate $(addprefix lava-run-,$(LAVA_RUN_CELLS))

# --- LAVA lab: the jobs on a LAVA server (scripts/lava.sh lab) -----------------
# make lab LAVA_IDENTITY=<lavacli identity> ARTIFACT_URL=<where the lab
# fetches build/lava/jobs from>: make lava's jobs submitted, waited for,
# their consoles and per-case results fetched with lavacli into
# build/lab/results/, reported as make matrix does into build/lab/report/.
# lab-selftest: a throwaway lava-server + lava-worker on 127.0.0.1 runs
# LAB_CELLS through it (bad input first) and compares with make matrix.
# Not in make check: it installs and starts a LAVA server.
LAVA_IDENTITY ?=
LAB_CELLS     ?= $(call cell_ids,$(MATRIX_ROWS))
# Identity and URL are checked before anything is built or exported.
lab-args: $(B)/.deps-lava
	@LAVA_IDENTITY='$(LAVA_IDENTITY)' ARTIFACT_URL='$(ARTIFACT_URL)' \
		scripts/lava.sh lab-args $(firstword $(LAVA_CELLS))
lava: $(if $(filter lab,$(MAKECMDGOALS)),lab-args)
lab: lab-args lava | $(B)/.deps-results
	$(call stage,lab: $(words $(LAVA_CELLS)) cells on LAVA identity $(LAVA_IDENTITY))
	@LAVA_IDENTITY='$(LAVA_IDENTITY)' ARTIFACT_URL='$(ARTIFACT_URL)' \
		$(call timed,lab) scripts/lava.sh lab $(LAVA_CELLS); rc=$$?; \
		[ ! -f $(B)/lab/report/verdicts.tsv ] || $(call results_record,matrix,lab,$(B)/lab/report,$(B)/lab/results,$(sort $(foreach c,$(LAVA_CELLS),$(ROW_$(c))))) || rc=1; exit $$rc
GOAL_CELLS_lab = $(LAVA_CELLS)
GOAL_CELLS_lab-selftest = $(LAB_CELLS)
lab-selftest: $(B)/.deps-lava $(B)/tree-info $(B)/cells.json $(call cell_files,$(GOAL_CELLS_lab-selftest)) \
		$(call cell_status,$(GOAL_CELLS_lab-selftest))
	$(call stage,lab-selftest: $(words $(LAB_CELLS)) cells on a throwaway LAVA server)
	@CELLS_JSON=$(B)/cells.json $(call timed,lab-selftest) scripts/lab-selftest.sh $(LAB_CELLS)
.PHONY: lab lab-args lab-selftest

# --- mutants: plausible wrong fixes the tests must reject ----------------------
# Each mutant-<x> kernel is the series plus one wrong change
# (patches/mutants/); it must fail at least one test that passes on patched.
# A mutant of another tree is compared with that tree's patched cells.
MUTANT_ROWS = $(sort $(foreach m,$(RUN_MUTANTS),$($(m)_REF))) $(RUN_MUTANTS)
GOAL_CELLS_mutants = $(call cell_ids,$(MUTANT_ROWS))
mutants: $(call cell_status,$(GOAL_CELLS_mutants)) $(B)/tree-info | $(B)/.deps-results
	$(call stage,mutants)
	@scripts/mutants.sh $(B)/results compat-tests/expected-failures $(B)/tree-info \
		$(REPORT_DIR)/mutants \
		$(foreach m,$(RUN_MUTANTS),"$(m) $($(m)_REF) $(call report_cells,$(m))"); rc=$$?; \
		scripts/report.sh $(B)/results compat-tests/expected-failures $(B)/tree-info $(REPORT_DIR)/mutants/verdicts \
			$(call report_cells,$(MUTANT_ROWS)) >/dev/null; \
		$(call results_record,mutants,local,$(REPORT_DIR)/mutants/verdicts,$(B)/results,$(MUTANT_ROWS)) || rc=1; exit $$rc

# --- the debug guest is a flavour row above; bench rows ------------------------
$(B)/.deps-bench: scripts/deps.sh | $(B)/.deps
	@DEPS_EXTRA=gnuplot-nox scripts/deps.sh && touch $@
GOAL_CELLS_bench = $(call cell_ids,$(BENCH_CELLS))
bench: $(B)/.deps-bench $(call cell_status,$(GOAL_CELLS_bench))
	$(call stage,bench: report)
	@scripts/bench-report.sh $(B)/bench "$(BENCH_KERNELS)" "$(ARCHES)"
# make cost: the cost cells alone (the count clock: minutes, not bench's
# half hour of host-time sweeps) and their table (scripts/cost-report.sh).
GOAL_CELLS_cost = $(call cell_ids,$(COST_CELLS))
cost: $(call cell_status,$(GOAL_CELLS_cost))
	$(call stage,cost: report)
	@scripts/cost-report.sh $(B)/bench "$(ARCHES)"

# --- interactive -------------------------------------------------------------
FLAVOUR ?= patched
shell: $(call kimg,$(TREE)-$(FLAVOUR),$(ARCH)) $(B)/guest/tests-$(TREE)/$(ARCH)/initramfs.cpio
	$(QEMU_$(ARCH)) -kernel $< -initrd $(B)/guest/tests-$(TREE)/$(ARCH)/initramfs.cpio \
		-append "$(CMDLINE_$(ARCH)) matrix.shell" -nographic -no-reboot

# --- the series' own checks --------------------------------------------------
# The trees are release tarballs without history: checkpatch cannot look up
# the commit a Fixes: tag names and warns UNKNOWN_COMMIT_ID for every one
# (docs/series.md says how each id was found).
CHECKPATCH_FLAGS := --strict --no-tree -q --ignore UNKNOWN_COMMIT_ID
# Per tree in TREES: checkpatch-<t> (that tree's checkpatch.pl --strict on
# its series and selftest fixes; on stdin, since given a file name inside a
# git tree checkpatch checks the file itself, not the patch in it),
# bisect-<t> (every prefix of the series on every arch, a kernel row each),
# series-<t>. The committed patches/ are a draft under the project's shared
# identity: series-<t> writes that tree's series re-signed under the
# sender's git identity (git config user.name/user.email) to
# SERIES_OUT/<t> (SERIES_OUT=patches: its PATCHDIR); make series is
# series-$(TREE); series-kselftest-fixes writes the selftest fixes, on the
# tree they are made on (KSELFTEST_FIXES_TREE).
SERIES_OUT ?= $(B)/series
define tree_checks
checkpatch-$(1): $(B)/$(1)/base/.tree
	$$(call stage,checkpatch --strict on the $(1) series)
	@for p in $($(1)_SERIES) $(KSELFTEST_FIXES_$(1)); do \
		$(B)/$(1)/base/src/scripts/checkpatch.pl $(CHECKPATCH_FLAGS) - < $$$$p || \
			{ echo "checkpatch: $$$$p"; exit 1; }; \
	done; echo "    checkpatch $(1): $(words $($(1)_SERIES)) patches and $(words $(KSELFTEST_FIXES_$(1))) selftest fixes clean (mutants are test fixtures, not submissions)"
series-$(1): $(B)/$(1)/base/.tree
	@scripts/series.sh $(B)/$(1)/base/src $(PATCHDIR_$(1)) $(SERIES_OUT)/$(1)
GOAL_KPAIRS_bisect-$(1) = $$(foreach k,$$($(1)_BISECTS),$$(foreach a,$$(ARCHES),$$(k):$$(a)))
bisect-$(1): $$(call kimgs,$$(GOAL_KPAIRS_bisect-$(1)))
	@echo "    bisect $(1): $(words $($(1)_BISECTS)) prefixes build, fs/select.c -Werror, on: $(ARCHES)"
endef
$(foreach t,$(TREES_KNOWN),$(eval $(call tree_checks,$(t))))
checkpatch: $(addprefix checkpatch-,$(TREES))
GOAL_KPAIRS_bisect = $(foreach t,$(TREES),$(GOAL_KPAIRS_bisect-$(t)))
bisect: $(addprefix bisect-,$(TREES))
series: series-$(TREE)
series-kselftest-fixes: $(B)/$(KSELFTEST_FIXES_TREE)/base/.tree
	@scripts/series.sh $(B)/$(KSELFTEST_FIXES_TREE)/base/src patches/kselftest-fixes \
		$(SERIES_OUT)/kselftest-fixes

# --- b4-prep: the send path through b4 -----------------------------------------
# make b4-prep [TREE=<t>]: TREE's series in a b4 prep branch of a throwaway
# clone of its base, under the sender's git identity, with the cover letter,
# To/Cc from get_maintainer.pl and checkpatch; what b4 send would send goes
# to build/b4/<t>/ and its headers are printed. No mail is sent
# (scripts/b4-prep.sh). A missing identity is refused before any work.
.PHONY: b4-prep
ifneq ($(filter b4-prep,$(MAKECMDGOALS)),)
$(if $(shell scripts/b4-prep.sh --sender 2>/dev/null),,$(error b4-prep: no sender identity: set git config user.name and user.email))
endif
b4-prep: $(B)/$(TREE)/base/.tree | $(B)/.deps
	@scripts/b4-prep.sh $(B)/$(TREE)/base/src $(PATCHDIR_$(TREE)) $(B)/b4/$(TREE) $(TREE)

SHELL_SCRIPTS := $(wildcard scripts/*.sh scripts/results/*.sh .ci/run) guests/init guests/pkgrun \
	guests/cyclictest.sh guests/debug/trinity $(wildcard guests/debug/*.d/*)
lint: | $(B)/.deps
	$(call stage,lint: shellcheck)
	@shellcheck -x $(SHELL_SCRIPTS) && echo "    shellcheck: $(words $(SHELL_SCRIPTS)) scripts clean"

selfcheck: | $(B)/.deps $(B)/.deps-lava
	$(call stage,selfcheck: harness)
	@scripts/selfcheck.sh

# make check: what CI runs on every change, within its budget on 2 cores:
# the default tree on every arch with the debug guest, LAVA's validation
# and lava-run, the mutants of TREES (RUN_MUTANTS) on CHECK_MUTANT_ARCHES
# (x86_64: every mutant but d, which needs a native 32-bit kernel; a
# mutant tests the tests, which only a change to the tests or the series
# can weaken, and that change runs make check-all: every mutant on every
# arch; a harness change breaks what the base and patched cells show), the
# base and patched cells of CHECK_TREES and the mutant cells of
# CHECK_MUTANT_TREES on CHECK_TREE_ARCHES with their checkpatch
# (report in build/report/trees/). make check-all: everything, every tree, mutant and
# series prefix on every arch in ARCHES (what a series change needs).
CHECK_MUTANT_ARCHES ?= x86_64
# The other trees with CHECK_<t> := y in trees/<t>.mk (7.2).
CHECK_TREES         ?= $(strip $(foreach t,$(TREES_KNOWN),$(if $(CHECK_$(t)),$(t))))
# Of those, the trees whose mutants it boots (CHECK_MUTANTS_<t> := y: 7.2).
CHECK_MUTANT_TREES  ?= $(strip $(foreach t,$(CHECK_TREES),$(if $(CHECK_MUTANTS_$(t)),$(t))))
CHECK_TREE_ARCHES   ?= x86_64
# lava-run replays the matrix's boots under LAVA's dispatcher: one arch
# shows a harness change to that path; every arch's job is held against
# scripts/lava/refs/ by selfcheck without a boot (check-all: every arch).
CHECK_LAVA_RUN_ARCHES ?= x86_64
$(foreach v,CHECK_MUTANT_ARCHES CHECK_TREE_ARCHES CHECK_LAVA_RUN_ARCHES,\
	$(call check_in,$(v),$($(v)),$(ARCHES_KNOWN),arch (arch-configs/<arch>.mk)))
check: lint selfcheck checkpatch matrix check-kernels check-lava check-mutants check-trees check-dashboard
# The matrix's dashboard (build/report/index.html) in headless Chromium.
check-dashboard: | matrix
	@$(MAKE) POOL=parent dashboard-check
# Every kernel the check's sub-makes boot, built here in the kernel chain.
# kernel:arch pairs (kimgs turns them into images).
CHECK_KPAIRS = $(foreach m,$(RUN_MUTANTS),$(foreach a,$(filter $(CHECK_MUTANT_ARCHES),$($(m)_ARCHES)),$(m):$(a))) \
	$(foreach t,$(CHECK_TREES),$(foreach k,base patched,\
		$(foreach a,$(filter $(CHECK_TREE_ARCHES),$(ARCHES)),$(t)-$(k):$(a))) \
		$(foreach m,$(if $(filter $(t),$(CHECK_MUTANT_TREES)),$($(t)_MUTANTS)),\
			$(foreach a,$(filter $(CHECK_TREE_ARCHES),$($(m)_ARCHES)),$(m):$(a))))
check-kernels: $(call kimgs,$(CHECK_KPAIRS))
# LAVA jobs of the cells make check builds: no mutant kernel for an arch
# outside CHECK_MUTANT_ARCHES just to export its job (make lava: all).
CHECK_LAVA_CELLS = $(call cell_ids,$(MATRIX_ROWS)) \
	$(filter $(addprefix %-,$(CHECK_MUTANT_ARCHES)),$(call cell_ids,$(RUN_MUTANTS)))
# After the matrix, the LAVA and mutant stages side by side in make's pool
# (lava-run boots one guest: alone it left a core idle), then the other
# trees (they write tree-info, cells.json and build/lava/ of their own
# knobs, which the first two read).
check-lava: | matrix check-kernels
	@$(MAKE) POOL=parent lava-check LAVA_CELLS="$(strip $(CHECK_LAVA_CELLS))" \
		LAVA_RUN_CELLS="$(foreach a,$(filter $(CHECK_LAVA_RUN_ARCHES),$(ARCHES)),$(firstword $(MATRIX_ROWS))-$(a))"
check-mutants: | matrix check-kernels
	@$(MAKE) POOL=parent mutants ARCHES="$(filter $(CHECK_MUTANT_ARCHES),$(ARCHES))"
# Their cells' LAVA jobs are validated too (exported beside the default's).
check-trees: | check-lava check-mutants
	$(if $(CHECK_TREES),@$(MAKE) POOL=parent report $(if $(CHECK_MUTANT_TREES),mutants) lava-validate $(addprefix checkpatch-,$(CHECK_TREES)) \
		TREES="$(CHECK_TREES)" ARCHES="$(CHECK_TREE_ARCHES)" FLAVOURS="base patched nocompat" \
		MUTANT_TREES="$(CHECK_MUTANT_TREES)" REPORT_DIR=$(B)/report/trees \
		LAVA_CELLS="$(foreach t,$(CHECK_TREES),$(filter $(addprefix %-,$(CHECK_TREE_ARCHES)),\
			$(call cell_ids,$(t)-base $(t)-patched $(if $(filter $(t),$(CHECK_MUTANT_TREES)),$($(t)_MUTANTS)))))")
check-all:
	@$(MAKE) check bisect TREES="$(TREES_KNOWN)" CHECK_TREES= CHECK_MUTANT_ARCHES="$(ARCHES)" \
		CHECK_LAVA_RUN_ARCHES="$(ARCHES)" CHECK_DEBUG_ARCHES="$(ARCHES)"
.PHONY: check-all check-kernels check-lava check-mutants check-trees check-dashboard \
	$(foreach t,$(TREES_KNOWN),checkpatch-$(t) bisect-$(t) series-$(t))

# --- the kernel chain -----------------------------------------------------------
# One kernel build at a time, each with every core (kbuild.sh -j$(nproc)),
# so a cell boots beside the next build: GNU make would otherwise start
# every kernel it can before any boot, and a cold matrix ended with the
# KASAN guest booting alone. Rows with <row>_FIRST (the longest boot) lead.
# Only for the goals that build many kernels: make cell builds its own.
# Not under make -k: a failed kernel would hold back every one after it.
KCHAIN_GOALS := matrix report boot kernels check
uniq   = $(if $(1),$(firstword $(1)) $(call uniq,$(filter-out $(firstword $(1)),$(1))))
KCHAIN_ROWS = $(foreach c,$(MATRIX_ROWS),$(if $($(c)_FIRST),$(c))) \
	$(foreach c,$(MATRIX_ROWS),$(if $($(c)_FIRST),,$(c)))
KCHAIN_PAIRS = $(call uniq,$(foreach c,$(KCHAIN_ROWS),$(foreach a,$($(c)_ARCHES),$($(c)_KERNEL):$(a))) \
	$(if $(filter check,$(MAKECMDGOALS)),$(CHECK_KPAIRS)))
kchain = $(if $(word 2,$(1)),$(eval $(word 2,$(1)): | $(word 1,$(1)))$(call kchain,$(wordlist 2,$(words $(1)),$(1))))
CHAIN_RUN := $(if $(if $(MAKECMDGOALS),$(filter $(KCHAIN_GOALS),$(MAKECMDGOALS)),y),y)
ifeq ($(CHAIN_RUN),y)
ifeq ($(findstring k,$(firstword -$(MAKEFLAGS))),)
$(call kchain,$(call kimgs,$(KCHAIN_PAIRS)))
endif
endif

# --- disk ----------------------------------------------------------------------
# Checked before deps, the first stage (scripts/disk.sh): the kernels of the
# chain above, of make bisect, or of the cells the other goals boot. MiB
# each, measured in a cold make check (README "Gate speed"): a tree
# unpacked as a git repository with its tarball, a patched or shared
# worktree, one kernel's objects, the rest, and ccache when it shares the
# filesystem (446 MiB after every tree's kernels on every arch).
DISK_CHECK        ?= y
$(call check_in,DISK_CHECK,$(DISK_CHECK),y n,value)
DISK_MIB_TREE     := 2800
DISK_MIB_WORKTREE := 1700
DISK_MIB_KERNEL   := 200
DISK_MIB_RUN      := 1500
DISK_MIB_CCACHE   := 500
kwt   = $(if $($(1)_SHARED),$(call kroot,$(1))/shared-$($(1)_SHARED)/src,$(if $(filter base %/base,$($(1)_TREE)),,$(B)/$($(1)_TREE)/.tree))
kdisk = $(foreach p,$(1),$(call kdisk1,$(firstword $(subst :, ,$(p))),$(lastword $(subst :, ,$(p)))))
kdisk1 = $(call kobj,$(1),$(2)):$(call kroot,$(1))/base/.tree:$(call kwt,$(1))
cell_kpairs = $(foreach c,$(1),$($(ROW_$(c))_KERNEL):$(ARCH_$(c)))
# The goals' own tables, beside each goal's rule: GOAL_CELLS_<goal> (the
# cells it boots or exports) and GOAL_KPAIRS_<goal> (kernel:arch it builds).
DISK_CELLS = $(foreach g,$(MAKECMDGOALS),$(GOAL_CELLS_$(g)))
DISK_KPAIRS = $(if $(CHAIN_RUN),$(KCHAIN_PAIRS)) $(call cell_kpairs,$(DISK_CELLS)) \
	$(foreach g,$(MAKECMDGOALS),$(GOAL_KPAIRS_$(g)))
disk:
	$(if $(filter y,$(DISK_CHECK)),@scripts/disk.sh $(B) $(DISK_MIB_TREE) $(DISK_MIB_WORKTREE) \
		$(DISK_MIB_KERNEL) $(DISK_MIB_RUN) $(DISK_MIB_CCACHE) \
		$(call kdisk,$(call uniq,$(DISK_KPAIRS))))
$(B)/.deps: | disk

clean:
	rm -rf $(B)/results $(B)/report $(B)/guest $(B)/bin $(B)/times
cache-info:
	@scripts/cache.sh info
cache-clean:
	@scripts/cache.sh clean

FORCE:
# Stamps made by pattern rules are not intermediates to delete.
.SECONDARY:
