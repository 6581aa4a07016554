#!/bin/sh
# fetch-source.sh TREE PKG TARBALL [SUITE...]
# Make TARBALL (a kernel source tarball as Debian's PKG ships it) exist and
# write TARBALL.info (package version, suite). Without SUITE the package is
# one the host installs (scripts/build/deps.sh): the tarball must be there. With
# suites, a private apt configuration under BUILD/apt/TREE (apt-private.sh)
# finds PKG there and "apt-get download"s it; the tarball is taken from the .deb.
# A tree that cannot be had fails with one line naming tree, package and
# suites.
# The host's own tarball gets its .info in INFO_DIR (not under /usr/src).
set -eu
tree=$1 pkg=$2 tarball=$3; shift 3
INFO_DIR=${INFO_DIR:-$(dirname "$tarball")}
fail() { echo "tree $tree: $pkg ${*}" >&2; exit 1; }
if [ $# = 0 ]; then
	[ -f "$tarball" ] || fail "is not installed: no $tarball"
	v=$(dpkg-query -W -f='${Version}' "$pkg" 2>/dev/null || echo unknown)
	mkdir -p "$INFO_DIR"
	echo "$pkg $v (installed on the host)" >"$INFO_DIR/$(basename "$tarball").info"
	exit 0
fi
out=$(dirname "$tarball")
apt=$(cd "$(dirname "$0")/../.." && pwd)/build/apt/$tree
mkdir -p "$out"
err=$("$(dirname "$0")/apt-private.sh" "$apt" "$(dpkg --print-architecture)" "$@" 2>&1) || fail "$err"
export APT_CONFIG="$apt/apt.conf"
v=$(apt-cache policy "$pkg" 2>/dev/null | sed -n 's/^  Candidate: //p')
if [ -z "$v" ] || [ "$v" = "(none)" ]; then fail "is not in suite(s): $*"; fi
if [ -f "$tarball" ] && grep -q "^$pkg $v " "$tarball.info" 2>/dev/null; then
	exit 0
fi
rm -f "$out"/*.deb
(cd "$out" && apt-get download -q "$pkg=$v" >"$apt/download.log" 2>&1) ||
	fail "$v: download failed (see $apt/download.log)"
deb=$(ls "$out"/*.deb)
suite=$(apt-cache policy "$pkg" | awk -v v="$v" '$1 == v { getline; print $3; exit }')
dpkg-deb --fsys-tarfile "$deb" | tar -xO "./usr/src/$(basename "$tarball")" >"$tarball.tmp" ||
	fail "$v: no usr/src/$(basename "$tarball") in $(basename "$deb")"
mv "$tarball.tmp" "$tarball"
rm -f "$deb"
echo "$pkg $v ($suite)" >"$tarball.info"
