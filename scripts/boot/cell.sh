#!/bin/sh
# cell.sh OUT TIMEOUT KERNEL INITRD CMDLINE QEMU...
# One cell of the matrix: boot it (scripts/boot/boot.sh) unless OUT holds the
# result of the same kernel image, initramfs, command line and QEMU line
# (their hash is OUT/key; RERUN=1 boots anyway). REPEAT=N boots it N
# times into OUT/run<k>/ and fails the cell when any KTAP verdict differs
# between the runs (a flake); the first run is the cell's result.
# CELL_LAB=<cell id> (make mutation LAVA_IDENTITY=): each boot is that
# cell's LAVA job on the lab (scripts/lava/lava.sh lab-cell, boot.sh's
# arguments and results), keyed and reused as a boot here.
set -eu
out=$1 timeout=$2 kernel=$3 initrd=$4 cmdline=$5; shift 5
here=$(dirname "$0")
repeat=${REPEAT:-1}
note() { [ -z "${TIMED_NOTE:-}" ] || echo "$*" >"$TIMED_NOTE"; }
boot() {
	if [ -n "${CELL_LAB:-}" ]; then "$here/../lava/lava.sh" lab-cell "$CELL_LAB" "$@"
	else "$here/boot.sh" "$@"; fi
}
mkdir -p "$out"
# One boot of a cell at a time, whichever make asked for it.
exec 9>"$out.lock"
flock 9
key=$( { sha256sum <"$kernel"; sha256sum <"$initrd"; echo "$cmdline"; echo "$*";
	echo "repeat $repeat"; } | sha256sum | cut -c1-16)
if [ "${RERUN:-0}" != 1 ] && [ -f "$out/status" ] &&
	[ "$(cat "$out/key" 2>/dev/null)" = "$key" ]; then
	note "reused (same kernel, initramfs, command line)"
	exit 0
fi
rm -rf "$out" && mkdir -p "$out"
if [ "$repeat" -le 1 ]; then
	boot "$out" "$timeout" "$kernel" "$initrd" "$cmdline" "$@"
else
	k=1
	while [ $k -le "$repeat" ]; do
		boot "$out/run$k" "$timeout" "$kernel" "$initrd" "$cmdline" "$@"
		k=$((k + 1))
	done
	cp -r "$out/run1/." "$out/"
	# Verdict lines per run: "suite test.case verdict", as the report's rows.
	for r in "$out"/run*/; do
		for f in "$r"*.ktap; do
			[ -f "$f" ] || continue
			"$here/../matrix.py" ktap verdicts "$f" | sed "s|^|${f##*/} |"
		done | sort >"$r/verdicts"
		cat "$r/status" >>"$r/verdicts"
	done
	: >"$out/flaky"
	for r in "$out"/run*/; do
		diff "$out/run1/verdicts" "$r/verdicts" | sed -n "s|^[<>] |${r%/} |p" >>"$out/flaky" || true
	done
	if [ -s "$out/flaky" ]; then
		echo "flaky: rows differ between $repeat runs" >"$out/status"
		cp "$out/flaky" "$out/problem"
	fi
fi
echo "$key" >"$out/key"
note "booted$( [ "$repeat" -gt 1 ] && echo " x$repeat"): $(cat "$out/status")"
