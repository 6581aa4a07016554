#!/bin/sh
# series.sh BASE PATCHDIR OUTDIR: the series as its sender sends it. The
# committed patches/ are a draft made under the project's shared identity;
# this re-signs them under the sender's git identity (git config user.name
# and user.email of the project, or GIT_AUTHOR_NAME/EMAIL): each commit of
# PATCHDIR/series applied to BASE's "base", author reset, Signed-off-by
# added, then git format-patch with the cover letter's subject, body (less
# the draft note) and Cc list, and the Cc of each patch, into OUTDIR.
set -eu
base=$1 pdir=$(cd "$2" && pwd) out=$3
# format-patch -o runs in a worktree: a relative OUTDIR would land there.
case $out in /*) ;; *) out=$(pwd)/$out ;; esac
name=${GIT_AUTHOR_NAME:-$(git config user.name || true)}
email=${GIT_AUTHOR_EMAIL:-$(git config user.email || true)}
if [ -z "$name" ] || [ -z "$email" ]; then
	echo "series: no sender identity: set git config user.name and user.email" >&2
	exit 1
fi
export GIT_AUTHOR_NAME="$name" GIT_AUTHOR_EMAIL="$email"
export GIT_COMMITTER_NAME="$name" GIT_COMMITTER_EMAIL="$email"
cover=$pdir/0000-cover-letter.patch
wt=$(mktemp -d)
trap 'rm -rf "$wt"; git -C "$base" worktree prune; git -C "$base" update-ref -d refs/notes/series 2>/dev/null || :' EXIT
git -C "$base" worktree add -q --detach "$wt/src" base
# A patch's notes below its "---" (what changed since the last version,
# why there is no Fixes: tag), which git am drops: kept as git notes and
# written back there by format-patch --notes (a "Notes:" block); the
# notes ref lives only as long as the worktree. The notes end at the
# diffstat, or at a second "---" line (a draft's notes between two).
notes_of() {
	awk '!on && /^---$/ { on = 1; next }
		on && /^---$/ { exit }
		on && (/^ .* \| / || /^ [0-9]+ files? changed/ || /^diff --git /) { exit }
		on && n == 0 && /^$/ { next }
		on && n == 0 && /^Notes( \([^)]*\))?:$/ { indented = 1; next }
		on { if (indented) sub(/^    /, ""); l[++n] = $0 }
		END { while (n > 0 && l[n] == "") n--; for (i = 1; i <= n; i++) print l[i] }' "$1"
}
# The draft's own sign-off (the identity in the cover letter's From:) goes.
draft=$(sed -n 's/^From: .*<\(.*\)>$/\1/p; s/^ <\(.*\)>$/\1/p' "$cover" | head -n 1)
grep -v '^[[:space:]]*\(#\|$\)' "$pdir/series" | while read -r p; do
	git -C "$wt/src" am -q --whitespace=error-all "$pdir/$p"
	git -C "$wt/src" log -1 --format=%B | grep -v "^Signed-off-by: .*<$draft>\$" |
		git -C "$wt/src" commit -q --amend --reset-author -s -F -
	notes_of "$pdir/$p" >"$wt/notes"
	if [ -s "$wt/notes" ]; then git -C "$wt/src" notes --ref=series add -f -F "$wt/notes" HEAD; fi
done
# The header fields of the draft cover letter: subject (without the
# [PATCH ...] prefix), prefix, Cc list; its body without the draft note.
subject=$(sed -n 's/^Subject: \[PATCH[^]]*\] //p' "$cover")
prefix=$(sed -n 's/^Subject: \[\(.*\) [0-9]*\/[0-9]*\].*/\1/p' "$cover")
cc=$(awk '/^$/ { exit } /^Cc:/ { on = 1; sub(/^Cc:/, "") } on && /^[^ ]/ && !/^Cc:/ { on = 0 }
	on { sub(/^ +/, ""); sub(/,$/, ""); print }' "$cover")
sed -n '/^$/,/^-- $/p' "$cover" | sed '1d' |
	awk '/^\[DRAFT:/ { skip = 1 } skip && /\]$/ { skip = 0; getline; next } !skip' |
	sed '/^[^ ].* ([0-9]*):$/,$d' >"$wt/body"
rm -rf "$out" && mkdir -p "$out"
set --
for c in $(echo "$cc" | tr ' ' '\001'); do set -- "$@" "--cc=$(echo "$c" | tr '\001' ' ')"; done
git -C "$wt/src" format-patch -q --notes=series --cover-letter --subject-prefix="$prefix" "$@" \
	-o "$out" base..HEAD
f=$out/0000-cover-letter.patch
awk -v subj="$subject" -v body="$wt/body" '
	/\*\*\* SUBJECT HERE \*\*\*/ { sub(/\*\*\* SUBJECT HERE \*\*\*/, subj) }
	/^\*\*\* BLURB HERE \*\*\*$/ { while ((getline l < body) > 0) print l; next }
	{ print }' "$f" >"$f.tmp" && mv "$f.tmp" "$f"
{
	echo "# git am order; 0000-cover-letter.patch is the cover letter, not applied."
	for p in "$out"/0*.patch; do
		case ${p##*/} in 0000-*) ;; *) echo "${p##*/}" ;; esac
	done
} >"$out/series"
echo "series: $(($(wc -l <"$out/series") - 1)) patches and the cover letter in $out, from $name <$email>"
