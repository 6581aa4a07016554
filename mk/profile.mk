# mk/profile.mk: what kind of run this make is, derived from its goals
# here, once; no other file reads MAKECMDGOALS.
# GOALS: the goals asked for (none: the default goal, matrix).
GOALS   := $(or $(MAKECMDGOALS),matrix)
# $(call goal,G...): non-empty when one of G is a goal of this run (a
# knob only some goals read is checked only when one of them runs).
goal     = $(filter $(1),$(GOALS))
# PROFILE: check (make check: its stages pick the arches, the debug guest,
# the other trees: mk/check-select.mk), mutation (make mutation, its
# sub-make and mutation-cells: one tree, make check's arches), or run (any other goal).
PROFILE := $(if $(call goal,check),check,$(if $(call goal,mutation mutation-run mutation-cells),mutation,run))
