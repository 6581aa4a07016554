# mk/series.mk: the series' own checks and tools: checkpatch, every prefix
# built (bisect), the series re-signed (series), the b4 send path
# (b4-prep), and the commit of a row's branch where a case starts failing
# (culprit). The row of a posted SERIES= is made in mk/rows.mk.

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
$(call check_dir,SERIES_OUT)
define tree_checks
checkpatch-$(1): $(B)/$(1)/base/.tree
	$$(call step,checkpatch --strict on the $(1) series)
	@for p in $(TREE_$(1)_SERIES) $(TREE_$(1)_KSELFTEST_FIXES); do \
		$(B)/$(1)/base/src/scripts/checkpatch.pl $(CHECKPATCH_FLAGS) - < $$$$p || \
			{ echo "checkpatch: $$$$p"; exit 1; }; \
	done; echo "    checkpatch $(1): $(words $(TREE_$(1)_SERIES)) patches and $(words $(TREE_$(1)_KSELFTEST_FIXES)) selftest fixes clean (mutants are test fixtures, not submissions)"
series-$(1): $(B)/$(1)/base/.tree
	@scripts/series/series.sh $(B)/$(1)/base/src $(TREE_$(1)_PATCHDIR) $(SERIES_OUT)/$(1)
GOAL_KPAIRS_bisect-$(1) = $$(foreach k,$$(TREE_$(1)_BISECT_ROWS),$$(foreach a,$$(ARCHES),$$(k):$$(a)))
bisect-$(1): $$(call kimgs,$$(GOAL_KPAIRS_bisect-$(1)))
	@echo "    bisect $(1): $(words $(TREE_$(1)_BISECT_ROWS)) prefixes build, fs/select.c -Werror, on: $(ARCHES)"
endef
$(foreach t,$(TREES_KNOWN),$(eval $(call tree_checks,$(t))))
checkpatch: $(addprefix checkpatch-,$(TREES))
GOAL_KPAIRS_bisect = $(foreach t,$(TREES),$(GOAL_KPAIRS_bisect-$(t)))
bisect: $(addprefix bisect-,$(TREES))
series: series-$(TREE)
series-kselftest-fixes: $(B)/$(KSELFTEST_FIXES_TREE)/base/.tree
	@scripts/series/series.sh $(B)/$(KSELFTEST_FIXES_TREE)/base/src patches/kselftest-fixes \
		$(SERIES_OUT)/kselftest-fixes

# --- the pristine base: upstream's release ------------------------------------
# ORIG_<t> (trees/<t>.mk): the version of the source package of PKG_<t>
# whose <src>_<upstream>.orig.tar.xz (upstream's release as Debian's
# archive carries it) the series is made on, fetched with the tree's
# private apt configuration (scripts/steps/fetch-source.sh --orig) and
# unpacked as <t>/orig (tag base). make orig-<t>: the series applies (git
# am, whitespace errors fatal) to that release and to Debian's tree, and
# the cover letter names the tarball's sha256.
orig_tarball = $(B)/sources/$(1)-orig/linux.orig.tar.xz
define orig_rules
$(call orig_tarball,$(1)): trees/$(1).mk | $(B)/.deps
	$$(call step,source $(1): orig of $(TREE_$(1)_PKG)'s source package $(TREE_$(1)_ORIG) from $(TREE_$(1)_SUITES))
	@ORIG_VERSION=$(TREE_$(1)_ORIG) scripts/steps/fetch-source.sh --orig $(1) $(TREE_$(1)_PKG) $$@ $(TREE_$(1)_SUITES)
	@touch $$@
$(B)/$(1)/orig/.tree: $(call orig_tarball,$(1))
	$$(call step,tree: $(1)/orig from $$(notdir $$<))
	@scripts/steps/tree.sh base $$< $(B)/$(1)/orig
	@touch $$@
orig-$(1): $(B)/$(1)/orig/.tree $(B)/$(1)/base/.tree
	@scripts/series/orig-check.sh $(1) $(TREE_$(1)_PATCHDIR) $(call orig_tarball,$(1)) $(B)/$(1)/orig/src $(B)/$(1)/base/src
endef
$(foreach t,$(TREES_KNOWN),$(if $(TREE_$(t)_ORIG),$(eval $(call orig_rules,$(t)))))
orig: $(foreach t,$(TREES),$(if $(TREE_$(t)_ORIG),orig-$(t)))
.PHONY: orig $(foreach t,$(TREES_KNOWN),orig-$(t))

# --- b4-prep: the send path through b4 -----------------------------------------
# make b4-prep [TREE=<t>]: TREE's series in a b4 prep branch of a throwaway
# clone of its base, under the sender's git identity, with the cover letter,
# To/Cc from get_maintainer.pl and checkpatch; what b4 send would send goes
# to build/b4/<t>/ (and series.mbox, the messages as one mbox), its headers
# are printed, and b4 am of those messages must give, with git am, the
# prep branch's tree. No mail is sent
# (scripts/series/b4-prep.sh). A missing identity is refused before any work.
.PHONY: b4-prep
ifneq ($(call goal,b4-prep),)
$(if $(shell scripts/series/b4-prep.sh --sender 2>/dev/null),,$(error b4-prep: no sender identity: set git config user.name and user.email))
endif
# The base is upstream's release where the tree has one (ORIG_<t>).
b4_base = $(B)/$(TREE)/$(if $(TREE_$(TREE)_ORIG),orig,base)
b4-prep: $(b4_base)/.tree | $(B)/.deps
	@scripts/series/b4-prep.sh $(b4_base)/src $(TREE_$(TREE)_PATCHDIR) $(B)/b4/$(TREE) $(TREE)

# make culprit CELL=<cell> CASE=<test.case>: the first commit of the cell
# row's branch (a series, SERIES=, a mutant on the series) where CASE,
# passing on the tree's base cell of that arch, fails (scripts/series/culprit.sh:
# git bisect run, each step a kernel by the cell's own arguments and a boot
# of its initramfs, under build/culprit/<cell>/).
CASE ?=
culprit_base = $(ROW_$(CELL_$(1)_ROW)_TREE)-base-$(CELL_$(1)_ARCH)
GOAL_CELLS_culprit = $(CELL) $(call culprit_base,$(CELL))
# CASE is checked before any build against the cases the cell's tests
# have (scripts/matrix/store.py check case): the last KTAP of the cell or
# of its tree's base cell, else the results store's runs of those rows,
# else (nothing booted yet) the test before the dot against the programs
# of the cell's payload: its compat-tests, its kselftest's (the named ones,
# or a folder's .c files once the tree is unpacked), the overlay's.
ks_progs = $(foreach k,$(KSELFTESTS) $(TREE_$(1)_KSELFTESTS),$(if $(findstring :,$(k)),\
	$(subst $(comma), ,$(lastword $(subst :, ,$(k)))),$(notdir $(basename $(wildcard \
	$(foreach d,base patched selftests,$(B)/$(1)/$(d)/src/tools/testing/selftests/$(k)/*.c))))))
payload_progs = $(PAYLOAD_$(1)_PROGS) $(notdir $(basename $(wildcard $(addsuffix /*.c,$(PAYLOAD_$(1)_MORE))))) \
	$(if $(PAYLOAD_$(1)_KSELFTEST),$(or $(PAYLOAD_$(1)_KSELFTEST_PROGS),$(call ks_progs,$(PAYLOAD_$(1)_KSELFTEST)))) \
	$(if $(call poverlay,$(1),$(2)),$(notdir $(wildcard $(call poverlay,$(1),$(2))/tests.d/*)))
culprit_case = '$(CASE)' '$(CELL)' '$(CELL_$(CELL)_ROW)' '$(CELL_$(call culprit_base,$(CELL))_ROW)' '$(CELL_$(CELL)_ARCH)' \
	'$(ROW_$(CELL_$(CELL)_ROW)_RESULTS)/$(CELL_$(CELL)_ARCH) $(ROW_$(CELL_$(call culprit_base,$(CELL))_ROW)_RESULTS)/$(CELL_$(CELL)_ARCH)' \
	'$(strip $(call payload_progs,$(ROW_$(CELL_$(CELL)_ROW)_PAYLOAD),$(CELL_$(CELL)_ARCH)))' '$(PAYLOAD_$(ROW_$(CELL_$(CELL)_ROW)_PAYLOAD)_KSELFTEST)'
ifneq ($(call goal,culprit),)
ifneq ($(and $(CASE),$(filter $(CELL),$(CELL_IDS))),)
$(if $(findstring ',$(CASE)),$(error CASE=$(CASE): test.case, as the report names it))
CASE_BAD := $(call results_sh,check case $(culprit_case))
$(if $(CASE_BAD),$(error $(CASE_BAD)))
endif
endif
culprit: $(if $(call goal,culprit),$(cell_check) \
	$(if $(CASE),,$(error CASE=: the case to bisect, test.case as the report names it)) \
	$(call cell_status,$(GOAL_CELLS_culprit)) $(CELLS_JSON))
	$(call step,culprit: $(CELL) $(CASE))
	@$(cells_py) info $(CELL) >$(B)/culprit-$(CELL).info
	@scripts/series/culprit.sh $(B)/culprit-$(CELL).info '$(CASE)' \
		$(ROW_$(CELL_$(call culprit_base,$(CELL))_ROW)_RESULTS)/$(CELL_$(CELL)_ARCH) $(B)/culprit/$(CELL)
.PHONY: culprit
# Its test: TREE's series with mutant i as the last-but-one commit (its
# killing case passes on base: the bisect needs a good base); the
# culprit named must be the mutant's commit (scripts/series/culprit-check.sh).
culprit-check: $(B)/$(TREE)/base/.tree | $(B)/.deps
	+@scripts/series/culprit-check.sh $(TREE) $(B)/$(TREE)/base/src i x86_64 signal_eintr.pselect6_sticky_caller_blocked $(B)/culprit-check
.PHONY: culprit-check
