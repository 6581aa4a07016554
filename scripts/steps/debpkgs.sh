#!/bin/sh
# debpkgs.sh DEBARCH OUT PKG... -- BIN...: programs from Debian packages of
# the guest's arch, for an initramfs without a Debian userspace. Debian's
# mmdebstrap (--variant=extract: the packages and their Depends, unpacked,
# nothing run) makes the package tree from the host's own archives and
# release; then BIN (paths in that tree) land in OUT/bin and every shared
# object they need (ELF interpreter and NEEDED, transitively) in OUT/lib,
# so the initramfs carries megabytes, not the whole tree. In the guest:
# OUT/lib/ld-* --library-path OUT/lib OUT/bin/prog (guests/pkgrun).
# Package and file lists are words (no blanks in Debian names or paths):
# shellcheck disable=SC2086
set -eu
arch=$1 out=$2; shift 2
pkgs=
while [ $# -gt 0 ] && [ "$1" != -- ]; do pkgs="$pkgs $1"; shift; done
[ $# -gt 0 ] && shift
if [ -z "$pkgs" ] || [ $# -eq 0 ]; then echo "usage: $0 DEBARCH OUT PKG... -- BIN..." >&2; exit 2; fi
urls=$("$(dirname "$0")/mirrors.sh" 2>&1) || { echo "debpkgs: $urls" >&2; exit 1; }
mirror=$(echo "$urls" | sed -n 1p) security=$(echo "$urls" | sed -n 2p)
suite=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
[ -n "$suite" ] || { echo "debpkgs: /etc/os-release names no release (VERSION_CODENAME)" >&2; exit 1; }

w=$out/.work
rm -rf "$out" && mkdir -p "$w" "$out/bin" "$out/lib"
if ! mmdebstrap --quiet --variant=extract --architectures="$arch" \
	--include="$(echo $pkgs | tr ' ' ,)" "$suite" "$w/root" \
	"deb $mirror $suite main" "deb $mirror $suite-updates main" \
	"deb $security $suite-security main" >"$w/log" 2>&1; then
	echo "debpkgs: mmdebstrap of$pkgs ($arch, $suite) failed; last lines:" >&2
	tail -n 5 "$w/log" >&2
	exit 1
fi

needed() {
	readelf -d "$1" 2>/dev/null | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'
	readelf -l "$1" 2>/dev/null |
		sed -n 's/.*Requesting program interpreter: \(.*\)\]/\1/p' | sed 's,.*/,,'
}

todo='' missing=''
for b in "$@"; do
	[ -f "$w/root$b" ] || { missing="$missing $b"; continue; }
	cp "$w/root$b" "$out/bin/"
	todo="$todo $w/root$b"
done
while [ -n "$todo" ]; do
	set -- $todo; todo=
	for f in "$@"; do
		for l in $(needed "$f"); do
			[ -f "$out/lib/$l" ] && continue
			s=$(find "$w/root/lib" "$w/root/usr/lib" -name "$l" 2>/dev/null | head -n 1)
			if [ -n "$s" ]; then
				cp -L "$s" "$out/lib/$l"
				todo="$todo $out/lib/$l"
			else
				missing="$missing $l"
			fi
		done
	done
done
if [ -n "$missing" ]; then
	echo "debpkgs: for$pkgs ($arch) not in the packages or their Depends:$missing" >&2
	exit 1
fi
ls "$out"/lib/ld-* >/dev/null
rm -rf "$w"
