# mk/guests.mk: what a guest boots with besides its kernel: uapi headers,
# compat-tests per ABI, busybox, Debian programs (overlays), the trees'
# selftests, and one initramfs per payload and arch.

TEST_CFLAGS := -static -O2 -Wall -Wextra -Wno-unused-parameter \
	-Wno-sign-compare -Wno-missing-field-initializers \
	-I$(B)/$(DEFAULT_TREE)/base/src/tools/testing/selftests -Icompat-tests/lib

# --- programs, one build per ABI ---------------------------------------------
$(B)/hdr/%/.stamp: $(B)/$(DEFAULT_TREE)/base/.tree
	$(call step,headers: uapi for ARCH=$*)
	@$(call timed,headers $*) scripts/steps/headers.sh $(B)/$(DEFAULT_TREE)/base/src $* $(B)/hdr/$*
	@touch $@

# The kernel's own cpio writer, for initramfs without root.
$(B)/tools/gen_init_cpio: $(B)/$(DEFAULT_TREE)/base/.tree
	@mkdir -p $(@D) && gcc -O2 -o $@ $(B)/$(DEFAULT_TREE)/base/src/usr/gen_init_cpio.c

# prog_rule SRCDIR ABI: $(B)/bin/SRCDIR/ABI/.stamp, every program of SRCDIR.
define prog_rule
$(B)/bin/$(1)/$(2)/.stamp: $(wildcard $(1)/*.c compat-tests/lib/*) $(B)/hdr/$(ABI_$(2)_HDR)/.stamp FORCE
	@$$(call timed,programs $(1) $(2)) scripts/steps/cc-tests.sh $(2) $$(@D) $(ABI_$(2)_CC)gcc \
		$(B)/hdr/$(ABI_$(2)_HDR)/.stamp -- $(TEST_CFLAGS) \
		-isystem $(B)/hdr/$(ABI_$(2)_HDR)/usr/include -- $(wildcard $(1)/*.c)
	@touch $$@
endef
$(foreach d,compat-tests compat-tests/bench compat-tests/skip,$(foreach i,$(ABIS),$(eval $(call prog_rule,$(d),$(i)))))
tests: $(foreach i,$(ABIS),$(B)/bin/compat-tests/$(i)/.stamp)

# --- guests: initramfs per payload and arch ----------------------------------
# busybox-static of the guest's own arch, from Debian's archive.
$(B)/busybox/%/bin/busybox: | $(B)/.deps
	$(call step,busybox: busybox-static:$*)
	@rm -rf $(B)/busybox/$* && mkdir -p $(B)/busybox/$*/deb
	@cd $(B)/busybox/$*/deb && apt-get download -q busybox-static:$* 2>/dev/null
	@dpkg-deb -x $(B)/busybox/$*/deb/*.deb $(B)/busybox/$*
	@test -x $@

# overlay_rule PAYLOAD ARCH: Debian programs + files into the overlay dir.
define overlay_rule
$(call poverlay,$(1),$(2))/.stamp: scripts/steps/debpkgs.sh guests/pkgrun \
		$(foreach f,$(PAYLOAD_$(1)_FILES),$(shell find $(firstword $(subst :, ,$(f))))) | $(B)/.deps
	$$(call step,overlay: $(1) $(2): $(PAYLOAD_$(1)_PKGS))
	@rm -rf $$(@D) && mkdir -p $$(@D)
	@$$(call timed,overlay $(1) $(2)) scripts/steps/debpkgs.sh $(ARCH_$(2)_DEBARCH) $$(@D)/pkg \
		$(PAYLOAD_$(1)_PKGS) -- $(PAYLOAD_$(1)_BINS)
	$(if $(and $(PAYLOAD_$(1)_PKGS32),$(ARCH_$(2)_DEBARCH32)),@$$(call timed,overlay $(1) $(2) $(ARCH_$(2)_DEBARCH32)) \
		scripts/steps/debpkgs.sh $(ARCH_$(2)_DEBARCH32) $$(@D)/pkg32 $(PAYLOAD_$(1)_PKGS32) -- $(PAYLOAD_$(1)_BINS32))
	@cp guests/pkgrun $$(@D)/
	@$(foreach f,$(PAYLOAD_$(1)_FILES),mkdir -p $$(dir $$(@D)/$(lastword $(subst :, ,$(f)))) && \
		cp -r $(firstword $(subst :, ,$(f))) $$(@D)/$(lastword $(subst :, ,$(f)));)
	@touch $$@
endef
# Payloads with Debian programs (_PKGS) have an overlay of them.
$(foreach p,$(PAYLOADS),$(if $(PAYLOAD_$(p)_PKGS),$(foreach a,$(ARCHES),$(eval $(call overlay_rule,$(p),$(a))))))

# kselftest_rule TREE ABI: $(B)/kselftest/TREE/ABI/bin/.
define kselftest_rule
$(B)/kselftest/$(1)/$(2)/.stamp: $(B)/$(1)/selftests/.tree scripts/steps/kselftests.sh | $(B)/.deps
	$$(call step,kselftests: $(1) $(2): $(KSELFTESTS) $(TREE_$(1)_KSELFTESTS))
	@$$(call timed,kselftests $(1) $(2)) scripts/steps/kselftests.sh $(B)/$(1)/selftests/src $$(@D) \
		$(2) $(ABI_$(2)_CC) $(ABI_$(2)_HDR) $(KSELFTESTS) $(TREE_$(1)_KSELFTESTS)
	@touch $$@
endef
$(foreach t,$(TREES_KNOWN),$(foreach i,$(ABIS),$(eval $(call kselftest_rule,$(t),$(i)))))
# starter_rule TREE ABI: KSELFTEST_STARTER_<t>, the kselftest's 32-bit
# starter (a 64-bit program). Its Makefile builds it only where $(CC) -m32
# links, which Debian's cross compilers do not: built here from its source
# with that ABI's compiler and the Makefile's flags.
define starter_rule
$(B)/kselftest/$(1)/starter/$(2)/$(notdir $(basename $(TREE_$(1)_KSELFTEST_STARTER))): $(B)/$(1)/selftests/.tree | $(B)/.deps
	@mkdir -p $$(@D)
	@$(ABI_$(2)_CC)gcc -static -Wall -O2 -o $$@ \
		$(B)/$(1)/selftests/src/tools/testing/selftests/$(TREE_$(1)_KSELFTEST_STARTER)
endef
$(foreach t,$(TREES_KNOWN),$(if $(TREE_$(t)_KSELFTEST_STARTER),$(foreach i,$(ABIS),$(eval $(call starter_rule,$(t),$(i))))))

# guest_rule PAYLOAD ARCH: $(B)/guest/PAYLOAD/ARCH/initramfs.cpio.
# <p>_STARTER on an arch: built for the first of its ABIs; the ABI turned
# off there (the arch's ABIs it does not run) is the one whose build of
# the test the starter executes, as <test>_<that ABI> (..._32 or
# ..._compat -> ..._i386).
starter_abi = $(firstword $(call pabis,$(1),$(2)))
starter_off = $(filter-out $(call pabis,$(1),$(2)),$(ARCH_$(2)_ABIS))
starter_bin = $(B)/kselftest/$(PAYLOAD_$(1)_KSELFTEST)/starter/$(call starter_abi,$(1),$(2))/$(notdir $(basename $(PAYLOAD_$(1)_STARTER)))
starter_test = $(patsubst %_compat,%,$(patsubst %_32,%,$(notdir $(basename $(PAYLOAD_$(1)_STARTER)))))
# The test folder is the recipe's own (tests.<pid>): the rule is FORCEd, and
# make check's LAVA and mutant stages run it side by side in two makes.
define guest_rule
$(B)/guest/$(1)/$(2)/initramfs.cpio: $(B)/busybox/$(ARCH_$(2)_DEBARCH)/bin/busybox \
		$(B)/tools/gen_init_cpio guests/init guests/suite.sh scripts/steps/initramfs.sh \
		$(foreach i,$(call pabis,$(1),$(2)),$(B)/bin/$(PAYLOAD_$(1)_SRC)/$(i)/.stamp $(foreach d,$(PAYLOAD_$(1)_MORE),$(B)/bin/$(d)/$(i)/.stamp)) \
		$(if $(filter $(B)/%,$(call poverlay,$(1),$(2))),$(call poverlay,$(1),$(2))/.stamp) \
		$(if $(PAYLOAD_$(1)_KSELFTEST),$(foreach i,$(call pabis,$(1),$(2)),$(B)/kselftest/$(PAYLOAD_$(1)_KSELFTEST)/$(i)/.stamp)) \
		$(if $(PAYLOAD_$(1)_STARTER),$(call starter_bin,$(1),$(2)) $(B)/kselftest/$(PAYLOAD_$(1)_KSELFTEST)/$(call starter_off,$(1),$(2))/.stamp) FORCE
	@s=$$(@D)/tests.$$$$$$$$; rm -rf $$$$s && mkdir -p $$$$s \
	$(foreach i,$(call pabis,$(1),$(2)),&& mkdir -p $$$$s/$(i) $(if $(PAYLOAD_$(1)_PROGS),&& \
		ln -sf $(foreach t,$(PAYLOAD_$(1)_PROGS),$(B)/bin/$(PAYLOAD_$(1)_SRC)/$(i)/$(t)) $$$$s/$(i)/) \
		$(foreach d,$(PAYLOAD_$(1)_MORE),&& ln -sf $(B)/bin/$(d)/$(i)/* $$$$s/$(i)/)) \
	$(if $(PAYLOAD_$(1)_KSELFTEST),$(foreach i,$(call pabis,$(1),$(2)),&& mkdir -p $$$$s/$(i)/$(PAYLOAD_$(1)_KSELFTEST_DIR) && \
		ln -sf $(B)/kselftest/$(PAYLOAD_$(1)_KSELFTEST)/$(i)/bin/$(or $(PAYLOAD_$(1)_KSELFTEST_PROGS),*) $$$$s/$(i)/$(PAYLOAD_$(1)_KSELFTEST_DIR))) \
	$(if $(PAYLOAD_$(1)_STARTER),&& ln -sf $(call starter_bin,$(1),$(2)) $$$$s/$(call starter_abi,$(1),$(2))/$(PAYLOAD_$(1)_KSELFTEST_DIR) && \
		ln -sf $(B)/kselftest/$(PAYLOAD_$(1)_KSELFTEST)/$(call starter_off,$(1),$(2))/bin/$(call starter_test,$(1)) \
			$$$$s/$(call starter_abi,$(1),$(2))/$(PAYLOAD_$(1)_KSELFTEST_DIR)/$(call starter_test,$(1))_$(call starter_off,$(1),$(2))) \
	&& $$(call timed,initramfs $(1) $(2)) scripts/steps/initramfs.sh $$@ $(B)/tools/gen_init_cpio \
		$(B)/busybox/$(ARCH_$(2)_DEBARCH)/bin/busybox guests/init $$$$s \
		$(call poverlay,$(1),$(2)); rc=$$$$?; rm -rf $$$$s; exit $$$$rc
endef
$(foreach p,$(PAYLOADS),$(foreach a,$(ARCHES),$(eval $(call guest_rule,$(p),$(a)))))
initramfs: $(foreach t,$(TREES),$(foreach a,$(ARCHES),$(B)/guest/tests-$(t)/$(a)/initramfs.cpio))
