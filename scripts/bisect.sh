#!/bin/sh
# bisect.sh BUILD "ARCHES" ARCH:KARCH:CROSS:IMAGE:KMAKE...
# Build every proper prefix of the series (base..patched) for every arch;
# the full series is the matrix's patched kernel. Uses build/bisect/{src,obj}
# - the same layout as the variants, so ccache serves the unchanged files.
set -eu
b=$1; shift 2
here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$here")
src=$b/bisect/src
git -C "$b/base/src" worktree prune
[ -d "$src" ] || git -C "$b/base/src" worktree add -q --detach "$src" base
commits=$(git -C "$b/base/src" rev-list --reverse base..patched)
n=$(echo "$commits" | grep -c . || true)
k=0
for c in $commits; do
	k=$((k + 1))
	[ "$k" -lt "$n" ] || break
	git -C "$src" checkout -q --detach "$c"
	for spec in "$@"; do
		IFS=: read -r arch karch cross image kmake <<EOT
$spec
EOT
		echo "[bisect] $k/$n $(git -C "$src" log -1 --format=%s) on $arch"
		"$here/kbuild.sh" "$src" "$b/bisect/obj/$arch" "$karch" "$cross" \
			"$image" "$top/arch-configs/common.config" \
			"$top/arch-configs/$arch.config" -- $kmake
	done
done
echo "[bisect] all $((n > 0 ? n - 1 : 0)) proper prefixes build on: $(for s in "$@"; do printf '%s ' "${s%%:*}"; done)"
