# distro: Debian's own kernel image package of the tree's release, booted
# as it ships (no kernel build) with the tree's test initramfs and the
# base cell's command line, judged like base (its expected failures
# apply: a Debian kernel without a defect shows XPASS). Per tree:
# DISTRO_ABI_<t> (6.1.0-57), DISTRO_VERSION_<t>, DISTRO_SUITES_<t>
# (trees/<t>.mk), DISTRO_ARCHES_<t> (the arches Debian ships a kernel of
# in that release; default all: an arch of the run it has not is named in
# the report, not skipped silently), DISTRO_PKG_<t>_<arch> (a package
# name of that release's own); per arch: the package (DISTRO_PKG_<arch>, % the ABI)
# and what its boot needs (DISTRO_NEEDS_, DISTRO_CMDLINE_,
# DISTRO_ABICONF_: arch-configs/<arch>.mk). scripts/build/distro-kernel.sh
# fetches and keeps it. A tree has it in EXTRA_FLAVOURS_<t>.
FLAVOUR_distro_IMAGE    := y
FLAVOUR_distro_JUDGE    := base
FLAVOUR_distro_ARCHVARS := DISTRO
# DISTRO_KERNEL=<.deb file or package name>: a candidate kernel (a local
# build of Debian's packaging, or a package of the tree's distro suites
# other than the pinned one) in the distro row of TREE, on its arch
# alone; the run's FLAVOURS default to distro. Checked before any work.
DISTRO_KERNEL ?=
ifneq ($(DISTRO_KERNEL),)
DISTRO_KERNEL_CHECK := $(shell scripts/build/distro-kernel.sh check '$(DISTRO_KERNEL)' $(TREE) $(DISTRO_SUITES_$(TREE)) 2>&1)
$(if $(filter DISTRO_KERNEL=%,$(firstword $(DISTRO_KERNEL_CHECK))),$(error $(DISTRO_KERNEL_CHECK)))
DISTRO_KERNEL_ARCH := $(strip $(foreach a,$(ARCHES_KNOWN),$(if $(shell grep -qx 'DEBARCH_$(a) *:= *$(word 1,$(DISTRO_KERNEL_CHECK))' \
	arch-configs/$(a).mk && echo y),$(a))))
$(if $(DISTRO_KERNEL_ARCH),,$(error DISTRO_KERNEL=$(DISTRO_KERNEL): Debian arch $(word 1,$(DISTRO_KERNEL_CHECK)) is no guest arch's (DEBARCH_ of arch-configs/*.mk)))
$(if $(filter $(DISTRO_KERNEL_ARCH),$(ARCHES)),,$(error DISTRO_KERNEL=$(DISTRO_KERNEL): a $(DISTRO_KERNEL_ARCH) kernel; ARCHES=$(ARCHES) has no $(DISTRO_KERNEL_ARCH)))
$(if $(filter distro,$(EXTRA_FLAVOURS_$(TREE))),,$(error DISTRO_KERNEL=$(DISTRO_KERNEL): tree $(TREE) has no distro row (EXTRA_FLAVOURS_$(TREE))))
FLAVOURS ?= distro
endif
FLAVOUR_distro_ARCHES = $(if $(DISTRO_KERNEL),$(DISTRO_KERNEL_ARCH),$(ARCHES))
# A tree's row: on the arches of DISTRO_ARCHES_<t> only (where set).
FLAVOUR_distro_TREEARCHES := DISTRO_ARCHES
$(eval $(call flavour,distro))
