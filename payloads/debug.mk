# debug: the debug flavour's guest: compat-tests, and trinity and
# stress-ng with their tests.d/ and during.d/ scripts (guests/debug/).
PAYLOAD_debug_SRC      := compat-tests
PAYLOAD_debug_PROGS    := $(TESTS)
PAYLOAD_debug_OVERLAY   = $(B)/overlay/debug/$(1)
PAYLOAD_debug_PKGS     := trinity stress-ng
PAYLOAD_debug_BINS     := /usr/bin/trinity /usr/bin/stress-ng
PAYLOAD_debug_FILES    := guests/debug/tests.d:tests.d guests/debug/during.d:during.d \
	guests/debug/trinity:trinity
# arm64's trinity has no 32-bit table, armhf's is that table.
PAYLOAD_debug_PKGS32   := trinity
PAYLOAD_debug_BINS32   := /usr/bin/trinity
$(eval $(payload-row))
