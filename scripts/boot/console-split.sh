#!/bin/sh
# console-split.sh OUT LOG [RC [TIMEOUT]]
# What scripts/boot/boot.sh does after a boot, for a console that came from
# elsewhere (a LAVA job's "target" lines, a lab's serial log): drop \r,
# split LOG into OUT/<suite>.ktap without kernel lines, and write
# OUT/status ("ok" or why the cell failed) with OUT/problem. RC is how the
# boot ended (124 or 137: killed after TIMEOUT s). scripts/boot/boot.sh ends here
# too, so a lab's console and a local boot are judged by the same lines.
set -u
out=$1 log=$2 rc=${3:-0} timeout=${4:-?}
mkdir -p "$out"
rm -f "$out"/*.ktap "$out/status" "$out/problem"
tr -d '\r' <"$log" >"$log.tmp" && mv "$log.tmp" "$log"

# Per-suite KTAP, without kernel lines (PRINTK_TIME: "[    1.234567] ").
awk -v out="$out" '
	/^matrix: abi .* begin$/ { f = out "/" $3 ".ktap"; printf "" > f; next }
	/^matrix: abi .* end$/ { close(f); f = ""; next }
	f != "" && !/^\[ *[0-9]+\.[0-9]+\]/ { print >> f }
' "$log"

splat='Kernel panic|Oops|BUG:|WARNING:|Unable to handle kernel|general protection fault|Call [Tt]race:|UBSAN:|KASAN:|possible recursive locking|INFO: task .* blocked'
if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
	echo "timeout after $timeout s" >"$out/status"
	tail -n 20 "$log" >"$out/problem"
elif grep -Eq "$splat" "$log"; then
	echo "kernel splat on the console" >"$out/status"
	grep -E -A 12 "$splat" "$log" | head -n 40 >"$out/problem"
elif ! grep -q '^matrix: done$' "$log"; then
	echo "guest ended without finishing (qemu exit $rc)" >"$out/status"
	tail -n 20 "$log" >"$out/problem"
else
	echo ok >"$out/status"
fi
exit 0
