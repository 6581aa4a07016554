# mk/tables.mk: the tables whose rows are files, read here in this order.
# Every row is its own small file (Buildroot's package/<pkg>/<pkg>.mk) that
# defines <TABLE>_<key>_<FIELD> variables, its key being its file name,
# and ends in the one eval of its table's template (pkg-generic.mk's part):
#   $(eval $(arch-row))   and so on, which takes the key from the file's
# path, checks what the row must define, fills in the defaults and adds
# the key to the table. No row file sets anything but its own fields.
#   ABIs      abis/<abi>.mk                        ABI_<abi>_<FIELD>
#   arches    arch-configs/<arch>.mk (+ .config)   ARCH_<arch>_<FIELD>
#   trees     trees/<tree>.mk                      TREE_<tree>_<FIELD>
#   flavours  flavours/<flavour>.mk                FLAVOUR_<flavour>_<FIELD>
#   payloads  payloads/<payload>.mk                PAYLOAD_<payload>_<FIELD>
# A table's default list (ARCHES, FLAVOURS, the payloads) is every row
# present but those whose row says otherwise (_DEFAULT := n), in the order
# of their _ORDER field (two digits; default 50). mk/rows.mk makes the rows
# of every tree from these (kernel rows, cell rows).

# The key of the row file being read: its name without folder and .mk.
row_key = $(basename $(notdir $(lastword $(MAKEFILE_LIST))))
# need TABLE KEY FIELDS FILE: one line and exit 2 for each field unset.
need = $(foreach v,$(3),$(if $(strip $($(1)_$(2)_$(v))),,$(error $(4): no $(1)_$(2)_$(v))))
# by_order TABLE KEYS: KEYS in the order of their _ORDER, then by name.
by_order = $(foreach k,$(sort $(foreach x,$(2),$(or $($(1)_$(x)_ORDER),50):$(x))),$(word 2,$(subst :, ,$(k))))
# defaults TABLE KEYS: those without _DEFAULT := n, in order.
defaults = $(foreach x,$(call by_order,$(1),$(2)),$(if $(filter n,$($(1)_$(x)_DEFAULT)),,$(x)))

# --- ABIs: one abis/<abi>.mk each ------------------------------------------------
# A user ABI the guests' programs are built for (a column of the report).
# Fields: _CC (compiler prefix), _HDR (the kernel ARCH of its uapi
# headers), _DEBPKGS (host packages of its compiler). _ARCHES (the kernel
# arches that run it) is filled in from the arches' _ABIS.
define abi_row
$(call need,ABI,$(1),CC HDR DEBPKGS,abis/$(1).mk)
ABIS_KNOWN += $(1)
endef
abi-row = $(call abi_row,$(row_key))
ABIS_KNOWN :=
include $(wildcard abis/*.mk)

# --- arches: one arch-configs/<arch>.mk + <arch>.config each -----------------------
# A kernel arch, its build and its QEMU guest. Fields: _KARCH _CROSS _IMAGE
# (kernel build), _DEBARCH (Debian arch of busybox and guest programs),
# _DEBPKGS (QEMU, the kernel's cross compiler; its ABIs' compilers are
# added: _DEPS), _QEMU _CMDLINE, _ABIS (the user ABIs it runs, abis/, its
# own first); optional: _DEBARCH32 (its compat ABI's Debian arch, for a
# payload's _PKGS32), _KMAKE, _BOOT_RETRY (a console line meaning the host
# failed the boot), _TIMER_IRQ, _DEBUG (y: hosts the debug guest) and
# _DEBUG_CMDLINE, _NOCOMPAT_CMDLINE and _NOCOMPAT_ABIS (flavour nocompat),
# _DISTRO_PKG _DISTRO_NEEDS _DISTRO_ABICONF _DISTRO_CMDLINE (flavour
# distro), _ORDER, _DEFAULT (n: not in the default ARCHES), _CHECK (y: in
# make check's default arches).
define arch_row
$(call need,ARCH,$(1),KARCH CROSS IMAGE DEBARCH DEBPKGS QEMU CMDLINE ABIS,arch-configs/$(1).mk)
$(if $(wildcard arch-configs/$(1).config),,$(error arch-configs/$(1).mk: no arch-configs/$(1).config))
$(call check_in,ARCH_$(1)_ABIS,$(ARCH_$(1)_ABIS),$(ABIS_KNOWN),ABI (abis/<abi>.mk))
ARCH_$(1)_DEPS := $(strip $(call uniq,$(ARCH_$(1)_DEBPKGS) $(foreach i,$(ARCH_$(1)_ABIS),$(ABI_$(i)_DEBPKGS))))
ARCHES_KNOWN += $(1)
endef
arch-row = $(call arch_row,$(row_key))
ARCHES_KNOWN :=
include $(wildcard arch-configs/*.mk)
$(foreach i,$(ABIS_KNOWN),$(eval ABI_$(i)_ARCHES := $(foreach a,$(ARCHES_KNOWN),$(if $(filter $(i),$(ARCH_$(a)_ABIS)),$(a)))))
ARCHES_DEFAULT := $(call defaults,ARCH,$(ARCHES_KNOWN))
# make check's arches: the rows with _CHECK := y (the two 64-bit kernel
# families, which run every user ABI: README "The two commands") and the
# stages' (mk/check-select.mk); make matrix and check-all: ARCHES_DEFAULT.
ARCHES_CHECK := $(strip $(foreach a,$(call by_order,ARCH,$(ARCHES_KNOWN)),$(if $(ARCH_$(a)_CHECK),$(a))))
CHECK_ARCHES ?= $(ARCHES_CHECK) $(filter-out $(ARCHES_CHECK),$(CHECK_STAGE_ARCHES))
$(call check_in,CHECK_ARCHES,$(CHECK_ARCHES),$(ARCHES_KNOWN),arch (arch-configs/<arch>.mk))
ARCHES    ?= $(if $(filter check mutation,$(PROFILE)),$(CHECK_ARCHES),$(ARCHES_DEFAULT))
ARCH      ?= $(firstword $(ARCHES))
$(call check_in,ARCHES,$(ARCHES),$(ARCHES_KNOWN),arch (arch-configs/<arch>.mk))
$(call check_in,ARCH,$(ARCH),$(ARCHES_KNOWN),arch (arch-configs/<arch>.mk))
# An ABI may be a column of several arches (i386 binaries on x86_64 and i386).
ABIS      := $(sort $(foreach a,$(ARCHES),$(ARCH_$(a)_ABIS)))

# --- trees: one trees/<tree>.mk each -------------------------------------------------
# A kernel source release (no tree is special; DEFAULT_TREE is only the
# default of TREE and TREES). Fields:
#   _PKG, _SUITES       Debian package; the apt suites scripts/steps/fetch-source.sh
#                       takes it from (none: installed on the host)
#   _TARBALL            where the source tarball is
#   _PATCHDIR           the series (format-patch files, series file, cover letter)
#   _FRAGS              config differences of every kernel of the tree
#   _MUTANTS            the mutants (patches/mutants/) booted on the tree
#   _MUTANT_TESTS       what judges them: compat (compat-tests) or
#                       kselftest (the series' own selftest)
#   _KSELFTESTS, _KSELFTEST_FIXES, _KSELFTEST_FIXES_HOME (y: the selftest
#   fixes are made on it), _KSELFTEST_STARTER, _SKIP_TESTS, _CHECK,
#   _CHECK_MUTANTS, _ORIG, _DISTRO_ABI _DISTRO_VERSION _DISTRO_SUITES
#   _DISTRO_ARCHES _DISTRO_PKG_<arch> (flavour distro)
# Which flavours a tree has is each flavour's (FLAVOUR_<f>_TREES). Every
# row of tree <t> is named <t>-<name>; its sources and objects are under build/<t>/.
define tree_row
$(if $(TREE_$(1)_SRC),,$(call need,TREE,$(1),PKG TARBALL PATCHDIR,trees/$(1).mk))
$(call check_in,TREE_$(1)_MUTANT_TESTS,$(TREE_$(1)_MUTANT_TESTS),compat kselftest,judge (compat or kselftest))
TREES_KNOWN += $(1)
endef
tree-row = $(call tree_row,$(row_key))
TREES_KNOWN :=
# patches/mutants/series, tab-separated: "<x>-<name>.patch <arches where
# the defect can occur> <ABIs> <what it gets wrong>".
MUTANT_TABLE := $(shell sed -n 's/^\(\([a-z0-9]*\)-[^\t]*\)\t\([^\t]*\)\t.*/\2:\1:\3/p' patches/mutants/series 2>/dev/null)
MUTANT_IDS   := $(foreach m,$(MUTANT_TABLE),$(call field,1,$(m)))
$(foreach m,$(MUTANT_TABLE),$(eval MUTANT_PATCH_$(call field,1,$(m)) := patches/mutants/$(call field,2,$(m))) \
	$(eval MUTANT_ARCHES_$(call field,1,$(m)) := $(subst $(comma), ,$(call field,3,$(m)))))
include $(wildcard trees/*.mk)
# KSRC=<path>: the developer's own tree, one more tree (ksrc).
include mk/ksrc.mk
$(foreach t,$(TREES_KNOWN),$(call check_in,TREE_$(t)_MUTANTS,$(TREE_$(t)_MUTANTS),$(MUTANT_IDS),mutant (patches/mutants/series)))
export DEFAULT_TREE := 6.1
TREE      ?= $(if $(KSRC),ksrc,$(DEFAULT_TREE))
TREES     ?= $(TREE)
$(call check_in,TREE,$(TREE),$(TREES_KNOWN),tree (trees/<tree>.mk))
$(call check_in,TREES,$(TREES),$(TREES_KNOWN),tree (trees/<tree>.mk))
$(if $(filter mutation,$(PROFILE)),$(if $(word 2,$(TREE)),$(error TREE=$(TREE): make mutation takes one tree)))
# The tree the selftest fixes (patches/kselftest-fixes/) are made on.
KSELFTEST_FIXES_TREE := $(firstword $(foreach t,$(TREES_KNOWN),$(if $(TREE_$(t)_KSELFTEST_FIXES_HOME),$(t))))

# --- flavours: what a row of a tree is made of, one flavours/<f>.mk each ---------------
# Fields: _SOURCE (the source its kernel builds: base or patched), _FRAGS
# (on top of kconfigs/common.config, the arch's and the tree's _FRAGS),
# _KERNEL (the flavour whose kernel a cell of it boots; default: itself; a
# flavour with one has no kernel row of its own), _IMAGE (y: its kernel is
# a Debian image package, fetched, not built: flavours/distro.mk), _JUDGE
# (the flavour whose expected failures apply; default: itself),
# _TREEARCHES (F: a tree's TREE_<t>_F limits the arches of its row),
# _PAYLOAD (% is the tree; default tests-%), _CLOCK, _QEMU, _CMDLINE,
# _ARCHVARS (V: ARCH_<arch>_V_CMDLINE and ARCH_<arch>_V_ABIS, that arch's
# extra command line and ABIs), _ARCHES, _FIRST (cells); _TREES (the trees
# that have it; default every tree), _CELLS (n: a kernel row only, no
# cells), _ORDER, _DEFAULT (n: not in the default FLAVOURS).
define flavour_row
$(if $(filter base patched,$(FLAVOUR_$(1)_SOURCE))$(FLAVOUR_$(1)_KERNEL)$(FLAVOUR_$(1)_IMAGE),,\
	$(error flavours/$(1).mk: defines neither FLAVOUR_$(1)_SOURCE (base or patched) nor FLAVOUR_$(1)_KERNEL nor _IMAGE))
$(if $(filter undefined,$(origin FLAVOUR_$(1)_TREES)),FLAVOUR_$(1)_TREES := $(TREES_KNOWN))
FLAVOURS_FILES += $(1)
endef
flavour-row = $(call flavour_row,$(row_key))
FLAVOURS_FILES :=
include $(wildcard flavours/*.mk)
FLAVOURS_DEFAULT := $(foreach f,$(call defaults,FLAVOUR,$(FLAVOURS_FILES)),$(if $(filter n,$(FLAVOUR_$(f)_CELLS)),,$(f)))
# tree_flavours TREE CELLS: the flavours TREE has, with cells (y) or without (n).
tree_flavours = $(foreach f,$(call by_order,FLAVOUR,$(FLAVOURS_FILES)),$(if $(filter $(1),$(FLAVOUR_$(f)_TREES)),\
	$(if $(filter n,$(FLAVOUR_$(f)_CELLS)),$(if $(filter n,$(2)),$(f)),$(if $(filter y,$(2)),$(f)))))

# --- payloads: what the initramfs carries besides busybox and guests/init -------------
# Fields: _SRC: directory of programs (one per .c, built for every ABI of
# the arch); _PROGS: which; _MORE: every program of those folders too;
# _OVERLAY: a directory mounted as /overlay (tests.d/ executables are one
# more KTAP suite, during.d/ run beside), a function of the arch; Debian
# programs of the guest's arch shipped with their libraries
# (scripts/steps/debpkgs.sh): _PKGS, _BINS, and _PKGS32, _BINS32 from the
# arch's compat ABI (ARCH_<a>_DEBARCH32) into pkg32/; _FILES: "src:dest"
# copies; _KSELFTEST: the tree whose selftests it carries
# (_KSELFTEST_PROGS: which; default all; _KSELFTEST_DIR: in which folder
# of the ABI's); _STARTER: a kselftest's 32-bit starter; _ARCHVARS as a
# flavour's. A payload with _TREES is one row per tree, <p>-<tree>, each
# field a function of the tree ($(1)).
PAYLOAD_FIELDS := SRC PROGS MORE PKGS BINS PKGS32 BINS32 FILES KSELFTEST KSELFTEST_PROGS \
	KSELFTEST_DIR STARTER ARCHVARS
TESTS          := $(sort $(basename $(notdir $(wildcard compat-tests/*.c))))
BENCHES        := $(sort $(basename $(notdir $(wildcard compat-tests/bench/*.c))))
# The selftests of this family every tree's test cells carry.
KSELFTESTS     ?= filesystems/epoll timers:nanosleep,nsleep-lat,set-timer-lat
$(foreach k,$(KSELFTESTS),$(if $(if $(findstring ',$(k)),,$(shell printf '%s' '$(k)' | grep -Eqx '[A-Za-z0-9_./-]+(:[A-Za-z0-9_.-]+(,[A-Za-z0-9_.-]+)*)?' && echo y)),,\
	$(error KSELFTESTS=$(k): a selftests folder, optionally :program,program)))
# The ABIs a payload runs on an arch: all, or ARCH_<arch>_<V>_ABIS (_ARCHVARS).
pabis = $(if $(PAYLOAD_$(1)_ARCHVARS),$(ARCH_$(2)_$(PAYLOAD_$(1)_ARCHVARS)_ABIS),$(ARCH_$(2)_ABIS))
poverlay   = $(call PAYLOAD_$(1)_OVERLAY,$(2))
define payload_one
$$(if $$(PAYLOAD_$(1)_SRC),,$$(error payload $(1): no PAYLOAD_$(1)_SRC (the folder of its programs)))
PAYLOADS += $(1)
endef
# payload_of_tree P T: row P-T, each field P's called with T.
define payload_of_tree
$(foreach f,$(PAYLOAD_FIELDS),$(if $(value PAYLOAD_$(1)_$(f)),PAYLOAD_$(1)-$(2)_$(f) := $(call PAYLOAD_$(1)_$(f),$(2))$(nl)))
$(if $(value PAYLOAD_$(1)_OVERLAY),PAYLOAD_$(1)-$(2)_OVERLAY = $(call PAYLOAD_$(1)_OVERLAY,$(2)))
$(call payload_one,$(1)-$(2))
endef
payload_row = $(if $(filter undefined,$(origin PAYLOAD_$(1)_TREES)),$(call payload_one,$(1)),\
	$(foreach t,$(PAYLOAD_$(1)_TREES),$(call payload_of_tree,$(1),$(t))$(nl)))
payload-row = $(call payload_row,$(row_key))
PAYLOADS :=
include $(wildcard payloads/*.mk)
