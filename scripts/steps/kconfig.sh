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
# The last fragment that names a symbol wins (lowres.config turns off
# what common.config turns on); "CONFIG_X=n" means "# CONFIG_X is not set".
for frag in "$@"; do
	sed -n "s|^\(CONFIG_[A-Za-z0-9_]*\)=\(.*\)\$|\1 \2 $frag|p" "$frag"
done | awk '{ want[$1] = $2; from[$1] = $3; if (!($1 in seen)) { seen[$1] = 1; order[n++] = $1 } }
	END { for (i = 0; i < n; i++) print order[i], want[order[i]], from[order[i]] }' |
while read -r sym val frag; do
	if [ "$val" = n ]; then
		grep -q "^$sym=" "$obj/.config" || continue
		got=$(grep "^$sym=" "$obj/.config")
	else
		grep -qx "$sym=$val" "$obj/.config" && continue
		got=$(grep "^$sym=\|^# $sym is not set" "$obj/.config" || echo "absent")
	fi
	echo "kconfig: $frag requests $sym=$val, got: $got" >&2
	echo x
done | grep -q x && { echo "kconfig: requested symbols did not land in $obj/.config" >&2; exit 1; }
exit 0
