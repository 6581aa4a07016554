# mk/trees.mk: the first stages: the host's Debian packages (deps), each
# tree's source (package, tarball, base, patched, the commits of its
# mutants and prefixes of the series, its selftests worktree); the facts every
# report starts with are read from them into the cell table (mk/cells.mk).

# --- dependencies ------------------------------------------------------------
# The stamp is remade when what is asked for changes (another ARCHES too):
# $(B)/.deps-args holds the arguments and is rewritten only when they differ.
DEPS_ARGS := $(foreach a,$(sort $(ARCHES) $(ARCH)),arch:$(ARCH_$(a)_DEBARCH) $(ARCH_$(a)_DEPS))
$(B)/.deps-args: FORCE
	@mkdir -p $(B) && echo '$(DEPS_ARGS)' | cmp -s - $@ || echo '$(DEPS_ARGS)' >$@
$(B)/.deps: scripts/steps/deps.sh $(B)/.deps-args
	$(call step,deps: Debian packages)
	@mkdir -p $(B)
	@$(call timed,deps) scripts/steps/deps.sh $(DEPS_ARGS)
	@touch $@
deps: $(B)/.deps

# --- trees -------------------------------------------------------------------
# Per tree: the tarball (installed on the host by deps, or by package name
# through scripts/steps/fetch-source.sh), <t>/base (the tarball unpacked as a git
# repository, tag base), <t>/patched (git am of the series, a worktree),
# and the commits of its mutants and prefixes of the series. Trees depend on what
# they are made of, not on tree.sh: a harness change must not unpack and
# rebuild every kernel.
define tree_rules
$(if $(TREE_$(1)_SUITES),$(TREE_$(1)_TARBALL): $(TREE_$(1)_TARBALL).info,
$(TREE_$(1)_TARBALL): | $(B)/.deps
	@test -f $$@ || { echo "tree: no $$@ (Debian package $(TREE_$(1)_PKG))"; exit 1; })
$(B)/$(1)/base/.tree: $(TREE_$(1)_TARBALL) | $(B)/.deps
	$$(call step,tree: $(1)/base from $(notdir $(TREE_$(1)_TARBALL)))
	@$$(call timed,tree $(1)/base) scripts/steps/tree.sh base $(TREE_$(1)_TARBALL) $(B)/$(1)/base
	@touch $$@
$(B)/$(1)/patched/.tree: $(B)/$(1)/base/.tree $(TREE_$(1)_PATCHDIR)/series $(TREE_$(1)_SERIES)
	$$(call step,tree: $(1)/patched = $(1)/base + $(words $(TREE_$(1)_SERIES)) patches)
	@$$(call timed,tree $(1)/patched) scripts/steps/tree.sh derive $(B)/$(1)/base/src $(B)/$(1)/patched \
		$(addprefix $(CURDIR)/,$(TREE_$(1)_SERIES))
	@touch $$@
$(foreach k,$(TREE_$(1)_BISECT_ROWS) $(TREE_$(1)_MUTANT_ROWS) $(TREE_$(1)_MUTATION_ROWS),
$(B)/$(ROW_$(k)_SOURCE)/.tree: $(B)/$(1)/patched/.tree $(ROW_$(k)_PATCHES)
	@mkdir -p $$(@D)
	@$$(call timed,tree $(k)) scripts/steps/tree.sh commit $(B)/$(1)/base/src $(ROW_$(k)_BRANCH) $(ROW_$(k)_FROM) \
		$(abspath $(ROW_$(k)_PATCHES))
	@touch $$@)
endef
# A tree made from a folder (TREE_<t>_SRC: KSRC=, mk/ksrc.mk): its content
# imported, never written (scripts/steps/ksrc.sh); base/.tree is touched
# only when the content changed. Its patched is its base (no series).
define import_rules
$(B)/$(1)/base/.tree: FORCE | $(B)/.deps
	$$(call step,tree: $(1) = $(TREE_$(1)_SRC))
	@$$(call timed,tree $(1)/base) scripts/steps/ksrc.sh import $(TREE_$(1)_SRC) $(B)/$(1)/base $$@
$(B)/$(1)/patched/.tree: $(B)/$(1)/base/.tree
	@mkdir -p $$(@D) && ln -sfn ../base/src $$(@D)/src && touch $$@
endef
$(foreach t,$(TREES_KNOWN),$(eval $(call $(if $(TREE_$(t)_SRC),import_rules,tree_rules),$(t))))
define series_tree_rule
$(B)/$(ROW_$(1)_SOURCE)/.tree: $(B)/$(ROW_$(1)_TREE)/base/.tree $(SERIES_FILES)
	@mkdir -p $$(@D)
	@$$(call timed,tree $(1)) scripts/series/series-apply.sh $(B)/$(ROW_$(1)_TREE)/base/src $(ROW_$(1)_BRANCH) base $(abspath $(SERIES))
	@touch $$@
endef
$(if $(SERIES_ROW),$(eval $(call series_tree_rule,$(SERIES_ROW))))
trees: $(foreach t,$(TREES),$(B)/$(t)/base/.tree $(B)/$(t)/patched/.tree)
# Every tree's package version (and suite) beside its tarball; the host's
# own tarball's in build/sources/<t>/. One clear line when it cannot be had.
sinfo = $(if $(TREE_$(1)_SRC),$(B)/$(1)/base/.tree,$(if $(TREE_$(1)_SUITES),$(TREE_$(1)_TARBALL).info,$(B)/sources/$(1)/$(notdir $(TREE_$(1)_TARBALL)).info))
define source_rule
$(call sinfo,$(1)): | $(B)/.deps
	$$(call step,source $(1): $(TREE_$(1)_PKG)$(if $(TREE_$(1)_SUITES), from $(TREE_$(1)_SUITES),))
	@INFO_DIR=$$(@D) $$(call timed,source $(1)) scripts/steps/fetch-source.sh $(1) $(TREE_$(1)_PKG) \
		$(TREE_$(1)_TARBALL) $(TREE_$(1)_SUITES)
endef
$(foreach t,$(TREES_KNOWN),$(if $(TREE_$(t)_SRC),,$(eval $(call source_rule,$(t)))))


# The selftests are built from the patched tree plus KSELFTEST_FIXES_<t>
# (patches/kselftest-fixes/: fixes of the tests themselves, sent apart
# from the series), a sparse worktree of what the selftests build reads.
KSELFTEST_PATHS := /tools/ /include/ /scripts/ /usr/ /Makefile
define selftests_tree_rule
$(B)/$(1)/selftests/.tree: $(B)/$(1)/patched/.tree $(TREE_$(1)_KSELFTEST_FIXES) \
		patches/kselftest-fixes/series
	$$(call step,tree: $(1)/selftests = $(1)/patched + $(words $(TREE_$(1)_KSELFTEST_FIXES)) selftest fixes)
	@$$(call timed,tree $(1)/selftests) scripts/steps/tree.sh commit $(B)/$(1)/base/src selftests patched \
		$(addprefix $(CURDIR)/,$(TREE_$(1)_KSELFTEST_FIXES))
	@scripts/steps/tree.sh sparse $(B)/$(1)/base/src $(B)/$(1)/selftests selftests $(KSELFTEST_PATHS)
	@touch $$@
endef
$(foreach t,$(TREES_KNOWN),$(eval $(call selftests_tree_rule,$(t))))
