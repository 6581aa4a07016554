#!/bin/sh
# kbuild.sh SRC OBJ KARCH CROSS IMAGE FRAGMENT... [-- MAKEVAR=...]
# Configure (tinyconfig + fragments, checked) and build one kernel with
# ccache. On failure show the last compiler lines.
set -eu
src=$1 obj=$2 karch=$3 cross=$4 image=$5; shift 5
frags= extra=
while [ $# -gt 0 ]; do
	[ "$1" = -- ] && { shift; extra="$*"; break; }
	frags="$frags $1"; shift
done
here=$(dirname "$0")
mkdir -p "$obj"
# Reconfigure only when a fragment is newer than the config.
if [ ! -f "$obj/.config" ] || [ -n "$(find $frags -newer "$obj/.config")" ]; then
	"$here/kconfig.sh" "$src" "$obj" "$karch" $frags
fi
log=$obj/build.log
if ! make -C "$src" O="$obj" ARCH="$karch" CROSS_COMPILE="$cross" \
	CC="ccache ${cross}gcc" $extra -j"$(nproc)" "${image##*/}" >"$log" 2>&1; then
	echo "kbuild: $obj failed; last lines of $log:" >&2
	grep -v '^  [A-Z]' "$log" | tail -n 25 >&2
	exit 1
fi
