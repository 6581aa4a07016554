# lowres: the patched tree without high-resolution timers, a kernel row
# only (no cells: the bench's rows boot it), on the default tree.
FLAVOUR_lowres_SOURCE  := patched
FLAVOUR_lowres_FRAGS := kconfigs/lowres.config
FLAVOUR_lowres_TREES  := 6.1
FLAVOUR_lowres_CELLS  := n
FLAVOUR_lowres_ORDER  := 50
$(eval $(flavour-row))
