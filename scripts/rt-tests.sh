#!/bin/sh
# rt-tests.sh DEBARCH OUT: cyclictest from Debian's rt-tests of the guest's
# arch, with its loader and libraries, as a bench overlay: OUT/rt/ and
# OUT/tests.d/cyclictest (guests/cyclictest.sh). It runs through its
# loader with --library-path, so the guest needs no /lib layout.
set -eu
arch=$1 out=$2
here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$here")
rm -rf "$out" && mkdir -p "$out/deb" "$out/root" "$out/rt" "$out/tests.d"
(cd "$out/deb" && apt-get download -q rt-tests:"$arch" libnuma1:"$arch" \
	libc6:"$arch" >/dev/null 2>&1)
for d in "$out"/deb/*.deb; do dpkg-deb -x "$d" "$out/root"; done
cp "$out/root/usr/bin/cyclictest" "$out/rt/"
for l in ld-linux-x86-64.so.2 ld-linux-aarch64.so.1 libc.so.6 librt.so.1 \
	libpthread.so.0 libm.so.6 libdl.so.2 libnuma.so.1; do
	f=$(find "$out/root/lib" "$out/root/usr/lib" -name "$l" 2>/dev/null | head -n 1)
	[ -n "$f" ] && cp -L "$f" "$out/rt/$l"
done
rm -rf "$out/deb" "$out/root"
ls "$out"/rt/ld-linux-* >/dev/null
cp "$top/guests/cyclictest.sh" "$out/tests.d/cyclictest"
chmod +x "$out/tests.d/cyclictest"
