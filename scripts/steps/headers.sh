#!/bin/sh
# headers.sh SRC ARCH OUT: the kernel's uapi headers for ARCH from the
# kernel tree SRC (a git repository) into OUT/usr/include, through
# make headers_install (objects in OUT). They depend on SRC's content and
# ARCH alone: a second clone takes them from the product cache
# (scripts/steps/cache.sh), keyed by the tree's content, not its commit.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
src=$1 arch=$2 out=$3
key=$( { git -C "$src" rev-parse 'HEAD^{tree}'; echo "$arch headers.sh 1"; } | sha256sum | cut -c1-32)
rm -rf "${out:?}/usr"
if "$here/cache.sh" get headers "$key" "$out"; then
	[ -z "${TIMED_NOTE:-}" ] || echo "from cache" >"$TIMED_NOTE"
	exit 0
fi
env MAKEFLAGS= make -s -C "$src" ARCH="$arch" O="$out" INSTALL_HDR_PATH="$out/usr" headers_install
"$here/cache.sh" put headers "$key" "$out" usr
