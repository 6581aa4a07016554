#!/bin/sh
# debpkgs.sh DEBARCH OUT PKG... -- BIN...: programs from Debian packages of
# the guest's arch, for an initramfs without a Debian userspace. BIN are
# paths inside the packages; they land in OUT/bin, and every shared object
# they need (ELF interpreter and NEEDED, transitively) in OUT/lib. In the
# guest: OUT/lib/ld-* --library-path OUT/lib OUT/bin/prog.
#
# Dependencies are pulled a layer of Depends at a time and only while a
# library is still missing, so rt-tests does not drag in python3's stack.
# Package and file lists are words (no blanks in Debian names or paths):
# shellcheck disable=SC2086,SC2046
set -eu
arch=$1 out=$2; shift 2
pkgs=
while [ $# -gt 0 ] && [ "$1" != -- ]; do pkgs="$pkgs $1"; shift; done
[ $# -gt 0 ] && shift
if [ -z "$pkgs" ] || [ $# -eq 0 ]; then echo "usage: $0 DEBARCH OUT PKG... -- BIN..." >&2; exit 2; fi

w=$out/.work
rm -rf "$out" && mkdir -p "$w/deb" "$w/root" "$out/bin" "$out/lib"
: >"$w/pulled"; : >"$w/fresh"

# pull PKG...: download and unpack those not pulled yet (arch-qualified,
# or unqualified for Architecture: all).
pull() {
	set -- $(for p in "$@"; do grep -qx "$p" "$w/pulled" || echo "$p"; done)
	[ $# -gt 0 ] || return 0
	printf '%s\n' "$@" | tee -a "$w/pulled" >>"$w/fresh"
	# One apt run for all; one by one only if some name does not resolve.
	(cd "$w/deb" && apt-get download -q $(printf "%s:$arch " "$@")) \
		>/dev/null 2>&1 ||
	for p in "$@"; do
		(cd "$w/deb" && { apt-get download -q "$p:$arch" || apt-get download -q "$p"; } \
			>/dev/null 2>&1) || { echo "debpkgs: cannot download $p:$arch" >&2; return 1; }
	done
	for d in "$w"/deb/*.deb; do
		[ -e "$d" ] || continue
		dpkg-deb -x "$d" "$w/root" && rm -f "$d"
	done
}

needed() {
	readelf -d "$1" 2>/dev/null | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'
	readelf -l "$1" 2>/dev/null |
		sed -n 's/.*Requesting program interpreter: \(.*\)\]/\1/p' | sed 's,.*/,,'
}

# resolve: copy BINs and what they need into OUT; list what is missing.
resolve() {
	: >"$w/missing"
	rm -f "$out"/bin/* "$out"/lib/*
	set -- $bins
	todo=
	for b in "$@"; do
		[ -f "$w/root$b" ] || { echo "(binary) $b" >>"$w/missing"; continue; }
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
					echo "$l" >>"$w/missing"
				fi
			done
		done
	done
	sort -u -o "$w/missing" "$w/missing"
	[ ! -s "$w/missing" ]
}

bins="$*"
pull $pkgs
layer=0
until resolve; do
	layer=$((layer + 1))
	# One apt-cache call for the last layer's packages.
	deps=$(apt-cache depends --no-recommends --no-suggests --no-conflicts \
		--no-breaks --no-replaces --no-enhances \
		$(sed "s/\$/:$arch/" "$w/fresh") 2>/dev/null |
		sed -n 's/^ *|\{0,1\}\(Pre\)\{0,1\}Depends: \([^<][^ ]*\).*/\2/p' |
		sed 's/:.*//' | sort -u)
	new=$(for d in $deps; do grep -qx "$d" "$w/pulled" || echo "$d"; done)
	if [ $layer -gt 6 ] || [ -z "$new" ]; then
		echo "debpkgs: for$pkgs ($arch) not found:" $(cat "$w/missing") >&2
		exit 1
	fi
	: >"$w/fresh"
	pull $new
done
ls "$out"/lib/ld-* >/dev/null
rm -rf "$w"
