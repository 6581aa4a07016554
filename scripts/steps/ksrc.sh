#!/bin/sh
# ksrc.sh: a developer's own kernel tree (KSRC=, mk/ksrc.mk) as tree ksrc.
#   ksrc.sh check PATH MIN
#       PATH must be a readable Linux source tree (Makefile with VERSION and
#       PATCHLEVEL, fs/select.c, kernel/time/hrtimer.c) of version MIN or
#       later (the project's config fragments and tests need it); prints
#       "<absolute path> <kernelversion> git|plain", or one line on stderr
#       naming PATH and the cause, exit 2.
#   ksrc.sh import PATH DIR STAMP
#       DIR/src = a git repository whose "base" tag (and branch patched)
#       holds PATH's content as it is now, never writing into PATH: its
#       files are added through an index of DIR's own (git --work-tree=PATH
#       add), so a git worktree gives its HEAD tree plus its uncommitted
#       and untracked (not ignored) files, a plain tree every file. The tree
#       id is the kernels' key (scripts/steps/kbuild.sh): an unchanged tree
#       builds nothing twice, and the index's stat data makes the next look
#       cheap. DIR/info: the tree line of the report. STAMP is touched when
#       the content changed (or is new), so what is made of it is remade.
set -eu
GIT="git -c user.name=matrix -c user.email=matrix@localhost"
cmd=$1 src=$2
case $cmd in
check)
	min=$3
	bad() { echo "KSRC=$src: $*" >&2; exit 2; }
	[ -e "$src" ] || bad "no such file or folder"
	case $src in *.tar | *.tar.*) [ -d "$src" ] || bad "a tarball, not a folder: unpack it (tar -xf) and give its folder" ;; esac
	[ -d "$src" ] || bad "not a folder"
	{ [ -r "$src/Makefile" ] && [ -x "$src" ]; } || bad "unreadable, or no Makefile: not a kernel tree"
	v=$(sed -n 's/^VERSION = //p' "$src/Makefile" | head -n 1) p=$(sed -n 's/^PATCHLEVEL = //p' "$src/Makefile" | head -n 1)
	s=$(sed -n 's/^SUBLEVEL = //p' "$src/Makefile" | head -n 1)
	{ [ -n "$v" ] && [ -n "$p" ] && [ -f "$src/fs/select.c" ] && [ -f "$src/kernel/time/hrtimer.c" ]; } ||
		bad "not a Linux source tree (no VERSION/PATCHLEVEL in its Makefile, or no fs/select.c, kernel/time/hrtimer.c)"
	[ -r "$src/fs/select.c" ] || bad "unreadable (fs/select.c)"
	[ "$(printf '%s\n%s\n' "$min" "$v.$p" | sort -V | head -n 1)" = "$min" ] ||
		bad "Linux $v.$p is too old: the tests and config fragments need $min or later"
	abs=$(cd "$src" && pwd -P)
	top=$(cd "$(dirname "$0")/../.." && pwd -P)
	case $abs/ in "$top"/*) bad "inside this repository; give a tree outside it" ;; esac
	kind=plain
	[ "$(git -C "$abs" rev-parse --show-toplevel 2>/dev/null)" != "$abs" ] || kind=git
	echo "$abs $v.$p.${s:-0} $kind"
	;;
import)
	dir=$3 stamp=$4
	mkdir -p "$dir"
	exec 9>"$dir/.lock"
	flock 9
	repo=$dir/src
	if [ ! -d "$repo/.git" ]; then
		mkdir -p "$repo"
		$GIT -C "$repo" init -q
		$GIT -C "$repo" config gc.auto 0
	fi
	gd=$repo/.git
	force=-f
	if [ "$(git -C "$src" rev-parse --show-toplevel 2>/dev/null)" = "$src" ]; then
		force=
		# Not describe --dirty: it refreshes the tree's own index (a write).
		desc="git $(git -C "$src" describe --always 2>/dev/null) ($(git -C "$src" rev-parse --abbrev-ref HEAD 2>/dev/null))"
	else
		desc="plain tree"
	fi
	# The index of PATH's content, kept in DIR: its stat data makes the
	# next import hash only what changed. A git worktree's .gitignore
	# rules apply (build products stay out); a plain tree's files are all
	# taken (Debian's tarball ignores everything at its top).
	export GIT_INDEX_FILE="$gd/ksrc-index"
	# shellcheck disable=SC2086 # $force is empty or -f
	git --git-dir="$gd" --work-tree="$src" add -A $force -- . ':!.git' >/dev/null
	tree=$(git --git-dir="$gd" write-tree)
	unset GIT_INDEX_FILE
	[ "$desc" = "plain tree" ] || [ "$(git -C "$src" rev-parse -q --verify 'HEAD^{tree}')" = "$tree" ] ||
		desc="$desc with uncommitted or untracked changes"
	if [ "$(git -C "$repo" rev-parse -q --verify 'base^{tree}' 2>/dev/null)" != "$tree" ]; then
		c=$(GIT_AUTHOR_DATE="946684800 +0000" GIT_COMMITTER_DATE="946684800 +0000" \
			$GIT -C "$repo" commit-tree "$tree" -m "KSRC $src: $desc")
		$GIT -C "$repo" tag -f base "$c" >/dev/null
		$GIT -C "$repo" branch -f patched "$c"
		$GIT -C "$repo" checkout -q -f --detach base
		touch "$stamp"
	fi
	[ -f "$stamp" ] || touch "$stamp"
	kv=$(MAKEFLAGS='' make -s -C "$repo" kernelversion 2>/dev/null || echo unknown)
	echo "tree ksrc: $kv from $src, $desc; content (git tree id) $tree" >"$dir/info.tmp"
	if cmp -s "$dir/info.tmp" "$dir/info"; then rm -f "$dir/info.tmp"; else mv "$dir/info.tmp" "$dir/info"; fi
	;;
*)
	echo "usage: ksrc.sh check PATH MIN | import PATH DIR STAMP" >&2
	exit 2
	;;
esac
