#!/bin/sh
# kconfig.sh SRC OBJ ARCH FRAGMENT...: tinyconfig + fragments via the tree's
# merge_config.sh, then fail if any requested symbol did not land.
set -eu
src=$1 obj=$2 karch=$3; shift 3
mkdir -p "$obj"
make -s -C "$src" O="$obj" ARCH="$karch" tinyconfig >/dev/null
# -m: merge only; olddefconfig below resolves dependencies once.
"$src"/scripts/kconfig/merge_config.sh -m -O "$obj" "$obj/.config" "$@" >/dev/null
make -s -C "$src" O="$obj" ARCH="$karch" olddefconfig >/dev/null
missing=0
for frag in "$@"; do
	# "CONFIG_X=n" is requested as "# CONFIG_X is not set".
	sed -n 's/^\(CONFIG_[A-Za-z0-9_]*\)=\(.*\)$/\1 \2/p' "$frag" |
	while read -r sym val; do
		if [ "$val" = n ]; then
			grep -q "^$sym=" "$obj/.config" || continue
			got=$(grep "^$sym=" "$obj/.config")
		else
			grep -qx "$sym=$val" "$obj/.config" && continue
			got=$(grep "^$sym=\|^# $sym is not set" "$obj/.config" || echo "absent")
		fi
		echo "kconfig: $frag requests $sym=$val, got: $got" >&2
		echo x
	done
done | grep -q x && missing=1
[ $missing -eq 0 ] || { echo "kconfig: requested symbols did not land in $obj/.config" >&2; exit 1; }
