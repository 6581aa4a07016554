#!/bin/sh
# b4-prep.sh SRC PATCHDIR OUTDIR TREE: the series of PATCHDIR as b4 would
# send it, sent to nobody. In a throwaway sparse clone of SRC (a tree with
# a "base" tag; SRC itself is not touched): a b4 prep branch from base
# (b4 prep -n series-TREE -f base), the revision and extra prefixes of the cover
# letter's [PATCH ...], its subject and body as b4's cover letter, the
# patches of PATCHDIR/series applied under the sender's git identity (git
# config user.name/user.email where make runs, or GIT_AUTHOR_NAME/EMAIL;
# the draft's Signed-off-by replaced by the sender's, as scripts/series/series.sh
# does), To/Cc from the tree's scripts/get_maintainer.pl (b4 prep
# --auto-to-cc), checkpatch, then b4 send -o: the mails go to OUTDIR as
# files and their From/To/Cc/Subject are printed.
# b4 0.12 (Debian 12) has no "b4 prep --check": the tree's own
# scripts/checkpatch.pl --strict runs on each patch of b4 prep -p instead.
# No mail can leave: b4 send -o never sends, b4 runs --offline-mode with
# the proxies pointed at a closed port, and the clone's
# sendemail.smtpserver is a script that refuses and makes this fail.
# b4-prep.sh --sender: print "name <email>" of the sender, or fail.
set -eu
name=${GIT_AUTHOR_NAME:-$(git config user.name || true)}
email=${GIT_AUTHOR_EMAIL:-$(git config user.email || true)}
if [ -z "$name" ] || [ -z "$email" ]; then
	echo "b4-prep: no sender identity: set git config user.name and user.email" >&2
	exit 1
fi
[ "${1:-}" != --sender ] || { echo "$name <$email>"; exit 0; }
[ $# = 4 ] || { echo "usage: b4-prep.sh SRC PATCHDIR OUTDIR TREE" >&2; exit 2; }
src=$1 pdir=$2 out=$3 tree=$4
cover=$pdir/0000-cover-letter.patch
command -v b4 >/dev/null || { echo "b4-prep: b4 is not installed (make deps installs it)" >&2; exit 1; }
git -C "$src" rev-parse -q --verify "base^{commit}" >/dev/null 2>&1 ||
	{ echo "b4-prep: $src: no git tree with a base tag (make trees TREES=$tree)" >&2; exit 1; }
if [ ! -f "$pdir/series" ] || [ ! -f "$cover" ]; then
	echo "b4-prep: $pdir: no series and 0000-cover-letter.patch" >&2; exit 1
fi
patches=$(grep -v '^[[:space:]]*\(#\|$\)' "$pdir/series" || true)
[ -n "$patches" ] || { echo "b4-prep: $pdir/series lists no patches" >&2; exit 1; }
pdir=$(cd "$pdir" && pwd)
for p in $patches; do [ -f "$pdir/$p" ] || { echo "b4-prep: $pdir/$p: no such patch" >&2; exit 1; }; done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp" "$out.new"' EXIT
# The headers of the first mail in a file, continuation lines unfolded.
headers() {
	awk '/^$/ { exit } /^[ \t]/ { sub(/^[ \t]+/, " "); sub(/[ \t]+$/, "", h); h = h $0; next }
		{ if (h != "") print h; h = $0 } END { if (h != "") print h }' "$1"
}
headers "$cover" >"$tmp/cover-headers"
subject=$(sed -n 's/^Subject: \[[^]]*\] //p' "$tmp/cover-headers")
prefix=$(sed -n 's/^Subject: \[\(.*\) [0-9]*\/[0-9]*\].*/\1/p' "$tmp/cover-headers")
cc=$(sed -n 's/^Cc: *//p' "$tmp/cover-headers")
draft=$(sed -n 's/^From: .*<\(.*\)>$/\1/p' "$tmp/cover-headers")
[ -n "$subject" ] || { echo "b4-prep: $cover: no [PATCH ...] Subject:" >&2; exit 1; }
# [PATCH 6.12 v3 0/4]: revision 3, extra prefix 6.12.
rev=1 extra=
for w in $prefix; do
	case $w in
	PATCH) ;;
	v[0-9]*) rev=${w#v} ;;
	*) extra="$extra $w" ;;
	esac
done
# The body: as series.sh takes it (no draft note, no shortlog and diffstat).
{
	echo "$subject"
	echo
	sed -n '/^$/,/^-- $/p' "$cover" | sed '1d' |
		awk '/^\[DRAFT:/ { skip = 1 } skip && /\]$/ { skip = 0; getline; next } !skip' |
		sed '/^[^ ].* ([0-9]*):$/,$d'
} >"$tmp/cover"
# b4 drops a cover letter's lines that start with "#" (its comments).
hash=$(grep -n '^#' "$tmp/cover" | head -n 1 | cut -d: -f2-)
[ -z "$hash" ] || { echo "b4-prep: $cover: b4 would drop the body line '$hash' (it starts with #): rewrap it" >&2; exit 1; }

# The clone: sparse (the directories the patches touch, scripts/ for
# get_maintainer.pl and checkpatch.pl, the top-level files); the other
# top-level directories those two scripts look for to know a kernel tree
# are made empty (git ls-files still lists every file for get_maintainer).
dirs=$(for p in $patches; do sed -n 's|^diff --git a/\(.*\)/[^/]* b/.*|\1|p' "$pdir/$p"; done | sort -u)
git clone -q --shared --no-checkout "$src" "$tmp/src"
g() { git -C "$tmp/src" "$@"; }
# shellcheck disable=SC2086 # a list of directories
g sparse-checkout set --cone scripts $dirs
g checkout -q -b sender-base base
for d in Documentation arch include drivers fs init ipc kernel lib; do mkdir -p "$tmp/src/$d"; done
cat >"$tmp/refuse-mail" <<EOF
#!/bin/sh
echo "b4-prep: b4 tried to send mail; refused" >&2
: >"$tmp/mail-refused"
exit 1
EOF
chmod +x "$tmp/refuse-mail"
g config user.name "$name"
g config user.email "$email"
g config sendemail.smtpserver "$tmp/refuse-mail"
g config core.editor "cp $tmp/cover"
export GIT_AUTHOR_NAME="$name" GIT_AUTHOR_EMAIL="$email"
export GIT_COMMITTER_NAME="$name" GIT_COMMITTER_EMAIL="$email"
export http_proxy=http://127.0.0.1:9 https_proxy=http://127.0.0.1:9 HTTP_PROXY=http://127.0.0.1:9 HTTPS_PROXY=http://127.0.0.1:9
b4q() { (cd "$tmp/src" && b4 --offline-mode -n --no-stdin "$@") >>"$tmp/b4.log" 2>&1 ||
	{ echo "b4-prep: b4 $*: failed:" >&2; tail -n 8 "$tmp/b4.log" >&2; exit 1; }; }

b4q prep -n "series-$tree" -f base
b4q prep --force-revision "$rev"
# shellcheck disable=SC2086 # a list of prefixes
[ -z "$extra" ] || b4q prep --set-prefixes $extra
b4q prep --edit-cover
for p in $patches; do
	g am -q --whitespace=error-all "$pdir/$p" >"$tmp/am.log" 2>&1 ||
		{ echo "b4-prep: $p does not apply to $tree's base:" >&2; head -n 3 "$tmp/am.log" >&2; exit 1; }
	g log -1 --format=%B | grep -v "^Signed-off-by: .*<$draft>\$" |
		g commit -q --amend --reset-author -s -F -
done
b4q prep --auto-to-cc
b4q prep -p "$tmp/fp"
for p in "$tmp"/fp/*.patch; do
	case ${p##*/} in 0000-*) continue ;; esac
	"$tmp/src/scripts/checkpatch.pl" --strict --no-tree -q "$p" >"$tmp/cp.log" 2>&1 ||
		{ echo "b4-prep: checkpatch --strict: ${p##*/}:" >&2; cat "$tmp/cp.log" >&2; exit 1; }
done
n=$(echo "$patches" | wc -l)
echo "b4-prep: b4 prep branch b4/series-$(echo "$tree" | tr . -): $n patches from $name <$email>, checkpatch --strict clean"
# The cover letter's Cc: go to every message (b4 send --cc), after the
# To/Cc trailers get_maintainer.pl gave the cover letter.
set -- -o "$tmp/mails" --no-sign
[ -z "$cc" ] || set -- "$@" --cc "$cc"
b4q send "$@"
[ ! -e "$tmp/mail-refused" ] || { echo "b4-prep: b4 send tried to send mail (refused)" >&2; exit 1; }
ls "$tmp"/mails/*.eml >/dev/null 2>&1 || { echo "b4-prep: b4 send -o wrote no messages:" >&2; tail -n 8 "$tmp/b4.log" >&2; exit 1; }
for m in $(cd "$tmp/mails" && printf '%s\n' *.eml | sort -V); do
	echo "$m"
	headers "$tmp/mails/$m" >"$tmp/h"
	for f in From To Cc Subject; do grep "^$f: " "$tmp/h" | sed 's/^/  /' || true; done
done >"$tmp/mails/headers.txt"
# What a maintainer runs on the posted series: b4 am on its messages, then
# git am of the mbox b4 writes onto the base; the result must be the tree
# of the prep branch. The messages go to b4 on stdin (-m -): b4 0.12 reads
# an mbox file (-m FILE) with Python's mailbox module, which keeps folded
# header lines, and then cannot copy a folded From: or Subject: into the
# message it builds ("Header values may not contain linefeed"); what it
# fetches from lore, or reads on stdin, it parses with its own email
# policy, which unfolds them.
for m in $(cd "$tmp/mails" && printf '%s\n' *.eml | sort -V); do
	echo "From mboxrd@z Thu Jan  1 00:00:00 1970"
	sed 's/^>*From />&/' "$tmp/mails/$m"
	echo
done >"$tmp/series.mbox"
mkdir -p "$tmp/am"
(cd "$tmp/src" && b4 --offline-mode -n am -m - -o "$tmp/am" <"$tmp/series.mbox") >>"$tmp/b4.log" 2>&1 ||
	{ echo "b4-prep: b4 am of the messages failed:" >&2; tail -n 8 "$tmp/b4.log" >&2; exit 1; }
mbx=$(find "$tmp/am" -name '*.mbx' 2>/dev/null | head -n 1)
[ -n "$mbx" ] || { echo "b4-prep: b4 am wrote no mbox:" >&2; tail -n 8 "$tmp/b4.log" >&2; exit 1; }
g checkout -q -b am-check base
g am -q --whitespace=error-all "$mbx" >"$tmp/am.log" 2>&1 ||
	{ echo "b4-prep: git am of b4 am's $(basename "$mbx") onto the base failed:" >&2; head -n 3 "$tmp/am.log" >&2; exit 1; }
g diff --quiet "b4/series-$(echo "$tree" | tr . -)" am-check ||
	{ echo "b4-prep: b4 am + git am gave another tree than the prep branch" >&2; exit 1; }
echo "b4-prep: b4 am $(basename "$mbx"): $(g rev-list --count base..am-check) patches applied to the base with git am, the prep branch's tree"
cp "$tmp/series.mbox" "$tmp/mails/series.mbox"
cp "$tmp/b4.log" "$tmp/mails/b4.log"
rm -rf "$out.new" && mkdir -p "$(dirname "$out")" && mv "$tmp/mails" "$out.new"
rm -rf "$out" && mv "$out.new" "$out"
cat "$out/headers.txt"
echo "b4-prep: $(grep -c '^[^ ]' "$out/headers.txt") messages in $out (b4 send -o: none sent)"
