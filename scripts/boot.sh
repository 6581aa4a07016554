#!/bin/sh
# boot.sh OUT TIMEOUT KERNEL INITRD CMDLINE QEMU...
# Boot one guest, wait for it to leave by itself, then split its console
# into OUT/<suite>.ktap and write OUT/status: "ok", or why the cell failed
# (with OUT/problem holding what to show). Exits 0 either way: the report
# decides; a harness error (no QEMU) exits non-zero. BOOT_RETRY (from the
# arch file) is a console line that means the host, not the kernel, failed
# the boot: boot again, up to twice, keeping the earlier logs.
set -u
out=$1 timeout=$2 kernel=$3 initrd=$4 cmdline=$5; shift 5
mkdir -p "$out"
rm -f "$out"/*.ktap "$out/status" "$out/problem"
log=$out/console.log
command -v "$1" >/dev/null || { echo "boot: $1 not found" >&2; exit 2; }

rm -f "$log".try*
for try in 1 2 3; do
	timeout -k 5 "$timeout" "$@" -kernel "$kernel" -initrd "$initrd" \
		-append "$cmdline panic=-1 loglevel=5" \
		-display none -monitor none -serial stdio -no-reboot \
		</dev/null >"$log" 2>&1
	rc=$?
	tr -d '\r' <"$log" >"$log.tmp" && mv "$log.tmp" "$log"
	if [ -z "${BOOT_RETRY:-}" ] || ! grep -q -- "$BOOT_RETRY" "$log"; then break; fi
	[ $try -lt 3 ] || break
	mv "$log" "$log.try$try"
	echo "boot: '$BOOT_RETRY' on the console (host), booting again" >&2
done

# Per-suite KTAP, without kernel lines (PRINTK_TIME: "[    1.234567] ").
awk -v out="$out" '
	/^matrix: abi .* begin$/ { f = out "/" $3 ".ktap"; printf "" > f; next }
	/^matrix: abi .* end$/ { close(f); f = ""; next }
	f != "" && !/^\[ *[0-9]+\.[0-9]+\]/ { print >> f }
' "$log"

splat='Kernel panic|Oops|BUG:|WARNING:|Unable to handle kernel|general protection fault|Call [Tt]race:|UBSAN:|KASAN:|possible recursive locking|INFO: task .* blocked'
if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
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
