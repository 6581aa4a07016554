# nocompat: the patched kernel booted with its compat ABI off, on the
# arches whose file says how (NOCOMPAT_CMDLINE_<arch>), with only the ABIs
# that still run there (NOCOMPAT_ABIS_<arch>): the series' kselftest's
# 32-bit starter must SKIP at once (compat-tests/skip/). A tree has it in
# EXTRA_FLAVOURS_<t>. _ARCHVARS: the arch variables its cells read.
FLAVOUR_nocompat_KERNEL   := patched
FLAVOUR_nocompat_PAYLOAD  := nocompat-%
FLAVOUR_nocompat_ARCHVARS := NOCOMPAT
FLAVOUR_nocompat_ARCHES    = $(foreach a,$(ARCHES),$(if $(NOCOMPAT_CMDLINE_$(a)),$(a)))
$(eval $(call flavour,nocompat))
