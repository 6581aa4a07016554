#!/bin/sh
# series-apply.sh --check INPUT     one line "<hash> <patches>", or one line
#                                   naming what is wrong (exit 2)
# series-apply.sh REPO BRANCH FROM INPUT
# A posted series as commits: INPUT is an mbox (several mails, the cover
# letter among them or not) or a folder of format-patch files (in its
# "series" file's order, else by name). Each mail with a diff becomes one
# commit on top of FROM in REPO, with the mail's author, date, subject and
# body (git mailsplit + git mailinfo, as git am; applied to a scratch index,
# so no worktree is touched). BRANCH is set only when every patch applied:
# a patch that does not apply names itself and git apply's reason, and
# nothing is left behind. The hash names the series by its patches' content.
# SERIES_WHITESPACE=<action>: git apply's --whitespace (error-all for our
# own series, as git am --whitespace=error-all).
set -eu
GIT="git -c advice.detachedHead=false"
die() { echo "series: $*" >&2; exit "${rc:-1}"; }
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT

# Split INPUT into one file per mail, in order, under $t/m/.
split() {
	in=$1
	mkdir -p "$t/m"
	if [ -d "$in" ]; then
		if [ -f "$in/series" ]; then
			sed -n 's|^\([^#[:space:]][^[:space:]]*\).*|\1|p' "$in/series"
		else
			(cd "$in" && ls -- *.patch 2>/dev/null)
		fi >"$t/list"
		n=0
		while read -r f; do
			[ -f "$in/$f" ] || rc=2 die "SERIES=$in: its series names $f, which is not there"
			n=$((n + 1))
			cp "$in/$f" "$t/m/$(printf %04d $n)"
		done <"$t/list"
	elif [ -f "$in" ]; then
		git mailsplit -o"$t/m" "$in" >/dev/null 2>"$t/err" ||
			rc=2 die "SERIES=$in: not an mbox ($(head -n 1 "$t/err"))"
	else
		rc=2 die "SERIES=$in: no such file or folder"
	fi
}

# $t/p/NNNN (diff), $t/i/NNNN (author, subject), $t/b/NNNN (body) per mail
# that carries a diff; cover letters and replies without one are skipped.
parse() {
	mkdir -p "$t/p" "$t/i" "$t/b"
	for m in "$t"/m/*; do
		[ -f "$m" ] || continue
		k=${m##*/}
		git mailinfo "$t/b/$k" "$t/p/$k" <"$m" >"$t/i/$k" 2>/dev/null || true
		grep -q '^diff --git ' "$t/p/$k" 2>/dev/null || rm -f "$t/p/$k" "$t/i/$k" "$t/b/$k"
	done
	npatches=$(find "$t/p" -type f | wc -l)
	[ "$npatches" -gt 0 ] || rc=2 die "SERIES=$1: no patches in it (no mail with a diff)"
}

if [ "${1:-}" = --check ]; then
	[ $# -eq 2 ] || rc=2 die "usage: series-apply.sh --check INPUT"
	split "$2"
	parse "$2"
	echo "$(cat "$t"/p/* | sha256sum | cut -c1-8) $npatches"
	exit 0
fi
[ $# -eq 4 ] || rc=2 die "usage: series-apply.sh REPO BRANCH FROM INPUT"
repo=$1 branch=$2 from=$3 in=$4
split "$in"
parse "$in"
export GIT_INDEX_FILE="$t/index"
$GIT -C "$repo" read-tree "$from"
head=$($GIT -C "$repo" rev-parse "$from^{commit}")
i=0
for p in "$t"/p/*; do
	k=${p##*/} i=$((i + 1))
	subj=$(sed -n 's/^Subject: //p' "$t/i/$k")
	if ! $GIT -C "$repo" apply --cached ${SERIES_WHITESPACE:+--whitespace="$SERIES_WHITESPACE"} "$p" 2>"$t/err"; then
		die "SERIES=$in: patch $i/$npatches \"$subj\" does not apply to $from: $(grep -m1 'error' "$t/err" || head -n 1 "$t/err")"
	fi
	tree=$($GIT -C "$repo" write-tree)
	head=$(
		GIT_AUTHOR_NAME=$(sed -n 's/^Author: //p' "$t/i/$k") \
		GIT_AUTHOR_EMAIL=$(sed -n 's/^Email: //p' "$t/i/$k") \
		GIT_AUTHOR_DATE=$(sed -n 's/^Date: //p' "$t/i/$k") \
		GIT_COMMITTER_NAME=matrix GIT_COMMITTER_EMAIL=matrix@localhost \
		GIT_COMMITTER_DATE="946684800 +0000" \
		$GIT -C "$repo" commit-tree "$tree" -p "$head" -F - <<EOF
$subj

$(cat "$t/b/$k")
EOF
	)
done
$GIT -C "$repo" branch -f "$branch" "$head"
echo "series: $npatches patches of $in on $from as branch $branch"
