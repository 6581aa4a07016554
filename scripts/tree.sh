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
	if [ ! -d "$dir/src" ]; then
		mkdir -p "$dir"
		$GIT -C "$base" worktree prune
		$GIT -C "$base" worktree add -q -f "$(cd "$dir" && pwd)/src" -B patched base
	fi
	cd "$dir/src"
	$GIT am --abort >/dev/null 2>&1 || true
	$GIT checkout -q -f -B patched base
	grep -v '^[[:space:]]*\(#\|$\)' "$patches/series" | while read -r p; do
		if ! $GIT am -q --whitespace=error-all "$patches/$p" >/dev/null 2>&1; then
			$GIT am --abort >/dev/null 2>&1 || true
			echo "tree: patch does not apply: $p" >&2
			exit 1
		fi
	done
	;;
esac
