# base: the tree as Debian ships it, the series not applied (its defects
# are compat-tests/expected-failures).
FLAVOUR_base_SOURCE    := base
FLAVOUR_base_ORDER   := 10
$(eval $(flavour-row))
