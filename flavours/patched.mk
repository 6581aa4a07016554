# patched: the tree with its series (PATCHDIR_<t>) applied.
FLAVOUR_patched_SOURCE := patched
FLAVOUR_patched_ORDER := 20
$(eval $(flavour-row))
