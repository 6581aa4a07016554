# mk/lib.mk: helpers for every mk/ file and row file (no rows, no rules).
# check_in VAR VALUE KNOWN WHAT: one line and exit 2 when VALUE has a word
# outside KNOWN, before any work.
check_in   = $(if $(filter-out $(3),$(2)),$(error $(1)=$(filter-out $(3),$(2)): no such $(4); there are: $(3)))
# check_count VAR MIN WHAT: one line and exit 2 unless $(VAR) is a whole
# number of at least MIN: digits only, no leading 0 (JSON, the shell's
# octal), so a sign, a unit, a fraction or a space is refused too.
# check_dir VAR: one line and exit 2 when $(VAR) exists and is no folder.
check_dir = $(if $(wildcard $($(1))),$(if $(wildcard $($(1))/.),,$(error $(1)=$($(1)): not a folder)))
nondigits = $(subst 0,,$(subst 1,,$(subst 2,,$(subst 3,,$(subst 4,,$(subst 5,,$(subst 6,,$(subst 7,,$(subst 8,,$(subst 9,,$(1)))))))))))
check_count = $(if $(if $(strip $($(1))),$(if $(call nondigits,$($(1)))$(filter-out 0,$(filter 0%,$($(1)))),,$(shell [ $($(1)) -ge $(2) ] 2>/dev/null && echo y))),,\
	$(error $(1)=$($(1)): $(3), $(2) or more))
# check_mutant_ids VAR: one line and exit 2 for a word of $(VAR) that is no
# mutant id (8 hex digits, the first of the sha256 of its diff).
check_mutant_ids = $(foreach m,$($(1)),$(if $(shell echo '$(m)' | grep -qx '[0-9a-f]\{8\}' && echo y),,\
	$(error $(1)=$(m): not a mutant id (8 hex digits, as in build/mutation/<tree>/list))))
series_of = $(shell sed -n 's|^\([^#[:space:]][^[:space:]]*\).*|$(1)/\1|p' $(1)/series 2>/dev/null)
# The selftest fix of patches/kselftest-fixes/series whose subject slug is
# $(1), by name so a renumbered series still finds it (or one line).
kselftest_fix = $(or $(filter %-$(1).patch,$(call series_of,patches/kselftest-fixes)),\
	$(error patches/kselftest-fixes/series lists no *-$(1).patch))
comma := ,
define nl


endef
field = $(word $(1),$(subst :, ,$(2)))
prefixes = $(if $(filter-out 0,$(1)),$(shell seq 1 $(1)))
uniq   = $(if $(1),$(firstword $(1)) $(call uniq,$(filter-out $(firstword $(1)),$(1))))
empty :=
space := $(empty) $(empty)
jstr  = "$(subst ",\",$(subst \,\\,$(1)))"
jlist = [$(subst $(space),$(comma),$(strip $(foreach w,$(1),$(call jstr,$(w)))))]

# Progress: elapsed time since make started; every step lands in the
# time table (scripts/steps/timed.sh) that ends the report.
T0 := $(shell date +%s)
step  = @echo "[$$(( $$(date +%s) - $(T0) ))s] $(1)"
timed = scripts/steps/timed.sh $(B)/times "$(1)"
