# debug: the debug flavour's guest: compat-tests, and trinity and
# stress-ng with their tests.d/ and during.d/ scripts (guests/debug/).
debug_SRC      := compat-tests
debug_PROGS    := $(TESTS)
debug_OVERLAY   = $(B)/overlay/debug/$(1)
debug_PKGS     := trinity stress-ng
debug_BINS     := /usr/bin/trinity /usr/bin/stress-ng
debug_FILES    := guests/debug/tests.d:tests.d guests/debug/during.d:during.d \
	guests/debug/trinity:trinity
# arm64's trinity has no 32-bit table, armhf's is that table.
debug_PKGS32   := trinity
debug_BINS32   := /usr/bin/trinity
$(eval $(call payload,debug))
