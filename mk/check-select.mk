# mk/check-select.mk: the stages make check runs (CHECK_STAGES), chosen
# from what changed before the rows are read, since its arches and trees
# are knobs of theirs (CHECK_ARCHES, CHECK_DEBUG_ARCHES, CHECK_TREES). The
# table is mk/check-paths; scripts/steps/check-select.sh matches the paths
# changed since the last commit whose make check passed on this machine
# (recorded beside the product cache, MATRIX_CACHE), else since HEAD's
# first parent, or since CHECK_SINCE. What it chose and why is printed
# first (by mk/check.mk, once every knob is checked). CHECK_STAGES= on the
# command line chooses instead; any other CHECK_* knob there means the
# full default check with it, as before.
CHECK_KNOBS := CHECK_ARCHES CHECK_TREES CHECK_MUTANT_TREES CHECK_MUTANT_ARCHES \
	CHECK_TREE_ARCHES CHECK_LAVA_RUN_ARCHES CHECK_DEBUG_ARCHES
# Knobs that narrow a check: a pass with one of them proves less than
# make check, so it is not recorded.
CHECK_NARROWING := $(CHECK_KNOBS) CHECK_STAGES CHECK_SINCE ARCHES FLAVOURS TREES TREE \
	MUTANT_TREES LAVA_CELLS LAVA_RUN_CELLS KSELFTESTS
CHECK_STAGE_WORDS := lint selfcheck default checkpatch matrix lava mutants \
	$(foreach a,$(patsubst arch-configs/%.mk,%,$(wildcard arch-configs/*.mk)),arch:$(a) debug:$(a)) \
	$(patsubst trees/%.mk,tree:%,$(wildcard trees/*.mk))
CHECK_SINCE ?=
cmdline_knobs = $(strip $(foreach v,$(1),$(if $(filter command line environment%,$(origin $(v))),$(v))))
ifeq ($(PROFILE),check)
ifneq ($(call cmdline_knobs,CHECK_STAGES),)
CHECK_SELECTED := check: CHECK_STAGES=$(CHECK_STAGES) given: those stages, nothing selected by the change
else ifneq ($(call cmdline_knobs,$(CHECK_KNOBS)),)
CHECK_STAGES := lint selfcheck default
CHECK_SELECTED := check: $(firstword $(call cmdline_knobs,$(CHECK_KNOBS)))= given: the full default check with it, nothing selected by the change
else
CHECK_SELECT_BAD := $(shell mkdir -p $(B) && scripts/steps/check-select.sh select mk/check-paths \
	'$(MATRIX_CACHE)' '$(CHECK_SINCE)' >$(B)/check-select.txt 2>$(B)/check-select.err || cat $(B)/check-select.err)
$(if $(CHECK_SELECT_BAD),$(error $(CHECK_SELECT_BAD)))
CHECK_SELECTED := $(file <$(B)/check-select.txt)
CHECK_STAGES := $(shell sed -n 's/^check: stages: //p' $(B)/check-select.txt)
CHECK_RECORD ?= $(if $(call cmdline_knobs,$(CHECK_NARROWING)),-,$(firstword $(shell sed -n 's/^check: record: //p' $(B)/check-select.txt)))
endif
endif
CHECK_RECORD ?= -
$(if $(filter check,$(PROFILE)),$(call check_in,CHECK_STAGES,$(CHECK_STAGES),$(CHECK_STAGE_WORDS),stage (mk/check-paths)))
# What the stages add to the knobs' defaults (mk/rows.mk, flavours/debug.mk,
# mk/check.mk), and whether the default tree's matrix runs at all.
CHECK_STAGE_ARCHES := $(patsubst arch:%,%,$(filter arch:%,$(CHECK_STAGES)))
CHECK_STAGE_DEBUG  := $(patsubst debug:%,%,$(filter debug:%,$(CHECK_STAGES)))
CHECK_STAGE_TREES  := $(patsubst tree:%,%,$(filter tree:%,$(CHECK_STAGES)))
CHECK_MATRIX       := $(if $(filter default matrix mutants lava arch:% debug:%,$(CHECK_STAGES)),y)
check_has = $(filter default $(1),$(CHECK_STAGES))
# make check-all records its pass when nothing narrows it.
check_all_record = $(if $(call cmdline_knobs,$(CHECK_NARROWING)),-,$(shell scripts/steps/check-select.sh head))
