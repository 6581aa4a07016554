#!/bin/sh
# culprit-check.sh TREE REPO MUTANT ARCH CASE OUTDIR
# make culprit's own test: a series made of TREE's patches, then mutant
# MUTANT (patches/mutants/), then a last harmless commit (a line in
# Documentation/), written as an mbox to OUTDIR/series.mbox; make cell
# boots it as SERIES=, make culprit bisects CASE (one of the mutant's
# killing cases on ARCH) and must name the mutant's commit, not the last.
set -eu
tree=$1 repo=$2 mutant=$3 arch=$4 case=$5 out=$6
top=$(cd "$(dirname "$0")/../.." && pwd)
die() { echo "culprit-check: $*" >&2; exit 1; }
rm -rf "$out" && mkdir -p "$out"
patch=$(sed -n "s/^\($mutant-[^\t]*\)\t.*/\1/p" "$top/patches/mutants/series")
[ -n "$patch" ] || die "no mutant $mutant in patches/mutants/series"
"$top/scripts/series/series-apply.sh" "$repo" culprit-sample base "$top/patches/$tree" >/dev/null
# The mutant and the harmless commit, on a scratch index: no worktree.
export GIT_INDEX_FILE="$out/index"
git -C "$repo" read-tree culprit-sample
git -C "$repo" apply --cached "$top/patches/mutants/$patch"
c=$(sed -n 's/^Subject: \[PATCH\] //p' "$top/patches/mutants/$patch" |
	git -C "$repo" commit-tree "$(git -C "$repo" write-tree)" -p culprit-sample)
doc=Documentation/filesystems/index.rst
blob=$({ git -C "$repo" show "$c:$doc"; echo; echo ".. culprit-check: a harmless last commit"; } |
	git -C "$repo" hash-object -w --stdin)
git -C "$repo" update-index --cacheinfo "100644,$blob,$doc"
d=$(echo "Documentation: a harmless last commit" |
	git -C "$repo" commit-tree "$(git -C "$repo" write-tree)" -p "$c")
unset GIT_INDEX_FILE
git -C "$repo" format-patch -q --stdout "base..$d" >"$out/series.mbox"
git -C "$repo" branch -D culprit-sample >/dev/null
echo "culprit-check: $(grep -c '^Subject: ' "$out/series.mbox") patches in $out/series.mbox, the mutant's last but one"
h=$("$top/scripts/series/series-apply.sh" --check "$out/series.mbox" | cut -d' ' -f1)
cell=$tree-series-$h-$arch
make -s -C "$top" cell CELL="$cell" SERIES="$out/series.mbox" TREE="$tree" ARCHES="$arch" >"$out/cell.log" 2>&1 || true
make -s -C "$top" culprit CELL="$cell" CASE="$case" SERIES="$out/series.mbox" TREE="$tree" \
	ARCHES="$arch" | tee "$out/culprit.log"
grep -q "^culprit: first bad commit [0-9a-f]* \"mutant $mutant: " "$out/culprit.log" ||
	die "make culprit did not name mutant $mutant's commit"
echo "culprit-check: PASS: the mutant's commit named, the harmless last commit not"
