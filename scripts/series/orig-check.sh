#!/bin/sh
# orig-check.sh TREE PATCHDIR TARBALL ORIG_SRC DEBIAN_SRC: the series of
# PATCHDIR applies (git am, whitespace errors fatal, on a scratch index) to
# ORIG_SRC's base, upstream's release from TARBALL, and to DEBIAN_SRC's,
# Debian's tree, and the cover letter names TARBALL's sha256 (its "base:"
# line, what b4's base-commit: is for a git base).
set -eu
tree=$1 pdir=$2 tarball=$3 orig=$4 deb=$5
sum=$(sha256sum <"$tarball" | cut -d' ' -f1)
info=$(cat "$tarball.info")
grep -q "$sum" "$pdir/0000-cover-letter.patch" ||
	{ echo "orig $tree: $pdir/0000-cover-letter.patch does not name the base's sha256 $sum ($info)" >&2; exit 1; }
for src in "$orig" "$deb"; do
	SERIES_WHITESPACE=error-all "$(dirname "$0")/series-apply.sh" "$src" orig-check base "$pdir" >/dev/null
	echo "    orig $tree: $(git -C "$src" log -1 --format=%s base): $(git -C "$src" rev-list --count base..orig-check) patches apply (git am --whitespace=error-all)"
	git -C "$src" branch -q -D orig-check
done
echo "    orig $tree: base $info"
