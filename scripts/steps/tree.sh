#!/bin/sh
# tree.sh base TARBALL DIR     unpack the Debian tarball into DIR/src as a
#                              git repository tagged "base"
# tree.sh derive BASE DIR PATCH...
#                              DIR/src = a worktree of the BASE repository
#                              at "base" plus each PATCH, in order, as its
#                              commit (the patched tree)
# tree.sh commit BASE NAME FROM [PATCH...]
#                              only a commit: branch NAME of BASE = FROM (a
#                              ref) plus the patches, through a scratch index
#                              (a mutant: patched + one patch; a series
#                              prefix: a commit of patched). Built in a shared
#                              worktree, scripts/steps/kbuild-shared.sh. Fixed dates:
#                              the same inputs give the same commit.
# tree.sh sparse BASE DIR BRANCH PATH...
#                              DIR/src = a worktree of BRANCH of the BASE
#                              repository with only PATHs checked out (what
#                              the selftests build reads: a tenth of a tree)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
GIT="git -c user.name=matrix -c user.email=matrix@localhost"
case $1 in
base)
	tarball=$2
	mkdir -p "$3" && dir=$(cd "$3" && pwd)
	rm -rf "$dir/src" "$dir/unpack"
	# The repository this step makes depends only on the tarball: a
	# second clone takes it from the cache (scripts/steps/cache.sh).
	key=$( { sha256sum <"$tarball"; echo "tree.sh base 1"; } | sha256sum | cut -c1-32)
	if "$here/cache.sh" get tree "$key" "$dir" link; then
		# A copy keeps sizes and mtimes, not inodes and ctimes (a link
		# changes the ctime): git then trusts the index as it is instead
		# of hashing every file again.
		git -C "$dir/src" config core.checkStat minimal
		git -C "$dir/src" config core.trustctime false
		[ -z "${TIMED_NOTE:-}" ] || echo "from cache" >"$TIMED_NOTE"
		exit 0
	fi
	mkdir -p "$dir/unpack"
	tar -C "$dir/unpack" -xf "$tarball"
	mv "$dir/unpack"/* "$dir/src"
	rmdir "$dir/unpack"
	cd "$dir/src"
	$GIT init -q
	# A whole kernel of loose objects: every later git command (worktree,
	# am, checkout) would start a repack of it.
	$GIT config gc.auto 0
	# Debian's top-level .gitignore ignores everything: add by force.
	$GIT add -f .
	$GIT commit -q -m "$(basename "$tarball") $(MAKEFLAGS='' make -s kernelversion)"
	$GIT tag base
	"$here/cache.sh" put tree "$key" "$dir" src
	;;
commit)
	base=$2 name=$3 from=$4; shift 4
	idx=$(mktemp)
	trap 'rm -f "$idx"' EXIT
	export GIT_INDEX_FILE="$idx" GIT_AUTHOR_DATE="946684800 +0000" GIT_COMMITTER_DATE="946684800 +0000"
	$GIT -C "$base" read-tree "$from"
	for p in "$@"; do
		if ! $GIT -C "$base" apply --cached --whitespace=error-all "$p" >/dev/null 2>&1; then
			echo "tree: patch does not apply: ${p##*/} (tree $name)" >&2
			exit 1
		fi
	done
	tree=$($GIT -C "$base" write-tree)
	commit=$(echo "$name" | $GIT -C "$base" commit-tree "$tree" -p "$($GIT -C "$base" rev-parse "$from")")
	$GIT -C "$base" branch -f "$name" "$commit"
	;;
derive)
	base=$2 dir=$3; shift 3
	name=$(basename "$dir")
	mkdir -p "$dir"
	dir=$(cd "$dir" && pwd)
	# The commits first, through a scratch index (scripts/series/series-apply.sh,
	# what git am does, without a worktree), then one checkout: it only
	# rewrites files that differ, so re-running with unchanged patches
	# does not make the kernel build start over.
	s=$(mktemp -d)
	trap 'rm -rf "$s"' EXIT
	n=0
	for p in "$@"; do
		n=$((n + 1))
		cp "$p" "$s/$(printf %04d $n).patch"
		printf '%04d.patch\n' $n >>"$s/series"
	done
	if ! SERIES_WHITESPACE=error-all "$here/../series/series-apply.sh" "$base" "$name-am" base "$s" >/dev/null 2>"$s/err"; then
		i=$(sed -n 's|.*: patch \([0-9]*\)/.*|\1|p' "$s/err")
		[ -n "$i" ] || { cat "$s/err" >&2; exit 1; }
		shift $((i - 1))
		echo "tree: patch does not apply: ${1##*/} (tree $name)" >&2
		exit 1
	fi
	head=$($GIT -C "$base" rev-parse "refs/heads/$name-am")
	$GIT -C "$base" branch -q -D "$name-am"
	# A worktree whose link the base repo lost is rebuilt from scratch.
	git -C "$dir/src" rev-parse -q --verify HEAD >/dev/null 2>&1 || rm -rf "$dir/src"
	$GIT -C "$base" worktree prune
	if [ -d "$dir/src" ]; then
		$GIT -C "$dir/src" checkout -q -f -B "$name" "$head"
	else
		$GIT -C "$base" worktree add -q -f -B "$name" "$dir/src" "$head"
	fi
	;;
sparse)
	base=$2 dir=$3 branch=$4; shift 4
	git -C "$dir/src" rev-parse -q --verify HEAD >/dev/null 2>&1 || rm -rf "$dir/src"
	$GIT -C "$base" worktree prune
	if [ ! -d "$dir/src" ]; then
		mkdir -p "$dir"
		$GIT -C "$base" worktree add -q --no-checkout --detach "$dir/src" "$branch"
	fi
	# Set every time: a changed path list applies to an existing worktree.
	$GIT -C "$dir/src" sparse-checkout set --no-cone "$@"
	# Only the files that differ are rewritten (as in derive).
	$GIT -C "$dir/src" checkout -q -f --detach "$branch"
	;;
*)
	echo "usage: tree.sh base TARBALL DIR | derive BASE DIR PATCH... | commit BASE NAME FROM PATCH... | sparse BASE DIR BRANCH PATH..." >&2
	exit 2
	;;
esac
