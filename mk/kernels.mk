# mk/kernels.mk: where a kernel row's objects and image are, and the rule
# that builds one kernel row for one arch (scripts/build/kbuild.sh).

# One shared worktree per tree and group, every arch's objects beside it:
# a switch of branch rewrites only the files that differ, newer than any
# object built before it, so each arch's rebuild stays incremental.
kroot = $(B)/$($(1)_TREEID)
kobj = $(if $($(1)_SHARED),$(call kroot,$(1))/shared-$($(1)_SHARED)/obj/$(2),$(B)/$($(1)_TREE)/obj/$(1)-$(2))
kimg = $(if $($(1)_SHARED),$(call kroot,$(1))/img/$(1)/$(notdir $(IMAGE_$(2)))-$(2),$(call kobj,$(1),$(2))/$(IMAGE_$(2)))
# kernel:arch pairs -> images.
kimgs = $(foreach p,$(1),$(call kimg,$(firstword $(subst :, ,$(p))),$(lastword $(subst :, ,$(p)))))

# ccache: the same relative layout for every tree (build/<tree>/{src,obj})
# and no cwd in the hash, so derived trees reuse the base objects.
export CCACHE_BASEDIR   := $(B)
export CCACHE_NOHASHDIR := 1
export CCACHE_MAXSIZE   ?= 5G
export KBUILD_BUILD_TIMESTAMP := Mon Sep  1 00:00:00 UTC 2008
export KBUILD_BUILD_USER := matrix
export KBUILD_BUILD_HOST := matrix

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
	@$(if $($(1)_OBJS),OBJSUM='$($(1)_OBJS)' )$$(call timed,kernel $(1) $(2)) $(if $($(1)_SHARED),\
		scripts/build/kbuild-shared.sh $(call kroot,$(1))/base/src $(call kroot,$(1))/shared-$($(1)_SHARED) $($(1)_BRANCH) $$@ --,\
		scripts/build/kbuild.sh $(B)/$($(1)_TREE)/src) $(call kbuild_args,$(1),$(2))
endef
$(foreach k,$(KERNELS),$(foreach a,$(ARCHES),$(eval $(call kernel_rule,$(k),$(a)))))
kernels: $(foreach c,$(MATRIX_ROWS),$(foreach a,$($(c)_ARCHES),$(call kimg,$($(c)_KERNEL),$(a))))
