# patched: the tree with its series (PATCHDIR_<t>) applied.
FLAVOUR_patched_TREE := patched
$(eval $(call flavour,patched))
