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
		-append "$cmdline ${BOOT_APPEND:?boot: BOOT_APPEND is not set (the Makefile exports it)}" \
		-display none -monitor none -serial stdio -no-reboot \
		</dev/null >"$log" 2>&1
	rc=$?
	tr -d '\r' <"$log" >"$log.tmp" && mv "$log.tmp" "$log"
	if [ -z "${BOOT_RETRY:-}" ] || ! grep -q -- "$BOOT_RETRY" "$log"; then break; fi
	[ $try -lt 3 ] || break
	mv "$log" "$log.try$try"
	echo "boot: '$BOOT_RETRY' on the console (host), booting again" >&2
done

# The split into per-suite KTAP and the verdict: shared with consoles that
# come from elsewhere (a LAVA job).
exec "$(dirname "$0")/console-split.sh" "$out" "$log" "$rc" "$timeout"
