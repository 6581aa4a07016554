#!/bin/sh
# fetch-source.sh TREE PKG TARBALL [SUITE...]
# Make TARBALL (a kernel source tarball as Debian's PKG ships it) exist and
# write TARBALL.info (package version, suite). Without SUITE the package is
# one the host installs (scripts/steps/deps.sh): the tarball must be there. With
# suites, a private apt configuration under BUILD/apt/TREE (apt-private.sh)
# finds PKG there and "apt-get download"s it; the tarball is taken from the .deb.
# A tree that cannot be had fails with one line naming tree, package and
# suites.
# The host's own tarball gets its .info in INFO_DIR (not under /usr/src).
# fetch-source.sh --orig TREE PKG TARBALL SUITE...: TARBALL is upstream's
# release as Debian's source package of PKG (the package the binary PKG
# is built from) carries it, its <src>_<upstream>.orig.tar.xz, downloaded
# by "apt-get source --download-only" (checksums from the signed Sources
# index) with the same private configuration, deb-src lines added; its
# .info names the source package, version and the tarball's sha256.
# ORIG_VERSION=<version of the source package> takes another version the
# suite's Sources index lists than the binary's (a mirror may lack the
# newest orig tarball).
set -eu
orig=
[ "${1:-}" != --orig ] || { orig=y; shift; }
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
apt=$(cd "$(dirname "$0")/../.." && pwd)/build/apt/$tree${orig:+-orig}
mkdir -p "$out"
err=$(APT_SRC=$orig "$(dirname "$0")/apt-private.sh" "$apt" "$(dpkg --print-architecture)" "$@" 2>&1) || fail "$err"
export APT_CONFIG="$apt/apt.conf"
v=$(apt-cache policy "$pkg" 2>/dev/null | sed -n 's/^  Candidate: //p')
if [ -z "$v" ] || [ "$v" = "(none)" ]; then fail "is not in suite(s): $*"; fi
if [ -n "$orig" ]; then
	src=$(apt-cache show "$pkg=$v" | sed -n 's/^Source: \([^ ]*\).*/\1/p' | head -n 1)
	src=${src:-$pkg} v=${ORIG_VERSION:-$v}
	if [ -f "$tarball" ] && grep -q "^$src $v " "$tarball.info" 2>/dev/null; then
		exit 0
	fi
	uv=${v#*:} uv=${uv%-*}
	rm -rf "$out/dl" && mkdir -p "$out/dl"
	(cd "$out/dl" && apt-get source -q --download-only "$src=$v" >"$apt/download.log" 2>&1) ||
		fail "$v: apt-get source $src=$v failed (see $apt/download.log)"
	[ -f "$out/dl/${src}_$uv.orig.tar.xz" ] || fail "$v: no ${src}_$uv.orig.tar.xz in source package $src"
	mv "$out/dl/${src}_$uv.orig.tar.xz" "$tarball"
	rm -rf "$out/dl"
	echo "$src $v (orig of $pkg: ${src}_$uv.orig.tar.xz, sha256 $(sha256sum <"$tarball" | cut -d' ' -f1))" >"$tarball.info"
	exit 0
fi
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
