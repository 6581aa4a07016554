#!/bin/sh
# deps.sh DEBARCH...: make sure the Debian packages the pipeline uses are
# installed and that apt knows the guests' architectures (busybox-static is
# downloaded per guest arch). As root, install what is missing; otherwise
# print the exact command and fail.
set -eu
pkgs="linux-source-6.1 make gcc libc6-dev git perl bc bison flex libelf-dev
libssl-dev cpio xz-utils kmod ccache dpkg-dev rsync
gcc-i686-linux-gnu libc6-dev-i386-cross
gcc-arm-linux-gnueabihf libc6-dev-armhf-cross
qemu-system-x86 qemu-system-arm ${DEPS_EXTRA:-}"
native=$(dpkg --print-architecture)
# The host's own gcc already is <triplet>-gcc; asking for the cross package
# of the native arch would pick a foreign-arch build apt cannot install.
[ "$native" = amd64 ] || pkgs="$pkgs gcc-x86-64-linux-gnu"
[ "$native" = arm64 ] || pkgs="$pkgs gcc-aarch64-linux-gnu libc6-dev-arm64-cross"
missing=
for p in $pkgs; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed' ||
		missing="$missing $p"
done
arches=
for a in "$@"; do
	[ "$a" = "$native" ] && continue
	dpkg --print-foreign-architectures | grep -qx "$a" || arches="$arches $a"
done
[ -z "$missing$arches" ] && exit 0

if [ "$(id -u)" != 0 ]; then
	echo "deps: missing packages or architectures; as root run:" >&2
	for a in $arches; do echo "  dpkg --add-architecture $a" >&2; done
	echo "  apt-get update && apt-get install -y --no-install-recommends$missing" >&2
	exit 1
fi
for a in $arches; do dpkg --add-architecture "$a"; done
echo "deps: installing$missing${arches:+ (adding archs$arches)}"
apt-get update -q >/dev/null
[ -z "$missing" ] || DEBIAN_FRONTEND=noninteractive \
	apt-get install -y -q --no-install-recommends $missing >/dev/null
