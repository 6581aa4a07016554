#!/bin/sh
# Bench guest only: cyclictest (rt-tests) latency of a SCHED_FIFO
# clock_nanosleep loop - the floor of this virtual machine, to read the
# select/poll lateness against. One "# csv: cyclictest,..." line, in us.
echo "TAP version 13"
echo "1..1"
out=$(/overlay/pkgrun cyclictest -q -m -p 80 \
	-i 1000 -D 10 2>&1)
echo "$out" | sed 's/^/# /'
# shellcheck disable=SC2046 # three numbers, split on purpose
set -- $(echo "$out" | sed -n 's/.*Min: *\([0-9]*\) .*Avg: *\([0-9]*\) .*Max: *\([0-9]*\).*/\1 \2 \3/p' | head -n 1)
if [ $# -eq 3 ]; then
	echo "# csv: cyclictest,$(uname -m),1000,$1,$2,$3"
	echo "ok 1 cyclictest"
else
	echo "not ok 1 cyclictest"
fi
