#!/bin/sh
# tree.sh base TARBALL DIR     unpack the Debian tarball into DIR/src as a
#                              git repository tagged "base"
# tree.sh derive BASE DIR PATCH...
#                              DIR/src = a worktree of the BASE repository
#                              at "base" plus git am of each PATCH, in order
#                              (the patched tree, a mutant, a series prefix)
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
derive)
	base=$2 dir=$3; shift 3
	name=$(basename "$dir")
	mkdir -p "$dir"
	dir=$(cd "$dir" && pwd)
	# Apply in a scratch worktree, then move DIR/src to the result:
	# checkout only rewrites files that differ, so re-running with
	# unchanged patches does not make the kernel build start over.
	$GIT -C "$base" worktree prune
	rm -rf "$dir/am"
	$GIT -C "$base" worktree add -q --detach "$dir/am" base
	for p in "$@"; do
		if ! $GIT -C "$dir/am" am -q --whitespace=error-all "$p" >/dev/null 2>&1; then
			echo "tree: patch does not apply: ${p##*/} (tree $name)" >&2
			rm -rf "$dir/am"; $GIT -C "$base" worktree prune
			exit 1
		fi
	done
	head=$($GIT -C "$dir/am" rev-parse HEAD)
	rm -rf "$dir/am"
	$GIT -C "$base" worktree prune
	# A worktree whose link the base repo lost is rebuilt from scratch.
	git -C "$dir/src" rev-parse -q --verify HEAD >/dev/null 2>&1 || rm -rf "$dir/src"
	$GIT -C "$base" worktree prune
	if [ -d "$dir/src" ]; then
		$GIT -C "$dir/src" checkout -q -f -B "$name" "$head"
	else
		$GIT -C "$base" worktree add -q -f -B "$name" "$dir/src" "$head"
	fi
	;;
*)
	echo "usage: tree.sh base TARBALL DIR | derive BASE DIR PATCH..." >&2
	exit 2
	;;
esac
