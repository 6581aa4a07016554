# debug: the patched tree with KASAN, UBSAN and lockdep
# (kconfigs/debug.config), booted with trinity and stress-ng (payload
# debug) on the arches whose file has DEBUG_<arch>.
FLAVOUR_debug_TREE   := patched
FLAVOUR_debug_FRAGS  := kconfigs/debug.config
FLAVOUR_debug_PAYLOAD := debug
# KASAN's shadow wants the larger guest. stress-ng keeps it busy, so idle
# skipping would gain nothing and shift=0 would run slower than the host;
# trinity and stress-ng limits are meant as host seconds: auto.
FLAVOUR_debug_QEMU   := -m 2048
# TRINITY_SEED=S runs trinity's seed S again (the debug cell prints its seed).
# TRINITY_CALLS: the calls each system call table must reach (guest
# default 10000); TRINITY_S: seconds each table may take (guest default 240).
TRINITY_SEED   ?=
TRINITY_CALLS  ?=
TRINITY_S      ?=
$(if $(TRINITY_SEED),$(call check_count,TRINITY_SEED,0,a seed$(comma) a number))
$(foreach v,TRINITY_CALLS TRINITY_S,$(if $($(v)),$(call check_count,$(v),1,a number)))
# A case's bound (compat-tests/lib/guard.h) in host-time seconds: under
# KASAN and stress-ng a case runs several times slower than in virtual time.
FLAVOUR_debug_CMDLINE := matrix.case_timeout=240 $(if $(TRINITY_SEED),matrix.trinity_seed=$(TRINITY_SEED)) \
	$(if $(TRINITY_CALLS),matrix.trinity_calls=$(TRINITY_CALLS)) $(if $(TRINITY_S),matrix.trinity_s=$(TRINITY_S))
FLAVOUR_debug_CLOCK  := auto
# DEBUG_CMDLINE_<arch>: that arch's extra command line (arm64: stress-ng's
# timer rate, arch-configs/arm64.mk).
FLAVOUR_debug_ARCHVARS := DEBUG
# Its boot is the longest (KASAN, about 5 min): its kernel is built first.
FLAVOUR_debug_FIRST  := y
# make check boots it on CHECK_DEBUG_ARCHES only (none: the KASAN guests
# are in make matrix and make check-all; README "The two commands");
# defined here, where its cells' arches are, for mk/check.mk.
CHECK_DEBUG_ARCHES ?= $(CHECK_STAGE_DEBUG)
$(call check_in,CHECK_DEBUG_ARCHES,$(CHECK_DEBUG_ARCHES),$(ARCHES_KNOWN),arch (arch-configs/<arch>.mk))
FLAVOUR_debug_ARCHES  = $(foreach a,$(ARCHES),$(if $(DEBUG_$(a)),\
	$(if $(filter check,$(MAKECMDGOALS)),$(filter $(CHECK_DEBUG_ARCHES),$(a)),$(a))))
$(eval $(call flavour,debug))
