# base: the tree as Debian ships it, the series not applied (its defects
# are compat-tests/expected-failures).
FLAVOUR_base_TREE    := base
$(eval $(call flavour,base))
