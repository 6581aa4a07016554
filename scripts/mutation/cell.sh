#!/bin/sh
# cell.sh OUT TIMEOUT KERNEL INITRD CMDLINE QEMU... (scripts/boot/cell.sh's
# arguments), with MUTATION_REF: the series' kernel image of that arch.
# A generated mutant's cell (make mutation) boots only when the mutant
# compiled and its objects differ from the series': KERNEL.objsum (written
# by scripts/steps/kbuild-shared.sh with OBJSUM) says "not compiling", or is
# MUTATION_REF.objsum byte for byte (equivalent by construction: the
# kernel code is the series'). Either is the cell's status, never booted.
set -eu
out=$1 kernel=$3
ref=${MUTATION_REF:?the series kernel image}
mkdir -p "$out"
note() { [ -z "${TIMED_NOTE:-}" ] || echo "$*" >"$TIMED_NOTE"; }
verdict() {
	rm -f "$out/key" "$out"/*.ktap
	echo "$1" >"$out/status"
	note "$1"
}
if [ ! -f "$ref.objsum" ] || grep -qx "not compiling" "$ref.objsum"; then
	echo "mutation: no object sums of the series ($ref.objsum)" >&2
	exit 1
fi
if grep -qx "not compiling" "$kernel.objsum" 2>/dev/null; then
	verdict "not compiling"
elif [ ! -f "$kernel.objsum" ]; then
	echo "mutation: no object sums of $kernel" >&2
	exit 1
elif cmp -s "$kernel.objsum" "$ref.objsum"; then
	verdict equivalent
else
	exec "$(dirname "$0")/../boot/cell.sh" "$@"
fi
