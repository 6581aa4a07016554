# mk/check.mk: make check and check-all, in one place: their parts (lint,
# selfcheck, the sub-makes), the kernel chain of the goals that build many
# kernels, and the disk check every building goal starts with, estimated
# from the same rows and goal tables (GOAL_CELLS_<goal>, GOAL_KPAIRS_<goal>
# beside each goal's rule) as the rules.

SHELL_SCRIPTS := $(wildcard scripts/*/*.sh .ci/run) guests/init guests/suite.sh guests/pkgrun \
	guests/cyclictest.sh guests/debug/trinity $(wildcard guests/debug/*.d/*)
# The project's Python: one package and its entry.
PY_SCRIPTS := scripts/matrix.py $(shell find scripts/matrix -name '*.py')
# compat-tests (and bench, skip) with warnings as errors, compiled for the
# host's ABI only: the cross compilers are make check's (deps), not lint's.
LINT_C      := $(wildcard compat-tests/*.c compat-tests/*/*.c)
LINT_CFLAGS  = $(filter-out -static -I$(B)/%,$(TEST_CFLAGS)) -Werror -I$(B)/lint
# Only lint's own packages; kselftest.h from the default tree, unpacked or not.
$(B)/.deps-lint: scripts/steps/deps.sh
	@mkdir -p $(B) && DEPS_ONLY="shellcheck pyflakes3 gcc libc6-dev $(TREE_$(DEFAULT_TREE)_PKG)" scripts/steps/deps.sh && touch $@
$(B)/lint/kselftest.h: | $(B)/.deps-lint
	@mkdir -p $(@D) && k=tools/testing/selftests/kselftest.h && \
	if [ -f $(B)/$(DEFAULT_TREE)/base/src/$$k ]; then cp $(B)/$(DEFAULT_TREE)/base/src/$$k $@; \
	else tar -xJOf $(TREE_$(DEFAULT_TREE)_TARBALL) --wildcards "*/$$k" >$@.tmp && mv $@.tmp $@; fi
lint: $(B)/lint/kselftest.h | $(B)/.deps-lint
	$(call step,lint: shellcheck$(comma) pyflakes$(comma) imports$(comma) compat-tests -Werror)
	@shellcheck -x $(SHELL_SCRIPTS) && echo "    shellcheck: $(words $(SHELL_SCRIPTS)) scripts clean"
	@pyflakes3 $(PY_SCRIPTS) && echo "    pyflakes: $(words $(PY_SCRIPTS)) Python files clean"
	@scripts/matrix.py imports >$(B)/lint/imports.txt || { cat $(B)/lint/imports.txt; exit 1; }; \
		echo "    $$(tail -n 1 $(B)/lint/imports.txt) (scripts/matrix.py imports)"
	@for f in $(LINT_C); do gcc $(LINT_CFLAGS) -DABI_NAME='"lint"' -c -o /dev/null $$f || exit 1; done && \
		echo "    compat-tests: $(words $(LINT_C)) sources clean with -Werror for the host ABI ($$(uname -m))"

# guests/suite.sh runs under the guest's busybox of the host's arch; the
# store's and KCIDB's cases need its packages (python3-jsonschema), which
# a make check selecting no report stage would not install.
SELFCHECK_BUSYBOX := $(B)/busybox/$(shell dpkg --print-architecture)/bin/busybox
selfcheck: | $(B)/.deps $(B)/.deps-lava $(B)/.deps-results $(SELFCHECK_BUSYBOX)
	$(call step,selfcheck: harness)
	@SELFCHECK_BUSYBOX=$(SELFCHECK_BUSYBOX) scripts/selfcheck/selfcheck.sh
# Its cases on the default tree SKIP while there is none; a make check that
# makes the tree anyway (its matrix) waits for it (beside the first kernel).
ifeq ($(PROFILE),check)
$(if $(CHECK_MATRIX),$(eval selfcheck: | $(B)/$(DEFAULT_TREE)/base/.tree))
endif

# make check: what CI runs on every change, within 45 minutes from nothing
# on 2 cores (4 full kernels; README "The two commands" says why these):
# the default tree's base and patched on CHECK_ARCHES (x86_64 and arm64,
# every user ABI), LAVA's validation and lava-run, the mutants of TREES
# (RUN_MUTANTS) on CHECK_MUTANT_ARCHES (x86_64: every mutant but d, which
# needs a native 32-bit kernel; a mutant tests the tests, which only a
# change to the tests or the series can weaken, and that change runs make
# check-all: every mutant on every arch; a harness change breaks what the
# base and patched cells show); the debug guest on CHECK_DEBUG_ARCHES and
# the trees of CHECK_TREES (base, patched, the mutants of
# CHECK_MUTANT_TREES on CHECK_TREE_ARCHES, their checkpatch; report in
# build/report/trees/): none by default. make check-all: everything, every
# tree, mutant, debug guest and prefix of the series on every arch (what a change
# to a series or the tests needs). Which of these stages a make check runs
# comes from what changed (mk/check-select.mk, the table mk/check-paths).
CHECK_MUTANT_ARCHES ?= x86_64
# The other trees with CHECK_<t> := y in trees/<t>.mk (none: README).
CHECK_TREES         ?= $(strip $(foreach t,$(TREES_KNOWN),$(if $(TREE_$(t)_CHECK)$(filter $(t),$(CHECK_STAGE_TREES)),$(t))))
# Of those, the trees whose mutants it boots (CHECK_MUTANTS_<t> := y: 7.2).
CHECK_MUTANT_TREES  ?= $(strip $(foreach t,$(CHECK_TREES),$(if $(TREE_$(t)_CHECK_MUTANTS),$(t))))
CHECK_TREE_ARCHES   ?= x86_64
# lava-run replays the matrix's boots under LAVA's dispatcher: one arch
# shows a harness change to that path; every arch's job is held against
# scripts/lava/refs/ by selfcheck without a boot (check-all: every arch).
CHECK_LAVA_RUN_ARCHES ?= x86_64
$(foreach v,CHECK_MUTANT_ARCHES CHECK_TREE_ARCHES CHECK_LAVA_RUN_ARCHES,\
	$(call check_in,$(v),$($(v)),$(ARCHES_KNOWN),arch (arch-configs/<arch>.mk)))
# A check that boots no mutant would say "mutants: PASS (0 killed)".
$(if $(filter check,$(PROFILE)),$(if $(call check_has,mutants),$(if $(filter $(CHECK_MUTANT_ARCHES),$(ARCHES)),,\
	$(error CHECK_MUTANT_ARCHES=$(CHECK_MUTANT_ARCHES): none of make check's ARCHES ($(ARCHES)); add one to CHECK_ARCHES))))
CHECK_PARTS = lint selfcheck $(if $(call check_has,checkpatch),checkpatch) \
	$(if $(CHECK_MATRIX),matrix check-dashboard) check-kernels $(if $(call check_has,lava),check-lava) \
	$(if $(call check_has,mutants),check-mutants) $(if $(CHECK_TREES),check-trees)
# Passed: remembered for the next make check's selection (CHECK_RECORD:
# HEAD, or - when the work tree was not clean or a knob narrowed the check).
check: $(CHECK_PARTS)
	@scripts/steps/check-select.sh record '$(MATRIX_CACHE)' '$(CHECK_RECORD)' $(CHECK_STAGES)
# The matrix's dashboard (build/report/index.html) in headless Chromium.
check-dashboard: | matrix
	@$(MAKE) POOL=parent dashboard-check ARCHES="$(ARCHES)"
# Every kernel the check's sub-makes boot, built here in the kernel chain.
# kernel:arch pairs (kimgs turns them into images).
CHECK_KPAIRS = $(if $(call check_has,mutants),$(foreach m,$(RUN_MUTANTS),$(foreach a,$(filter $(CHECK_MUTANT_ARCHES),$(ROW_$(m)_ARCHES)),$(m):$(a)))) \
	$(foreach t,$(CHECK_TREES),$(foreach k,base patched,\
		$(foreach a,$(filter $(CHECK_TREE_ARCHES),$(ARCHES)),$(t)-$(k):$(a))) \
		$(foreach m,$(if $(filter $(t),$(CHECK_MUTANT_TREES)),$(TREE_$(t)_MUTANT_ROWS)),\
			$(foreach a,$(filter $(CHECK_TREE_ARCHES),$(ROW_$(m)_ARCHES)),$(m):$(a))))
check-kernels: $(call kimgs,$(CHECK_KPAIRS))
# LAVA jobs of the cells make check builds: no mutant kernel for an arch
# outside CHECK_MUTANT_ARCHES just to export its job (make lava: all).
CHECK_LAVA_CELLS = $(call cell_ids,$(MATRIX_ROWS)) $(if $(call check_has,mutants),\
	$(filter $(addprefix %-,$(CHECK_MUTANT_ARCHES)),$(call cell_ids,$(RUN_MUTANTS))))
# After the matrix, the LAVA and mutant stages side by side in make's pool
# (lava-run boots one guest: alone it left a core idle), then the other
# trees (they write cells.json and build/lava/ of their own knobs, which
# the first two read; the mutants' stage, of other ARCHES beside the LAVA
# stage, has a cell table of its own).
check-lava: | matrix check-kernels
	@$(MAKE) POOL=parent lava-check ARCHES="$(ARCHES)" LAVA_CELLS="$(strip $(CHECK_LAVA_CELLS))" \
		LAVA_RUN_CELLS="$(foreach a,$(filter $(CHECK_LAVA_RUN_ARCHES),$(ARCHES)),$(firstword $(MATRIX_ROWS))-$(a))"
check-mutants: | matrix check-kernels
	@$(MAKE) POOL=parent mutants ARCHES="$(filter $(CHECK_MUTANT_ARCHES),$(ARCHES))" CELLS_JSON=$(B)/cells-mutants.json
# Their cells' LAVA jobs are validated too (exported beside the default's).
check-trees: | check-kernels $(filter check-lava check-mutants,$(CHECK_PARTS))
	$(if $(CHECK_TREES),@$(MAKE) POOL=parent report $(if $(CHECK_MUTANT_TREES),mutants) lava-validate $(addprefix checkpatch-,$(CHECK_TREES)) \
		TREES="$(CHECK_TREES)" ARCHES="$(CHECK_TREE_ARCHES)" FLAVOURS="base patched nocompat" \
		MUTANT_TREES="$(CHECK_MUTANT_TREES)" REPORT_DIR=$(B)/report/trees \
		LAVA_CELLS="$(foreach t,$(CHECK_TREES),$(filter $(addprefix %-,$(CHECK_TREE_ARCHES)),\
			$(call cell_ids,$(t)-base $(t)-patched $(if $(filter $(t),$(CHECK_MUTANT_TREES)),$(TREE_$(t)_MUTANT_ROWS)))))")
# Then make mutation of every tree (mk/mutation.mk), one tree at a time.
check-all:
	@$(MAKE) check bisect TREES="$(TREES_KNOWN)" ARCHES="$(ARCHES)" CHECK_TREES= CHECK_MUTANT_ARCHES="$(ARCHES)" \
		CHECK_LAVA_RUN_ARCHES="$(ARCHES)" CHECK_DEBUG_ARCHES="$(ARCHES)" CHECK_STAGES=default \
		CHECK_RECORD=$(check_all_record)
	@rc=0; for t in $(TREES_KNOWN); do $(MAKE) mutation TREE=$$t ARCHES="$(ARCHES)" || rc=1; done; exit $$rc
.PHONY: check-all check-kernels check-lava check-mutants check-trees check-dashboard \
	$(foreach t,$(TREES_KNOWN),checkpatch-$(t) bisect-$(t) series-$(t))

# --- the kernel chain -----------------------------------------------------------
# One kernel build at a time, each with every core (kbuild.sh -j$(nproc)),
# so a cell boots beside the next build: GNU make would otherwise start
# every kernel it can before any boot, and a cold matrix ended with the
# KASAN guest booting alone. Rows with ROW_<row>_FIRST (the longest boot) lead.
# Only for the goals that build many kernels: make cell builds its own.
# Not under make -k: a failed kernel would hold back every one after it.
KCHAIN_GOALS := matrix report boot kernels check
KCHAIN_ROWS = $(foreach c,$(MATRIX_ROWS),$(if $(ROW_$(c)_FIRST),$(c))) \
	$(foreach c,$(MATRIX_ROWS),$(if $(ROW_$(c)_FIRST),,$(c)))
KCHAIN_MATRIX = $(foreach c,$(KCHAIN_ROWS),$(foreach a,$(ROW_$(c)_ARCHES),$(ROW_$(c)_KERNEL):$(a)))
KCHAIN_PAIRS = $(call uniq,$(if $(filter check,$(PROFILE)),$(if $(CHECK_MATRIX),$(KCHAIN_MATRIX)) $(CHECK_KPAIRS),$(KCHAIN_MATRIX)))
kchain = $(if $(word 2,$(1)),$(eval $(word 2,$(1)): | $(word 1,$(1)))$(call kchain,$(wordlist 2,$(words $(1)),$(1))))
CHAIN_RUN := $(if $(call goal,$(KCHAIN_GOALS)),y)
ifeq ($(CHAIN_RUN),y)
ifeq ($(findstring k,$(firstword -$(MAKEFLAGS))),)
$(call kchain,$(call kimgs,$(KCHAIN_PAIRS)))
endif
endif

# --- disk ----------------------------------------------------------------------
# Checked before deps, the first stage (scripts/steps/disk.sh): the kernels of the
# chain above, of make bisect, or of the cells the other goals boot. MiB
# each, measured in a cold make check (docs/measurements.md): a tree
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
kwt   = $(if $(ROW_$(1)_SHARED),$(call kroot,$(1))/shared-$(ROW_$(1)_SHARED)/src,$(if $(filter base %/base,$(ROW_$(1)_SOURCE))$(ROW_$(1)_IMAGE),,$(B)/$(ROW_$(1)_SOURCE)/.tree))
kdisk = $(foreach p,$(1),$(call kdisk1,$(firstword $(subst :, ,$(p))),$(lastword $(subst :, ,$(p)))))
kdisk1 = $(call kobj,$(1),$(2)):$(call kroot,$(1))/base/.tree:$(call kwt,$(1))
cell_kpairs = $(foreach c,$(1),$(ROW_$(CELL_$(c)_ROW)_KERNEL):$(CELL_$(c)_ARCH))
# The goals' own tables, beside each goal's rule: GOAL_CELLS_<goal> (the
# cells it boots or exports) and GOAL_KPAIRS_<goal> (kernel:arch it builds).
DISK_CELLS = $(foreach g,$(GOALS),$(GOAL_CELLS_$(g)))
DISK_KPAIRS = $(if $(CHAIN_RUN),$(KCHAIN_PAIRS)) $(call cell_kpairs,$(DISK_CELLS)) \
	$(foreach g,$(GOALS),$(GOAL_KPAIRS_$(g)))
disk:
	$(if $(filter y,$(DISK_CHECK)),@scripts/steps/disk.sh $(B) $(DISK_MIB_TREE) $(DISK_MIB_WORKTREE) \
		$(DISK_MIB_KERNEL) $(DISK_MIB_RUN) $(DISK_MIB_CCACHE) \
		$(call kdisk,$(call uniq,$(DISK_KPAIRS))))
$(B)/.deps: | disk

# What make check selected and why, first, once every knob has been checked.
$(if $(filter check,$(PROFILE)),$(info $(CHECK_SELECTED)))
