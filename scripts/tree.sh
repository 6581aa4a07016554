#!/bin/sh
# tree.sh base TARBALL DIR    unpack the Debian tarball into DIR/src as a
#                             git repository tagged "base"
# tree.sh patched BASE DIR PATCHES
#                             DIR/src = a worktree of BASE at "base" plus
#                             git am of PATCHES/series, in order
set -eu
GIT="git -c user.name=matrix -c user.email=matrix@localhost"
case $1 in
base)
	tarball=$2 dir=$3
	rm -rf "$dir/src" "$dir/unpack"
	mkdir -p "$dir/unpack"
	tar -C "$dir/unpack" -xf "$tarball"
	mv "$dir/unpack"/* "$dir/src"
	rmdir "$dir/unpack"
	cd "$dir/src"
	$GIT init -q
	# Debian's top-level .gitignore ignores everything: add by force.
	$GIT add -f .
	$GIT commit -q -m "$(basename "$tarball") $(make -s kernelversion)"
	$GIT tag base
	;;
patched)
	base=$2 dir=$3 patches=$4
	mkdir -p "$dir"
	dir=$(cd "$dir" && pwd)
	# Apply in a scratch worktree, then move DIR/src to the result:
	# checkout only rewrites files that differ, so re-running with an
	# unchanged series does not make the kernel build start over.
	$GIT -C "$base" worktree prune
	rm -rf "$dir/am"
	$GIT -C "$base" worktree add -q --detach "$dir/am" base
	grep -v '^[[:space:]]*\(#\|$\)' "$patches/series" | while read -r p; do
		if ! $GIT -C "$dir/am" am -q --whitespace=error-all "$patches/$p" >/dev/null 2>&1; then
			echo "tree: patch does not apply: $p" >&2
			exit 1
		fi
	done || { rm -rf "$dir/am"; $GIT -C "$base" worktree prune; exit 1; }
	head=$($GIT -C "$dir/am" rev-parse HEAD)
	rm -rf "$dir/am"
	$GIT -C "$base" worktree prune
	# A worktree whose link the base repo lost is rebuilt from scratch.
	git -C "$dir/src" rev-parse -q --verify HEAD >/dev/null 2>&1 || rm -rf "$dir/src"
	$GIT -C "$base" worktree prune
	if [ -d "$dir/src" ]; then
		$GIT -C "$dir/src" checkout -q -f -B patched "$head"
	else
		$GIT -C "$base" worktree add -q -f -B patched "$dir/src" "$head"
	fi
	;;
esac
