#!/bin/sh
# cache.sh: build products kept outside the clone, by content key, so that
# nothing is built twice on one machine (a second clone of the same commit,
# CI's fresh clone after a session). Only products: results never come
# from here, every cell still boots.
#   cache.sh get KIND KEY DEST [link]
#                                   copy entry KIND/KEY's files into DEST;
#                                   exit 1 if absent, or if its checksum
#                                   fails (one line; the entry is removed).
#                                   link: hard links where DEST is on the
#                                   cache's filesystem (a source tree: git
#                                   and kbuild replace files, never write
#                                   into one; a file changed in place would
#                                   fail the entry's checksum next time)
#   cache.sh put KIND KEY SRC PATH...
#                                   store SRC/PATH... (files or folders,
#                                   relative to SRC) as KIND/KEY, every
#                                   file checksummed; then evict the least
#                                   recently used entries over the bound
#   cache.sh info                   entries and size per kind
#   cache.sh clean                  remove every entry
# MATRIX_CACHE: the folder (default: the user's cache folder), or "off":
# get always misses, put stores nothing. MATRIX_CACHE_MAX: MiB (20480).
set -eu
dir=${MATRIX_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/select-matrix}
max=${MATRIX_CACHE_MAX:-20480}
case $max in '' | *[!0-9]*) echo "cache: MATRIX_CACHE_MAX=$max: a size in MiB" >&2; exit 2 ;; esac
cmd=${1:-}
[ "$dir" != off ] || case $cmd in get) exit 1 ;; put | clean) exit 0 ;;
	info) echo "cache: off (MATRIX_CACHE=off)"; exit 0 ;; esac
case $dir in /*) ;; *) echo "cache: MATRIX_CACHE=$dir: an absolute path, or off" >&2; exit 2 ;; esac
mkdir -p "$dir"
# Readers hold the lock shared, eviction and clean exclusive: an entry is
# not removed while it is being copied out.
exec 7>"$dir/.lock"
case $cmd in
get)
	kind=$2 key=$3 dest=$4 how=${5:-copy}
	e=$dir/$kind/$key
	flock -s 7
	[ -f "$e/sha256sums" ] || exit 1
	if ! (cd "$e/files" && sha256sum --status -c ../sha256sums) 2>/dev/null; then
		echo "cache: $kind $key: checksum mismatch (truncated or corrupt); removed, building it again" >&2
		flock -u 7; flock 7
		rm -rf "$e"
		exit 1
	fi
	touch "$e"
	mkdir -p "$dest"
	if [ "$how" = link ] && [ "$(stat -c %d "$e/files")" = "$(stat -c %d "$dest")" ]; then
		cp -al "$e/files/." "$dest/"
	else
		cp -a "$e/files/." "$dest/"
	fi
	;;
put)
	kind=$2 key=$3 src=$4; shift 4
	mkdir -p "$dir/$kind"
	tmp=$(mktemp -d "$dir/$kind/.new.XXXXXX")
	trap 'rm -rf "$tmp"' EXIT
	mkdir -p "$tmp/files"
	(cd "$src" && tar -cf - "$@") | tar -C "$tmp/files" -xf -
	(cd "$tmp/files" && find . -type f -print0 | sort -z | xargs -0r sha256sum >../sha256sums)
	flock 7
	# Another make may have stored the same key meanwhile: keep the first.
	[ -d "$dir/$kind/$key" ] || mv "$tmp" "$dir/$kind/$key"
	# Least recently used first (get touches an entry), until under the bound.
	total=$(du -sm "$dir" | cut -f1)
	[ "$total" -gt "$max" ] || exit 0
	find "$dir" -mindepth 2 -maxdepth 2 -type d ! -name '.new.*' -printf '%T@ %p\n' |
		sort -n | cut -d' ' -f2- | while read -r e; do
		[ "$total" -gt "$max" ] || break
		[ "$e" != "$dir/$kind/$key" ] || continue
		total=$((total - $(du -sm "$e" | cut -f1)))
		rm -rf "$e"
	done
	;;
info)
	flock -s 7
	echo "cache: $dir (bound $max MiB; MATRIX_CACHE= moves it, MATRIX_CACHE=off disables it)"
	for k in "$dir"/*/; do
		[ -d "$k" ] || continue
		printf '  %-8s %3s entries %6s MiB\n' "$(basename "$k")" \
			"$(find "$k" -mindepth 1 -maxdepth 1 -type d ! -name '.new.*' | wc -l)" "$(du -sm "$k" | cut -f1)"
	done
	echo "  total    $(du -sm "$dir" | cut -f1) MiB"
	;;
clean)
	flock 7
	find "$dir" -mindepth 1 -maxdepth 1 ! -name .lock -exec rm -rf {} +
	echo "cache: $dir emptied"
	;;
*)
	echo "usage: cache.sh get KIND KEY DEST | put KIND KEY SRC PATH... | info | clean" >&2
	exit 2
	;;
esac
