# mk/kernels.mk: where a kernel row's objects and image are, and the rule
# that builds one kernel row for one arch (scripts/steps/kbuild.sh).

# One shared worktree per tree and group, every arch's objects beside it:
# a switch of branch rewrites only the files that differ, newer than any
# object built before it, so each arch's rebuild stays incremental.
kroot = $(B)/$(ROW_$(1)_TREE)
kobj = $(if $(ROW_$(1)_IMAGE),$(B)/distro/$(1)/$(2),$(if $(ROW_$(1)_SHARED),$(call kroot,$(1))/shared-$(ROW_$(1)_SHARED)/obj/$(2),$(B)/$(ROW_$(1)_SOURCE)/obj/$(1)-$(2)))
kimg = $(if $(ROW_$(1)_IMAGE),$(call kobj,$(1),$(2))/vmlinuz,$(if $(ROW_$(1)_SHARED),$(call kroot,$(1))/img/$(1)/$(notdir $(ARCH_$(2)_IMAGE))-$(2),$(call kobj,$(1),$(2))/$(ARCH_$(2)_IMAGE)))
# kernel:arch pairs -> images.
kimgs = $(foreach p,$(1),$(call kimg,$(firstword $(subst :, ,$(p))),$(lastword $(subst :, ,$(p)))))

# ccache: the same relative layout for every tree (build/<tree>/{src,obj})
# and no cwd in the hash, so derived trees reuse the base objects.
export CCACHE_BASEDIR   := $(B)
export CCACHE_NOHASHDIR := 1
export CCACHE_MAXSIZE   ?= 5G
$(if $(if $(findstring ',$(CCACHE_MAXSIZE)),,$(shell printf '%s' '$(CCACHE_MAXSIZE)' | grep -Eqx '[0-9]+(\.[0-9]+)?[kKMGT]?i?' && echo y)),,\
	$(error CCACHE_MAXSIZE=$(CCACHE_MAXSIZE): a size as ccache -M takes it (5G, 500M)))
export KBUILD_BUILD_TIMESTAMP := Mon Sep  1 00:00:00 UTC 2008
export KBUILD_BUILD_USER := matrix
export KBUILD_BUILD_HOST := matrix

# --- kernels -----------------------------------------------------------------
# Always handed to kbuild.sh, which skips a kernel whose tree, fragments
# and arguments are unchanged, and builds with -j$(nproc) of its own (no
# "+" here: make -n must not start kernel builds).
kbuild_args = $(call kobj,$(1),$(2)) $(ARCH_$(2)_KARCH) $(ARCH_$(2)_CROSS) $(ARCH_$(2)_IMAGE) \
	kconfigs/common.config arch-configs/$(2).config $(ROW_$(1)_FRAGS) \
	-- $(ARCH_$(2)_KMAKE) $(ROW_$(1)_KMAKE)
define kernel_rule
$(call kimg,$(1),$(2)): $(B)/$(ROW_$(1)_SOURCE)/.tree FORCE | $(B)/.deps
	$$(call step,kernel: $(1) $(2))
	@$(if $(ROW_$(1)_OBJS),OBJSUM='$(ROW_$(1)_OBJS)' )$$(call timed,kernel $(1) $(2)) $(if $(ROW_$(1)_SHARED),\
		scripts/steps/kbuild-shared.sh $(call kroot,$(1))/base/src $(call kroot,$(1))/shared-$(ROW_$(1)_SHARED) $(ROW_$(1)_BRANCH) $$@ --,\
		scripts/steps/kbuild.sh $(B)/$(ROW_$(1)_SOURCE)/src) $(call kbuild_args,$(1),$(2))
endef
# A Debian image package (flavour distro): fetched and unpacked, not built
# (scripts/steps/distro-kernel.sh, the product cache's kind distro); the
# tree's pinned package, or DISTRO_KERNEL's on its arch in TREE's row.
distro_pkg = $(subst %,$(TREE_$(ROW_$(1)_TREE)_DISTRO_ABI),$(or $(TREE_$(ROW_$(1)_TREE)_DISTRO_PKG_$(2)),$(ARCH_$(2)_DISTRO_PKG)))
distro_src = $(strip $(if $(and $(DISTRO_KERNEL),$(filter $(TREE),$(ROW_$(1)_TREE)),$(filter $(DISTRO_KERNEL_ARCH),$(2))),\
	$(word 2,$(DISTRO_KERNEL_CHECK)) $(if $(filter -,$(word 4,$(DISTRO_KERNEL_CHECK))),$(word 3,$(DISTRO_KERNEL_CHECK)),\
	$(word 4,$(DISTRO_KERNEL_CHECK))),$(call distro_pkg,$(1),$(2)) $(TREE_$(ROW_$(1)_TREE)_DISTRO_VERSION)))
define distro_rule
$(call kimg,$(1),$(2)): FORCE | $(B)/.deps
	$$(call step,kernel: $(1) $(2): $(firstword $(call distro_src,$(1),$(2))))
	@$$(call timed,kernel $(1) $(2)) scripts/steps/distro-kernel.sh get $$(@D) $(ROW_$(1)_TREE) $(ARCH_$(2)_DEBARCH) \
		$(call distro_src,$(1),$(2)) "$(ARCH_$(2)_DISTRO_NEEDS)" "$(ARCH_$(2)_DISTRO_ABICONF)" $(TREE_$(ROW_$(1)_TREE)_DISTRO_SUITES)
endef
# The Debian kernel cells (kernel:arch): the report names each one's
# package (the cell table's "distro", mk/cells.mk).
DISTRO_CELLS = $(foreach c,$(MATRIX_ROWS),$(if $(ROW_$(ROW_$(c)_KERNEL)_IMAGE),$(foreach a,$(ROW_$(c)_ARCHES),$(ROW_$(c)_KERNEL):$(a))))
$(foreach k,$(KERNELS),$(foreach a,$(ARCHES),$(eval $(call $(if $(ROW_$(k)_IMAGE),distro_rule,kernel_rule),$(k),$(a)))))
kernels: $(foreach c,$(MATRIX_ROWS),$(foreach a,$(ROW_$(c)_ARCHES),$(call kimg,$(ROW_$(c)_KERNEL),$(a))))
