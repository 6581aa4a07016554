# lowres: the patched tree without high-resolution timers, a kernel row
# only (the bench's, EXTRA_KERNELS_<t>).
FLAVOUR_lowres_TREE  := patched
FLAVOUR_lowres_FRAGS := kconfigs/lowres.config
$(eval $(call flavour,lowres))
