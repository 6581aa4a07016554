#!/bin/sh
# fetch-source.sh TREE PKG TARBALL [SUITE...]
# Make TARBALL (a kernel source tarball as Debian's PKG ships it) exist and
# write TARBALL.info (package version, suite). Without SUITE the package is
# one the host installs (scripts/build/deps.sh): the tarball must be there. With
# suites, a private apt configuration under BUILD/apt/TREE (sources list,
# lists and cache of its own; the host's apt setup is not touched) finds
# PKG there and "apt-get download"s it; the tarball is taken from the .deb.
# A tree that cannot be had fails with one line naming tree, package and
# suites. The archive is the one the host's own apt sources name (MIRROR=
# overrides); a suite named *-security comes from the host's security
# archive, or the archive's "-security" neighbour. Signatures are
# checked; Valid-Until is not (a mirror frozen at a snapshot still serves).
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
urls=$("$(dirname "$0")/mirrors.sh" 2>&1) || fail "not available: $urls"
mirror=$(echo "$urls" | sed -n 1p) security=$(echo "$urls" | sed -n 2p)
out=$(dirname "$tarball")
apt=$(cd "$(dirname "$0")/../.." && pwd)/build/apt/$tree${orig:+-orig}
mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$apt/empty.d" "$out"
for s in "$@"; do
	case $s in
	*-security) echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $security $s main" ;;
	*) echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $mirror $s main" ;;
	esac
done >"$apt/sources.list"
[ -z "$orig" ] || { deb=$(cat "$apt/sources.list"); echo "$deb" | sed 's/^deb /deb-src /' >>"$apt/sources.list"; }
cat >"$apt/apt.conf" <<EOC
Dir::Etc::SourceList "$apt/sources.list";
Dir::Etc::SourceParts "$apt/empty.d";
Dir::Etc::Preferences "$apt/empty.d/preferences";
Dir::Etc::PreferencesParts "$apt/empty.d";
Dir::Etc::Parts "$apt/empty.d";
Dir::State::Lists "$apt/lists";
Dir::State::status "/dev/null";
Dir::Cache "$apt/cache";
APT::Architectures { "$(dpkg --print-architecture)"; };
Acquire::Languages "none";
Acquire::Check-Valid-Until "false";
EOC
export APT_CONFIG="$apt/apt.conf"
"$(dirname "$0")/apt-update.sh" "$apt/update.log" || fail "not available: apt-get update of $* failed (see $apt/update.log)"
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
