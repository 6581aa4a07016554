# select/poll timeout ABI matrix for the Debian 6.1 kernel.
#
# Pipeline: source tarball -> tree (base, patched) -> kernel per arch ->
# compat-tests per ABI -> initramfs per arch -> boot -> KTAP -> report.
#
#   make matrix            build, boot and report every cell; fails on any
#                          regression
#   make check             the harness's own checks, then the matrix
#   make shell ARCH=arm64  a busybox shell in a guest (VARIANT=base|patched)
#   make matrix OVERLAY=d  also run every executable in d/tests.d/
#   make bench             timing figures (base, patched, lowres): CSV + PNG
#
# Architectures are table entries: arch-configs/<arch>.mk + <arch>.config.

SHELL     := /bin/bash
B         := $(CURDIR)/build
TARBALL   ?= /usr/src/linux-source-6.1.tar.xz
ARCHES    ?= x86_64 arm64
VARIANTS  ?= base patched
# Per-guest limit: a hang fails its cell with "timeout after N s".
BOOT_TIMEOUT ?= 900
OVERLAY   ?=

include $(foreach a,$(ARCHES),arch-configs/$(a).mk)

ABIS      := $(foreach a,$(ARCHES),$(ABIS_$(a)))
TESTS     := $(basename $(notdir $(wildcard compat-tests/*.c)))
LIB_SRCS  := $(wildcard compat-tests/lib/*.c)
LIB_HDRS  := $(wildcard compat-tests/lib/*.h)
PATCHES   := $(shell sed -n 's/^\([^#[:space:]].*\)/patches\/\1/p' patches/series 2>/dev/null)
# Report columns: variant x arch x ABI (ABI names are unique across arches);
# an OVERLAY adds an "overlay" suite to every guest.
SUITES     = $(ABIS_$(1)) $(if $(OVERLAY),overlay)
CELLS     := $(foreach v,$(VARIANTS),$(foreach a,$(ARCHES),$(foreach i,$(call SUITES,$(a)),$(v):$(a):$(i))))
# The debug guest (patched under the kernel's checkers) is x86_64 only;
# DEBUG_ARCHES= leaves it out.
DEBUG_ARCHES ?= $(filter x86_64,$(ARCHES))
CELLS     += $(foreach a,$(DEBUG_ARCHES),$(foreach i,$(ABIS_$(a)) overlay,debug:$(a):$(i)))

# ccache: the same relative layout for both variants (build/<v>/{src,obj})
# and no cwd in the hash, so the patched tree reuses the base objects.
export CCACHE_BASEDIR   := $(B)
export CCACHE_NOHASHDIR := 1
export CCACHE_MAXSIZE   ?= 5G
export KBUILD_BUILD_TIMESTAMP := Mon Sep  1 00:00:00 UTC 2008
export KBUILD_BUILD_USER := matrix
export KBUILD_BUILD_HOST := matrix

# Progress: elapsed time since make started, per stage.
T0 := $(shell date +%s)
stage = @echo "[$$(( $$(date +%s) - $(T0) ))s] $(1)"

TEST_CFLAGS := -static -O2 -Wall -Wextra -Wno-unused-parameter \
	-Wno-sign-compare -Wno-missing-field-initializers \
	-I$(B)/base/src/tools/testing/selftests -Icompat-tests/lib

.PHONY: matrix check selfcheck deps trees kernels tests initramfs boot \
	report shell checkpatch bisect bench clean FORCE
.DEFAULT_GOAL := matrix

matrix: report

# --- dependencies -----------------------------------------------------------
$(B)/.deps: scripts/deps.sh $(foreach a,$(ARCHES),arch-configs/$(a).mk)
	$(call stage,deps: Debian packages)
	@mkdir -p $(B)
	@scripts/deps.sh $(foreach a,$(ARCHES),$(DEBARCH_$(a)))
	@touch $@
deps: $(B)/.deps

# --- trees ------------------------------------------------------------------
# The tarball is what package linux-source-6.1 installs: deps comes first.
$(TARBALL): | $(B)/.deps
	@test -f $@ || { echo "tree: no $@ (Debian package linux-source-6.1)"; exit 1; }

$(B)/base/.tree: $(TARBALL) scripts/tree.sh | $(B)/.deps
	$(call stage,tree: base from $(notdir $(TARBALL)))
	@scripts/tree.sh base $(TARBALL) $(B)/base
	@touch $@

$(B)/patched/.tree: $(B)/base/.tree patches/series $(PATCHES) scripts/tree.sh
	$(call stage,tree: patched = base + $(words $(PATCHES)) patches)
	@scripts/tree.sh patched $(B)/base/src $(B)/patched $(CURDIR)/patches
	@touch $@
trees: $(foreach v,$(VARIANTS),$(B)/$(v)/.tree)

# What every report names: the tree version, the tarball and the series.
$(B)/tree-info: $(foreach v,$(VARIANTS),$(B)/$(v)/.tree)
	@{ echo "tree: $$(make -s -C $(B)/base/src kernelversion) from $(TARBALL)"; \
	   echo "tarball sha256: $$(sha256sum < $(TARBALL) | cut -d' ' -f1)"; \
	   if [ -d $(B)/patched/src ]; then \
	     echo "series: $$(git -C $(B)/patched/src rev-list --count base..patched) patches, patched HEAD $$(git -C $(B)/patched/src rev-parse --short HEAD)"; \
	   fi; } > $@

# --- kernels ----------------------------------------------------------------
# kernel_rule SRC OBJ ARCH [FRAGMENT...]: always handed to kbuild, whose
# own dependency tracking decides.
define kernel_rule
$(2)/$(IMAGE_$(3)): $(patsubst %/src,%/.tree,$(1)) FORCE
	$$(call stage,kernel: $(patsubst $(B)/%,%,$(2)))
	@scripts/kbuild.sh $(1) $(2) $(KARCH_$(3)) $(CROSS_$(3)) $(IMAGE_$(3)) \
		arch-configs/common.config arch-configs/$(3).config $(4) \
		-- $(KMAKE_$(3))
endef
$(foreach v,$(VARIANTS),$(foreach a,$(ARCHES),$(eval $(call kernel_rule,$(B)/$(v)/src,$(B)/$(v)/obj/$(a),$(a)))))
kernels: $(foreach v,$(VARIANTS),$(foreach a,$(ARCHES),$(B)/$(v)/obj/$(a)/$(IMAGE_$(a)))) \
	$(foreach a,$(DEBUG_ARCHES),$(B)/patched/obj/$(a)-debug/$(IMAGE_$(a)))

# --- compat-tests, one build per ABI ----------------------------------------
$(B)/hdr/%/.stamp: $(B)/base/.tree
	$(call stage,headers: uapi for ARCH=$*)
	@$(MAKE) -s -C $(B)/base/src ARCH=$* O=$(B)/hdr/$* \
		INSTALL_HDR_PATH=$(B)/hdr/$*/usr headers_install
	@touch $@

# abi_rule ABI OUTDIR SRCDIR: every SRCDIR/*.c built for ABI into OUTDIR.
define abi_rule
$(2)/$(1)/%: $(3)/%.c $(LIB_SRCS) $(LIB_HDRS) $(B)/hdr/$(ABIHDR_$(1))/.stamp
	@mkdir -p $$(@D)
	@echo "    CC $$(patsubst $(B)/%,%,$$@)"
	@$(ABICC_$(1))gcc $(TEST_CFLAGS) -DABI_NAME='"$(1)"' \
		-isystem $(B)/hdr/$(ABIHDR_$(1))/usr/include -o $$@ $$< $(LIB_SRCS)
endef
$(foreach i,$(ABIS),$(eval $(call abi_rule,$(i),$(B)/tests,compat-tests)))
tests: $(foreach i,$(ABIS),$(addprefix $(B)/tests/$(i)/,$(TESTS)))

# --- guests -----------------------------------------------------------------
# busybox-static of the guest's own arch, from Debian's archive.
$(B)/busybox/%/bin/busybox: | $(B)/.deps
	$(call stage,busybox: busybox-static:$*)
	@rm -rf $(B)/busybox/$* && mkdir -p $(B)/busybox/$*/deb
	@cd $(B)/busybox/$*/deb && apt-get download -q busybox-static:$* 2>/dev/null
	@dpkg-deb -x $(B)/busybox/$*/deb/*.deb $(B)/busybox/$*
	@test -x $@

# guest_rule ARCH GUESTDIR BINDIR PROGS OVERLAYDIR [PREREQ]: GUESTDIR/
# initramfs.cpio with BINDIR/<abi>/PROGS for each ABI of ARCH, and
# OVERLAYDIR as /overlay. The kernel's usr/gen_init_cpio is built with the
# base kernel.
define guest_rule
$(2)/initramfs.cpio: $(B)/busybox/$(DEBARCH_$(1))/bin/busybox \
		guests/init guests/initramfs.sh \
		$(foreach i,$(ABIS_$(1)),$(addprefix $(3)/$(i)/,$(4))) \
		$(B)/base/obj/$(1)/$(IMAGE_$(1)) $(6) FORCE
	$$(call stage,initramfs: $$(patsubst $(B)/%,%,$$@) ($(ABIS_$(1))))
	@rm -rf $(2)/tests && mkdir -p $(2)/tests
	@$(foreach i,$(ABIS_$(1)),ln -s $(3)/$(i) $(2)/tests/$(i);)
	@guests/initramfs.sh $$@ $(B)/base/obj/$(1)/usr/gen_init_cpio \
		$(B)/busybox/$(DEBARCH_$(1))/bin/busybox guests/init \
		$(2)/tests $(5)
endef
$(foreach a,$(ARCHES),$(eval $(call guest_rule,$(a),$(B)/guest/$(a),$(B)/tests,$(TESTS),$(OVERLAY))))
initramfs: $(foreach a,$(ARCHES),$(B)/guest/$(a)/initramfs.cpio)

# boot_rule VARIANT ARCH RESULTDIR KERNEL CPIO [CMDLINE] [QEMU-OPTIONS]
define boot_rule
$(3)/status: $(4) $(5) FORCE
	$$(call stage,boot: $(patsubst $(B)/%,%,$(3)))
	@guests/boot.sh $(3) $(BOOT_TIMEOUT) $(4) $(5) \
		"$(CMDLINE_$(2)) matrix.variant=$(1) $(6)" $(QEMU_$(2)) $(7)
	@echo "    $$$$(cat $$@)"
endef
$(foreach v,$(VARIANTS),$(foreach a,$(ARCHES),$(eval $(call boot_rule,$(v),$(a),$(B)/results/$(v)/$(a),$(B)/$(v)/obj/$(a)/$(IMAGE_$(a)),$(B)/guest/$(a)/initramfs.cpio))))

# --- debug guest: patched + KASAN, UBSAN, lockdep, debug objects -----------
# The whole suite again under the kernel's checkers, with stress-ng's poll
# and timer stressors running beside it and trinity after it (Debian's, of
# the guest's arch: scripts/debpkgs.sh), then a check that the checkers
# stayed live. KASAN's shadow wants the larger guest.
$(foreach a,$(DEBUG_ARCHES),$(eval $(call kernel_rule,$(B)/patched/src,$(B)/patched/obj/$(a)-debug,$(a),arch-configs/debug.config)))
$(B)/debug/overlay/%/pkgrun: scripts/debpkgs.sh guests/pkgrun $(wildcard guests/debug/*.d/*) | $(B)/.deps
	$(call stage,debug: trinity and stress-ng:$(DEBARCH_$*))
	@scripts/debpkgs.sh $(DEBARCH_$*) $(@D)/pkg trinity stress-ng -- /usr/bin/trinity /usr/bin/stress-ng
	@rm -rf $(@D)/tests.d $(@D)/during.d && cp -r guests/debug/tests.d guests/debug/during.d $(@D)/
	@cp guests/pkgrun $@
$(foreach a,$(DEBUG_ARCHES),$(eval $(call guest_rule,$(a),$(B)/debug/guest/$(a),$(B)/tests,$(TESTS),$(B)/debug/overlay/$(a),$(B)/debug/overlay/$(a)/pkgrun)))
$(foreach a,$(DEBUG_ARCHES),$(eval $(call boot_rule,debug,$(a),$(B)/results/debug/$(a),$(B)/patched/obj/$(a)-debug/$(IMAGE_$(a)),$(B)/debug/guest/$(a)/initramfs.cpio,,-m 2048)))

boot: $(foreach v,$(VARIANTS),$(foreach a,$(ARCHES),$(B)/results/$(v)/$(a)/status)) \
	$(foreach a,$(DEBUG_ARCHES),$(B)/results/debug/$(a)/status)

report: boot $(B)/tree-info
	$(call stage,report)
	@guests/report.sh $(B)/results compat-tests/expected-failures \
		$(B)/tree-info $(B)/report $(CELLS)

# --- benchmarks (not part of check: timing under TCG is not a verdict) -----
# make bench: lateness sweep + zero-timeout cost per ABI, on base, patched
# and lowres (patched with HIGH_RES_TIMERS off), CSV and a gnuplot PNG per
# arch under build/bench/.
BENCH_VARIANTS ?= base patched lowres
# lowres shares the patched tree; obj/<arch>-lowres keeps ccache paths.
kimage = $(if $(filter lowres,$(1)),$(B)/patched/obj/$(2)-lowres,$(B)/$(1)/obj/$(2))/$(IMAGE_$(2))

$(foreach a,$(ARCHES),$(eval $(call kernel_rule,$(B)/patched/src,$(B)/patched/obj/$(a)-lowres,$(a),arch-configs/lowres.config)))
$(foreach i,$(ABIS),$(eval $(call abi_rule,$(i),$(B)/bench/bin,compat-tests/bench)))
# cost runs in guests of its own (below); the rest in one bench guest.
BENCHES := $(filter-out cost,$(basename $(notdir $(wildcard compat-tests/bench/*.c))))
# cyclictest from Debian's rt-tests for the guest's arch: the VM's floor.
$(B)/bench/overlay/%/tests.d/cyclictest: scripts/debpkgs.sh guests/pkgrun guests/cyclictest.sh | $(B)/.deps
	$(call stage,bench: rt-tests:$(DEBARCH_$*))
	@scripts/debpkgs.sh $(DEBARCH_$*) $(B)/bench/overlay/$*/pkg rt-tests -- /usr/bin/cyclictest
	@mkdir -p $(@D) && cp guests/pkgrun $(B)/bench/overlay/$*/ && cp guests/cyclictest.sh $@
$(foreach a,$(ARCHES),$(eval $(call guest_rule,$(a),$(B)/bench/guest/$(a),$(B)/bench/bin,$(BENCHES),$(B)/bench/overlay/$(a),$(B)/bench/overlay/$(a)/tests.d/cyclictest)))
$(foreach v,$(BENCH_VARIANTS),$(foreach a,$(ARCHES),$(eval $(call boot_rule,$(v),$(a),$(B)/bench/results/$(v)/$(a),$(call kimage,$(v),$(a)),$(B)/bench/guest/$(a)/initramfs.cpio,matrix.test_timeout=1800))))

# Zero-timeout cost, base against patched: BENCH_COST_ROUNDS boots of each
# with bench/cost alone, alternating base/patched, patched/base (ABBA), so
# a drifting host does not favour one variant.
BENCH_COST_ROUNDS ?= 4
COST_ROUNDS := $(shell seq $(BENCH_COST_ROUNDS))
cost_order   = $(if $(filter 1,$(shell expr $(1) % 2)),base patched,patched base)
$(foreach a,$(ARCHES),$(eval $(call guest_rule,$(a),$(B)/bench/costguest/$(a),$(B)/bench/bin,cost,)))
$(foreach r,$(COST_ROUNDS),$(foreach v,base patched,$(foreach a,$(ARCHES),$(eval $(call boot_rule,$(v),$(a),$(B)/bench/cost/$(r)/$(v)/$(a),$(call kimage,$(v),$(a)),$(B)/bench/costguest/$(a)/initramfs.cpio)))))
COST_BOOTS  := $(foreach r,$(COST_ROUNDS),$(foreach a,$(ARCHES),$(foreach v,$(call cost_order,$(r)),$(B)/bench/cost/$(r)/$(v)/$(a)/status)))

$(B)/.deps-bench: scripts/deps.sh | $(B)/.deps
	@DEPS_EXTRA=gnuplot-nox scripts/deps.sh && touch $@

bench: $(B)/.deps-bench $(foreach v,$(BENCH_VARIANTS),$(foreach a,$(ARCHES),$(B)/bench/results/$(v)/$(a)/status)) $(COST_BOOTS)
	$(call stage,bench: report)
	@rm -rf $(filter-out $(addprefix $(B)/bench/cost/,$(COST_ROUNDS)),$(wildcard $(B)/bench/cost/*))
	@scripts/bench-report.sh $(B)/bench "$(BENCH_VARIANTS)" "$(ARCHES)"

# --- interactive ------------------------------------------------------------
ARCH    ?= x86_64
VARIANT ?= patched
shell: $(B)/$(VARIANT)/obj/$(ARCH)/$(IMAGE_$(ARCH)) $(B)/guest/$(ARCH)/initramfs.cpio
	$(QEMU_$(ARCH)) -kernel $< -initrd $(B)/guest/$(ARCH)/initramfs.cpio \
		-append "$(CMDLINE_$(ARCH)) matrix.shell" -nographic -no-reboot

# --- the series' own checks -------------------------------------------------
# On stdin: given a file name inside a git tree, checkpatch checks the file
# itself, not the patch in it.
checkpatch: $(B)/base/.tree
	$(call stage,checkpatch --strict on the series)
	@for p in $(PATCHES); do \
		$(B)/base/src/scripts/checkpatch.pl --strict --no-tree -q - < $$p || \
			{ echo "checkpatch: $$p"; exit 1; }; \
	done; echo "    checkpatch: $(words $(PATCHES)) patches clean"

# Every prefix of the series must build on every arch (bisectability).
bisect: $(B)/patched/.tree
	@scripts/bisect.sh $(B) "$(ARCHES)" $(foreach a,$(ARCHES),"$(a):$(KARCH_$(a)):$(CROSS_$(a)):$(IMAGE_$(a)):$(KMAKE_$(a))")

selfcheck: | $(B)/.deps
	$(call stage,selfcheck: harness)
	@scripts/selfcheck.sh

check: selfcheck checkpatch matrix bisect

clean:
	rm -rf $(B)/results $(B)/report $(B)/guest $(B)/tests

FORCE:
# Stamps made by pattern rules are not intermediates to delete.
.SECONDARY:
