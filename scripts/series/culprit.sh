#!/bin/sh
# culprit.sh CELL-INFO CASE BASE-RESULTS OUT
# The first commit of a row's branch that breaks CASE (test.case, as the
# report names it): CELL-INFO is `make cell-info` of the failing cell (its
# kernel arguments, initramfs, command line, QEMU line, columns, the row's
# branch in the tree's repository); BASE-RESULTS the tree's base cell of
# the same arch, where CASE must pass; the cell's own results must fail it.
# git bisect run between the tag "base" and the branch, in a worktree of
# its own (build/<tree>/shared-culprit) beside the tree's others: each step
# builds its commit with scripts/steps/kbuild.sh (the product cache and ccache
# make a kernel any row already built cost seconds) and boots the cell's
# initramfs with scripts/boot/cell.sh into OUT/<commit>/ (an unchanged step is
# not booted again); CASE failing in any of the cell's columns is bad,
# passing good, absent or a build that fails skips the commit. Prints the
# first bad commit and CASE's verdicts on it and on its parent.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
die() { echo "culprit: $*" >&2; exit 2; }
if [ "${1:-}" = --step ]; then
	# git bisect run's test: this commit's kernel, boot, verdict.
	info=$2 case=$3 out=$4
	val() { sed -n "s/^$1 //p" "$info"; }
	src=$(pwd) commit=$(git rev-parse HEAD)
	obj=$(dirname "$src")/obj/$(val arch)
	# The cell's fragments are named from the project's top.
	cd "$here/../.."
	# shellcheck disable=SC2046 # the cell's kbuild.sh arguments, a word list
	if ! "$here/../steps/kbuild.sh" "$src" "$obj" $(val kbuild) >"$out/$commit.build" 2>&1; then
		echo "    $commit: does not build: skipped"
		exit 125
	fi
	image=$(val kbuild | cut -d' ' -f3)
	# shellcheck disable=SC2046 # the cell's QEMU line, a word list
	"$here/../boot/cell.sh" "$out/$commit" "$(val timeout)" "$obj/$image" "$(val initramfs)" \
		"$(val cmdline)" $(val qemu) >/dev/null 2>&1 || true
	v=$("$here/culprit.sh" --verdict "$out/$commit" "$case" "$(val columns)")
	echo "    $(git -C "$src" log -1 --format='%h %s' "$commit"): $case $v"
	case $v in
	*FAIL*) exit 1 ;;
	*PASS*) exit 0 ;;
	*) exit 125 ;;
	esac
fi
if [ "${1:-}" = --verdict ]; then
	# RESULTS CASE SUITES: CASE's verdict per suite, e.g. "x86_64 PASS i386 FAIL".
	for s in $4; do
		v=$("$here/../matrix.py" ktap verdicts "$2/$s.ktap" 2>/dev/null | awk -v c="$3" '$1 == c { print $2 }')
		printf '%s %s ' "$s" "${v:-none}"
	done
	echo "(guest: $(cat "$2/status" 2>/dev/null || echo 'not run'))"
	exit 0
fi
[ $# -eq 4 ] || die "usage: culprit.sh CELL-INFO CASE BASE-RESULTS OUT"
info=$(realpath "$1") case=$2 baseres=$(realpath -m "$3") out=$(realpath -m "$4")
val() { sed -n "s/^$1 //p" "$info"; }
cell=$(val cell) repo=$(val repo) branch=$(val branch) results=$(val results)
[ -n "$case" ] || die "CASE= names the case to bisect (test.case, as the report names it)"
[ "$branch" != base ] || die "$cell: its kernel is the tree's base: no commit to bisect"
git -C "$repo" rev-parse -q --verify "$branch^{commit}" >/dev/null ||
	die "$cell: no branch $branch in $repo (make cell CELL=$cell first)"
suites=$(val columns)
bad=$("$here/culprit.sh" --verdict "$results" "$case" "$suites")
good=$("$here/culprit.sh" --verdict "$baseres" "$case" "$suites")
case $bad in *FAIL*) ;; *) die "$cell: $case does not fail there ($bad; make cell CELL=$cell first)" ;; esac
case $good in *FAIL*|*none*) die "$case does not pass on the tree's base ($good; make cell CELL=<tree>-base-<arch>)" ;; esac
n=$(git -C "$repo" rev-list --count "base..$branch")
echo "culprit: $cell, $case: $n commits from base to $branch"
mkdir -p "$out"
wt=$(dirname "$(dirname "$repo")")/shared-culprit
exec 8>"$wt.lock"
flock 8
git -C "$repo" worktree prune
git -C "$wt/src" rev-parse -q --verify HEAD >/dev/null 2>&1 || rm -rf "$wt/src"
[ -d "$wt/src" ] || git -C "$repo" worktree add -q --detach "$wt/src" base
cd "$wt/src"
git bisect reset >/dev/null 2>&1 || true
git bisect start "$branch" base >/dev/null
git bisect run "$here/culprit.sh" --step "$info" "$case" "$out" >"$out/bisect.log" 2>&1 || true
first=$(sed -n 's/^\([0-9a-f]\{40\}\) is the first bad commit$/\1/p' "$out/bisect.log")
git bisect reset -q >/dev/null 2>&1 || true
grep '^    [0-9a-f]\{7\} ' "$out/bisect.log" || true
[ -n "$first" ] || { tail -n 5 "$out/bisect.log" >&2; die "$cell: git bisect found no first bad commit"; }
echo "culprit: first bad commit $(git -C "$repo" log -1 --format='%h "%s" (%an)' "$first")"
echo "  $case on it:        $("$here/culprit.sh" --verdict "$out/$first" "$case" "$suites")"
parent=$(git -C "$repo" rev-parse "$first^")
if [ "$parent" = "$(git -C "$repo" rev-parse 'base^{commit}')" ]; then
	echo "  $case on its parent (base): $good"
else
	echo "  $case on its parent: $("$here/culprit.sh" --verdict "$out/$parent" "$case" "$suites")"
fi
echo "$first" >"$out/first-bad"
