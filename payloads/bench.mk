# bench: the bench cells' timing programs (compat-tests/bench/ but cost)
# and cyclictest.
PAYLOAD_bench_SRC      := compat-tests/bench
PAYLOAD_bench_PROGS    := $(filter-out cost,$(BENCHES))
PAYLOAD_bench_OVERLAY   = $(B)/overlay/bench/$(1)
PAYLOAD_bench_PKGS     := rt-tests
PAYLOAD_bench_BINS     := /usr/bin/cyclictest
PAYLOAD_bench_FILES    := guests/cyclictest.sh:tests.d/cyclictest
$(eval $(payload-row))
