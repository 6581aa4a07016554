# shellcheck shell=sh
# shellcheck disable=SC2154 # t and top are selfcheck.sh's
# Flavour distro (Debian's kernel image packages, flavours/distro.mk) and KSRC=:
# cases of scripts/selfcheck/selfcheck.sh, sourced by it (its check,
# fails_with, $t and $top). Rows and bad DISTRO_KERNEL= values, no network:
# a fake .deb made with dpkg-deb.
# judged TABLE CELL: the flavour and tree whose expected failures apply to CELL.
judged() { /usr/bin/python3 -c 'import json, sys
c = [c for c in json.load(open(sys.argv[1]))["cells"] if c["id"] == sys.argv[2]][0]
print(c["judge"], c["judgetree"])' "$@"; }
make -s -C "$top" B="$t/dt" FLAVOURS=distro ARCHES=arm "$t/dt/cells.json" >/dev/null 2>&1
dj=$(judged "$t/dt/cells.json" 6.1-distro-arm 2>&1)
make -s -C "$top" B="$t/dt612" TREES=6.12 FLAVOURS=distro "$t/dt612/cells.json" >/dev/null 2>&1
dn=$(/usr/bin/python3 -c 'import json, sys
print(*[d["none"] for d in json.load(open(sys.argv[1]))["distro"] if d.get("row") == "6.12-distro" and d["arch"] == "i386"])' \
	"$t/dt612/cells.json" 2>&1)
check "distro -> one cell per arch, Debian's package per arch, judged like base" sh -c \
	"[ \"\$(make -s -C '$top' cells FLAVOURS=distro | grep distro | tr '\n' ' ')\" = '6.1-distro-x86_64 6.1-distro-arm64 6.1-distro-i386 6.1-distro-arm ' ] &&
	 make -s -C '$top' -n matrix FLAVOURS=distro ARCHES=arm | grep -q 'distro-kernel.sh get .* armhf linux-image-6.1.0-[0-9]*-armmp ' &&
	 [ '$dj' = 'base 6.1' ]"
check "distro of a release with no i386 kernel (6.12) -> no i386 cell, the report names it" sh -c \
	"! make -s -C '$top' cells TREES=6.12 FLAVOURS=distro | grep -q 6.12-distro-i386 &&
	 echo \"$dn\" | grep -q 'Debian.s trixie ships no kernel'"
fails_with "DISTRO_KERNEL= no such file -> one line, exit 2" "DISTRO_KERNEL=$t/nosuch.deb: no such file" \
	make -s -C "$top" -n matrix DISTRO_KERNEL="$t/nosuch.deb"
echo junk >"$t/junk.deb"
fails_with "DISTRO_KERNEL= not a Debian package -> one line" "junk.deb: not a Debian package" \
	make -s -C "$top" -n matrix DISTRO_KERNEL="$t/junk.deb"
fails_with "DISTRO_KERNEL= neither a .deb nor linux-image-* -> one line" "DISTRO_KERNEL=bash: not a .deb file nor" \
	make -s -C "$top" -n matrix DISTRO_KERNEL=bash
# Fake packages: one with no /boot/vmlinuz-*, one with (arm64).
mkdir -p "$t/deb/DEBIAN" "$t/deb/usr/share/doc/x" "$t/kdeb/DEBIAN" "$t/kdeb/boot"
printf 'Package: linux-image-9.9-arm64\nVersion: 9.9-1\nArchitecture: arm64\nMaintainer: t <t@t>\nDescription: t\n' >"$t/kdeb/DEBIAN/control"
sed 's/linux-image-9.9-arm64/notakernel/' "$t/kdeb/DEBIAN/control" >"$t/deb/DEBIAN/control"
echo k >"$t/kdeb/boot/vmlinuz-9.9-arm64" && echo c >"$t/kdeb/boot/config-9.9-arm64"
dpkg-deb --build -Zgzip "$t/deb" "$t/notk.deb" >/dev/null 2>&1
dpkg-deb --build -Zgzip "$t/kdeb" "$t/k.deb" >/dev/null 2>&1
fails_with "DISTRO_KERNEL= a package with no kernel image -> one line" "notakernel has no /boot/vmlinuz-\*: not a kernel image package" \
	make -s -C "$top" -n matrix DISTRO_KERNEL="$t/notk.deb"
fails_with "DISTRO_KERNEL= of an arch outside ARCHES -> one line" "a arm64 kernel; ARCHES=x86_64 has no arm64" \
	make -s -C "$top" -n matrix DISTRO_KERNEL="$t/k.deb" ARCHES=x86_64
check "DISTRO_KERNEL= a kernel .deb -> the distro row on its arch alone, that .deb" sh -c \
	"[ \"\$(make -s -C '$top' cells DISTRO_KERNEL='$t/k.deb' | grep distro)\" = 6.1-distro-arm64 ] &&
	 make -s -C '$top' -n matrix DISTRO_KERNEL='$t/k.deb' | grep -q 'distro-kernel.sh get .* arm64 linux-image-9.9-arm64 $t/k.deb '"
check "distro-kernel.sh get of a .deb -> vmlinuz, and the ABIs its config serves" sh -c \
	"MATRIX_CACHE=off '$top/scripts/steps/distro-kernel.sh' get '$t/dk' 6.1 arm64 linux-image-9.9-arm64 '$t/k.deb' '' 'arm64:ARM64' &&
	 cmp -s '$t/dk/vmlinuz' '$t/kdeb/boot/vmlinuz-9.9-arm64' && grep -q 'ABI arm64: NOT served' '$t/dk/info'"
fails_with "distro-kernel.sh get: a boot option not built in -> one line" "CONFIG_SERIAL_AMBA_PL011_CONSOLE is not built in" \
	env MATRIX_CACHE=off "$top/scripts/steps/distro-kernel.sh" get "$t/dk2" 6.1 arm64 linux-image-9.9-arm64 "$t/k.deb" SERIAL_AMBA_PL011_CONSOLE ''

# KSRC=<path> (mk/ksrc.mk): bad input in one line; a fake tree's rows; the
# import keys by content and never writes into the tree.
fails_with "KSRC= no such folder -> one line, exit 2" "KSRC=/nonexistent: no such file or folder" \
	make -s -C "$top" -n matrix KSRC=/nonexistent
mkdir -p "$t/notk"
fails_with "KSRC= not a kernel tree -> one line" "KSRC=$t/notk: unreadable, or no Makefile: not a kernel tree" \
	make -s -C "$top" -n matrix KSRC="$t/notk"
mkdir -p "$t/ks/fs" "$t/ks/kernel/time"
touch "$t/ks/fs/select.c" "$t/ks/kernel/time/hrtimer.c"
printf 'VERSION = 5\nPATCHLEVEL = 4\nSUBLEVEL = 0\n' >"$t/ks/Makefile"
fails_with "KSRC= too old a tree -> one line" "Linux 5.4 is too old" \
	make -s -C "$top" -n matrix KSRC="$t/ks"
printf 'VERSION = 6\nPATCHLEVEL = 1\nSUBLEVEL = 9\n' >"$t/ks/Makefile"
make -s -C "$top" B="$t/dks" KSRC="$t/ks" ARCHES=arm "$t/dks/cells.json" >/dev/null 2>&1
dj=$(judged "$t/dks/cells.json" ksrc-base-arm 2>&1)
check "KSRC= a 6.1 tree -> ksrc-base on every arch, judged by 6.1's expected failures" sh -c \
	"[ \"\$(make -s -C '$top' cells KSRC='$t/ks' | tr '\n' ' ')\" = 'ksrc-base-x86_64 ksrc-base-arm64 ksrc-base-i386 ksrc-base-arm ' ] &&
	 [ '$dj' = 'base 6.1' ]"
git -C "$t/ks" init -q && git -C "$t/ks" add -A && git -C "$t/ks" -c user.name=t -c user.email=t@t commit -q -m k
echo 'local change' >>"$t/ks/fs/select.c" && echo new >"$t/ks/kernel/new.c"
git -C "$t/ks" status --porcelain >"$t/ks.before"
"$top/scripts/steps/ksrc.sh" import "$t/ks" "$t/ksb" "$t/ksb/stamp"
check "ksrc.sh import of a dirty worktree -> its content (changes, untracked) as base, the tree untouched" sh -c \
	"grep -q 'local change' '$t/ksb/src/fs/select.c' && [ -f '$t/ksb/src/kernel/new.c' ] &&
	 git -C '$t/ks' status --porcelain | cmp -s - '$t/ks.before' && [ \"\$(git -C '$t/ks' rev-list --count HEAD)\" = 1 ]"
touch -d '2001-01-01' "$t/ksb/stamp"
"$top/scripts/steps/ksrc.sh" import "$t/ks" "$t/ksb" "$t/ksb/stamp"
check "ksrc.sh import of an unchanged tree -> nothing remade (stamp untouched)" sh -c \
	"[ \"\$(stat -c %Y '$t/ksb/stamp')\" -lt 1000000000 ]"
