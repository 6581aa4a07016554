# nocompat: the patched kernel booted with its compat ABI off, on the
# arches whose file says how (ARCH_<arch>_NOCOMPAT_CMDLINE), with only the ABIs
# that still run there (ARCH_<arch>_NOCOMPAT_ABIS): the series' kselftest's
# 32-bit starter must SKIP at once (compat-tests/skip/): on the trees with
# TREE_<t>_SKIP_TESTS. _ARCHVARS: the arch fields its cells read.
FLAVOUR_nocompat_KERNEL   := patched
FLAVOUR_nocompat_PAYLOAD  := nocompat-%
FLAVOUR_nocompat_ARCHVARS := NOCOMPAT
FLAVOUR_nocompat_ARCHES    = $(foreach a,$(ARCHES),$(if $(ARCH_$(a)_NOCOMPAT_CMDLINE),$(a)))
FLAVOUR_nocompat_TREES   := $(foreach t,$(TREES_KNOWN),$(if $(TREE_$(t)_SKIP_TESTS),$(t)))
FLAVOUR_nocompat_ORDER   := 40
$(eval $(flavour-row))
