# mk/guests.mk: what a guest boots with besides its kernel: uapi headers,
# compat-tests per ABI, busybox, Debian programs (overlays), the trees'
# selftests, and one initramfs per payload and arch.

TEST_CFLAGS := -static -O2 -Wall -Wextra -Wno-unused-parameter \
	-Wno-sign-compare -Wno-missing-field-initializers \
	-I$(B)/$(DEFAULT_TREE)/base/src/tools/testing/selftests -Icompat-tests/lib

# --- programs, one build per ABI ---------------------------------------------
$(B)/hdr/%/.stamp: $(B)/$(DEFAULT_TREE)/base/.tree
	$(call stage,headers: uapi for ARCH=$*)
	@$(call timed,headers $*) scripts/build/headers.sh $(B)/$(DEFAULT_TREE)/base/src $* $(B)/hdr/$*
	@touch $@

# The kernel's own cpio writer, for initramfs without root.
$(B)/tools/gen_init_cpio: $(B)/$(DEFAULT_TREE)/base/.tree
	@mkdir -p $(@D) && gcc -O2 -o $@ $(B)/$(DEFAULT_TREE)/base/src/usr/gen_init_cpio.c

# prog_rule SRCDIR ABI: $(B)/bin/SRCDIR/ABI/.stamp, every program of SRCDIR.
define prog_rule
$(B)/bin/$(1)/$(2)/.stamp: $(wildcard $(1)/*.c compat-tests/lib/*) $(B)/hdr/$(ABIHDR_$(2))/.stamp FORCE
	@$$(call timed,programs $(1) $(2)) scripts/build/cc-tests.sh $(2) $$(@D) $(ABICC_$(2))gcc \
		$(B)/hdr/$(ABIHDR_$(2))/.stamp -- $(TEST_CFLAGS) \
		-isystem $(B)/hdr/$(ABIHDR_$(2))/usr/include -- $(wildcard $(1)/*.c)
	@touch $$@
endef
$(foreach d,compat-tests compat-tests/bench compat-tests/skip,$(foreach i,$(ABIS),$(eval $(call prog_rule,$(d),$(i)))))
tests: $(foreach i,$(ABIS),$(B)/bin/compat-tests/$(i)/.stamp)

# --- guests: initramfs per payload and arch ----------------------------------
# busybox-static of the guest's own arch, from Debian's archive.
$(B)/busybox/%/bin/busybox: | $(B)/.deps
	$(call stage,busybox: busybox-static:$*)
	@rm -rf $(B)/busybox/$* && mkdir -p $(B)/busybox/$*/deb
	@cd $(B)/busybox/$*/deb && apt-get download -q busybox-static:$* 2>/dev/null
	@dpkg-deb -x $(B)/busybox/$*/deb/*.deb $(B)/busybox/$*
	@test -x $@

# overlay_rule PAYLOAD ARCH: Debian programs + files into the overlay dir.
define overlay_rule
$(call poverlay,$(1),$(2))/.stamp: scripts/build/debpkgs.sh guests/pkgrun \
		$(foreach f,$($(1)_FILES),$(shell find $(firstword $(subst :, ,$(f))))) | $(B)/.deps
	$$(call stage,overlay: $(1) $(2): $($(1)_PKGS))
	@rm -rf $$(@D) && mkdir -p $$(@D)
	@$$(call timed,overlay $(1) $(2)) scripts/build/debpkgs.sh $(DEBARCH_$(2)) $$(@D)/pkg \
		$($(1)_PKGS) -- $($(1)_BINS)
	$(if $(and $($(1)_PKGS32),$(DEBARCH32_$(2))),@$$(call timed,overlay $(1) $(2) $(DEBARCH32_$(2))) \
		scripts/build/debpkgs.sh $(DEBARCH32_$(2)) $$(@D)/pkg32 $($(1)_PKGS32) -- $($(1)_BINS32))
	@cp guests/pkgrun $$(@D)/
	@$(foreach f,$($(1)_FILES),mkdir -p $$(dir $$(@D)/$(lastword $(subst :, ,$(f)))) && \
		cp -r $(firstword $(subst :, ,$(f))) $$(@D)/$(lastword $(subst :, ,$(f)));)
	@touch $$@
endef
$(foreach p,debug bench,$(foreach a,$(ARCHES),$(eval $(call overlay_rule,$(p),$(a)))))

# kselftest_rule TREE ABI: $(B)/kselftest/TREE/ABI/bin/.
define kselftest_rule
$(B)/kselftest/$(1)/$(2)/.stamp: $(B)/$(1)/selftests/.tree scripts/build/kselftests.sh | $(B)/.deps
	$$(call stage,kselftests: $(1) $(2): $(KSELFTESTS) $(KSELFTESTS_$(1)))
	@$$(call timed,kselftests $(1) $(2)) scripts/build/kselftests.sh $(B)/$(1)/selftests/src $$(@D) \
		$(2) $(ABICC_$(2)) $(ABIHDR_$(2)) $(KSELFTESTS) $(KSELFTESTS_$(1))
	@touch $$@
endef
$(foreach t,$(TREES_KNOWN),$(foreach i,$(ABIS),$(eval $(call kselftest_rule,$(t),$(i)))))
# starter_rule TREE ABI: KSELFTEST_STARTER_<t>, the kselftest's 32-bit
# starter (a 64-bit program). Its Makefile builds it only where $(CC) -m32
# links, which Debian's cross compilers do not: built here from its source
# with that ABI's compiler and the Makefile's flags.
define starter_rule
$(B)/kselftest/$(1)/starter/$(2)/$(notdir $(basename $(KSELFTEST_STARTER_$(1)))): $(B)/$(1)/selftests/.tree | $(B)/.deps
	@mkdir -p $$(@D)
	@$(ABICC_$(2))gcc -static -Wall -O2 -o $$@ \
		$(B)/$(1)/selftests/src/tools/testing/selftests/$(KSELFTEST_STARTER_$(1))
endef
$(foreach t,$(TREES_KNOWN),$(if $(KSELFTEST_STARTER_$(t)),$(foreach i,$(ABIS),$(eval $(call starter_rule,$(t),$(i))))))

# guest_rule PAYLOAD ARCH: $(B)/guest/PAYLOAD/ARCH/initramfs.cpio.
# <p>_STARTER on an arch: built for the first of its ABIs; the ABI turned
# off there (the arch's ABIs it does not run) is the one whose build of
# the test the starter executes, as <test>_<that ABI> (..._32 or
# ..._compat -> ..._i386).
starter_abi = $(firstword $(call pabis,$(1),$(2)))
starter_off = $(filter-out $(call pabis,$(1),$(2)),$(ABIS_$(2)))
starter_bin = $(B)/kselftest/$($(1)_KSELFTEST)/starter/$(call starter_abi,$(1),$(2))/$(notdir $(basename $($(1)_STARTER)))
starter_test = $(patsubst %_compat,%,$(patsubst %_32,%,$(notdir $(basename $($(1)_STARTER)))))
define guest_rule
$(B)/guest/$(1)/$(2)/initramfs.cpio: $(B)/busybox/$(DEBARCH_$(2))/bin/busybox \
		$(B)/tools/gen_init_cpio guests/init guests/suite.sh scripts/build/initramfs.sh \
		$(foreach i,$(call pabis,$(1),$(2)),$(B)/bin/$($(1)_SRC)/$(i)/.stamp $(foreach d,$($(1)_MORE),$(B)/bin/$(d)/$(i)/.stamp)) \
		$(if $(filter $(B)/%,$(call poverlay,$(1),$(2))),$(call poverlay,$(1),$(2))/.stamp) \
		$(if $($(1)_KSELFTEST),$(foreach i,$(call pabis,$(1),$(2)),$(B)/kselftest/$($(1)_KSELFTEST)/$(i)/.stamp)) \
		$(if $($(1)_STARTER),$(call starter_bin,$(1),$(2)) $(B)/kselftest/$($(1)_KSELFTEST)/$(call starter_off,$(1),$(2))/.stamp) FORCE
	@rm -rf $$(@D)/tests && mkdir -p $$(@D)/tests
	@$(foreach i,$(call pabis,$(1),$(2)),mkdir -p $$(@D)/tests/$(i) $(if $($(1)_PROGS),&& \
		ln -sf $(foreach t,$($(1)_PROGS),$(B)/bin/$($(1)_SRC)/$(i)/$(t)) $$(@D)/tests/$(i)/) \
		$(foreach d,$($(1)_MORE),&& ln -sf $(B)/bin/$(d)/$(i)/* $$(@D)/tests/$(i)/);)
	@$(if $($(1)_KSELFTEST),$(foreach i,$(call pabis,$(1),$(2)),mkdir -p $$(@D)/tests/$(i)/$($(1)_KSELFTEST_DIR) && \
		ln -sf $(B)/kselftest/$($(1)_KSELFTEST)/$(i)/bin/$(or $($(1)_KSELFTEST_PROGS),*) $$(@D)/tests/$(i)/$($(1)_KSELFTEST_DIR);))
	@$(if $($(1)_STARTER),ln -sf $(call starter_bin,$(1),$(2)) $$(@D)/tests/$(call starter_abi,$(1),$(2))/$($(1)_KSELFTEST_DIR) && \
		ln -sf $(B)/kselftest/$($(1)_KSELFTEST)/$(call starter_off,$(1),$(2))/bin/$(call starter_test,$(1)) \
			$$(@D)/tests/$(call starter_abi,$(1),$(2))/$($(1)_KSELFTEST_DIR)/$(call starter_test,$(1))_$(call starter_off,$(1),$(2)))
	@$$(call timed,initramfs $(1) $(2)) scripts/build/initramfs.sh $$@ $(B)/tools/gen_init_cpio \
		$(B)/busybox/$(DEBARCH_$(2))/bin/busybox guests/init $$(@D)/tests \
		$(call poverlay,$(1),$(2))
endef
$(foreach p,$(PAYLOADS),$(foreach a,$(ARCHES),$(eval $(call guest_rule,$(p),$(a)))))
initramfs: $(foreach t,$(TREES),$(foreach a,$(ARCHES),$(B)/guest/tests-$(t)/$(a)/initramfs.cpio))
