# bench: the bench cells' timing programs (compat-tests/bench/ but cost)
# and cyclictest.
bench_SRC      := compat-tests/bench
bench_PROGS    := $(filter-out cost,$(BENCHES))
bench_OVERLAY   = $(B)/overlay/bench/$(1)
bench_PKGS     := rt-tests
bench_BINS     := /usr/bin/cyclictest
bench_FILES    := guests/cyclictest.sh:tests.d/cyclictest
$(eval $(call payload,bench))
