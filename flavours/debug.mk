# debug: the patched tree with KASAN, UBSAN and lockdep
# (kconfigs/debug.config), booted with trinity and stress-ng (payload
# debug) on the arches whose file has ARCH_<arch>_DEBUG, on the default tree.
FLAVOUR_debug_SOURCE  := patched
FLAVOUR_debug_FRAGS   := kconfigs/debug.config
FLAVOUR_debug_PAYLOAD := debug
FLAVOUR_debug_TREES   := 6.1
FLAVOUR_debug_ORDER   := 30
# KASAN's shadow wants the larger guest. stress-ng keeps it busy, so idle
# skipping would gain nothing and shift=0 would run slower than the host;
# trinity and stress-ng limits are meant as host seconds: auto.
FLAVOUR_debug_QEMU    := -m 2048
# A case's bound (compat-tests/lib/guard.h) in host-time seconds: under
# KASAN and stress-ng a case runs several times slower than in virtual
# time. TRINITY_* (knobs, mk/guests.mk): the trinity run's.
FLAVOUR_debug_CMDLINE  = matrix.case_timeout=240 $(TRINITY_CMDLINE)
FLAVOUR_debug_CLOCK   := auto
# ARCH_<arch>_DEBUG_CMDLINE: that arch's extra command line (arm64:
# stress-ng's timer rate, arch-configs/arm64.mk).
FLAVOUR_debug_ARCHVARS := DEBUG
# Its boot is the longest (KASAN, about 5 min): its kernel is built first.
FLAVOUR_debug_FIRST   := y
# make check boots it on CHECK_DEBUG_ARCHES only (mk/check-select.mk).
FLAVOUR_debug_ARCHES   = $(foreach a,$(ARCHES),$(if $(ARCH_$(a)_DEBUG),\
	$(if $(filter check,$(PROFILE)),$(filter $(CHECK_DEBUG_ARCHES),$(a)),$(a))))
$(eval $(flavour-row))
