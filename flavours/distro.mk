# distro: Debian's own kernel image package of the tree's release, booted
# as it ships (no kernel build) with the tree's test initramfs and the
# base cell's command line, judged like base (its expected failures
# apply: a Debian kernel without a defect shows XPASS). Per tree
# (trees/<t>.mk): TREE_<t>_DISTRO_ABI (6.1.0-57), _DISTRO_VERSION,
# _DISTRO_SUITES, _DISTRO_ARCHES (the arches Debian ships a kernel of in
# that release; default all: an arch of the run it has not is named in
# the report, not skipped silently), _DISTRO_PKG_<arch> (a package name of
# that release's own); per arch (arch-configs/<arch>.mk): the package
# (ARCH_<arch>_DISTRO_PKG, % the ABI) and what its boot needs
# (_DISTRO_NEEDS, _DISTRO_CMDLINE, _DISTRO_ABICONF). scripts/steps/distro-kernel.sh
# fetches and keeps it. The trees with TREE_<t>_DISTRO_ABI have it; not in
# the default FLAVOURS (it downloads Debian's images). DISTRO_KERNEL=: mk/rows.mk.
FLAVOUR_distro_IMAGE    := y
FLAVOUR_distro_JUDGE    := base
FLAVOUR_distro_ARCHVARS := DISTRO
FLAVOUR_distro_ARCHES = $(if $(DISTRO_KERNEL),$(DISTRO_KERNEL_ARCH),$(ARCHES))
# A tree's row: on the arches of TREE_<t>_DISTRO_ARCHES only (where set).
FLAVOUR_distro_TREEARCHES := DISTRO_ARCHES
FLAVOUR_distro_TREES    := $(foreach t,$(TREES_KNOWN),$(if $(TREE_$(t)_DISTRO_ABI),$(t)))
FLAVOUR_distro_ORDER    := 60
FLAVOUR_distro_DEFAULT  := n
$(eval $(flavour-row))
