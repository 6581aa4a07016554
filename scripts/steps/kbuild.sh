#!/bin/sh
# kbuild.sh SRC OBJ KARCH CROSS IMAGE FRAGMENT... [-- MAKEVAR=...]
# Configure (tinyconfig + fragments, checked) and build one kernel with
# ccache. Skipped when the tree (HEAD's content and uncommitted changes),
# the fragments and the arguments are those of the last good build; taken
# from the cache (scripts/steps/cache.sh) when any clone built it. On failure
# show the last compiler lines. Its own make runs -j$(nproc), outside the
# caller's jobserver. OBJSUM="fs/select.o ...": also the sha256 of those
# objects, in OBJ/.matrix-objsum, kept with the image (make mutation: an
# equivalent mutant's objects are the series').
# $frags, $extra, $jobs are word lists (paths and VAR=value, no blanks):
# shellcheck disable=SC2086
set -eu
src=$1 obj=$2 karch=$3 cross=$4 image=$5; shift 5
frags='' extra=''
while [ $# -gt 0 ]; do
	[ "$1" = -- ] && { shift; extra="$*"; break; }
	frags="$frags $1"; shift
done
here=$(dirname "$0")
note() { [ -z "${TIMED_NOTE:-}" ] || echo "$*" >"$TIMED_NOTE"; }
mkdir -p "$obj"
# Two makes asking for the same kernel take turns (the second then finds
# it up to date) instead of building into one directory at once.
exec 9>"$obj/.lock"
flock 9
unset MAKEFLAGS MFLAGS MAKELEVEL
# The key is the tree's content (not its commit: a clone's commits differ
# by date), the fragments, the configure step, the compiler and the
# arguments: it names the kernel in this build and in the cache.
tree=$(git -C "$src" rev-parse -q --verify 'HEAD^{tree}' 2>/dev/null || true)
key=$( { echo "$tree"; git -C "$src" diff HEAD 2>/dev/null; cat $frags "$here/kconfig.sh";
	"${cross}gcc" --version 2>/dev/null | head -n 1; echo "$karch $cross $image $extra";
	[ -z "${OBJSUM:-}" ] || echo "objsum $OBJSUM"; } |
	sha256sum | cut -c1-32)
if [ -f "$obj/$image" ] && [ "$(cat "$obj/.matrix-key" 2>/dev/null)" = "$key" ]; then
	note "up to date"
	exit 0
fi
rm -f "$obj/.matrix-key"
# What a cell and a lab job read of a kernel: its image and release.
kept="$image include/config/kernel.release${OBJSUM:+ .matrix-objsum}"
if [ -n "$tree" ] && "$here/cache.sh" get kernel "$key" "$obj"; then
	echo "$key" >"$obj/.matrix-key"
	note "from cache"
	exit 0
fi
t0=$(date +%s)
# Reconfigure only when a fragment is newer than the config.
if [ ! -f "$obj/.config" ] || [ -n "$(find $frags -newer "$obj/.config")" ]; then
	# A failed configure leaves no .config to be taken for a good one.
	"$here/kconfig.sh" "$src" "$obj" "$karch" $frags || { rm -f "$obj/.config"; exit 1; }
fi
t1=$(date +%s)
jobs=-j$(nproc)
log=$obj/build.log
export CCACHE_STATSLOG="$obj/ccache.log"
rm -f "$CCACHE_STATSLOG"
# Steps and seconds of the last build of this kernel (its object folder,
# or any clone's: the cache keeps them by the folder's place in build/).
last=$obj/.matrix-last
label=$(echo "$obj" | sed 's|.*/build/||')
est=${MATRIX_CACHE:-off}/estimates/$(echo "$label" | tr / _)
[ -f "$last" ] || [ ! -f "$est" ] || cp "$est" "$last"
# Without the locks (fd 8: kbuild-shared.sh's worktree, 9: this folder):
# its sleep outlives the kill below and held the next build back up to 60 s.
"$here/progress.sh" "$log" "kernel $label" "$last" 8>&- 9>&- &
prog=$!
rc=0
make -C "$src" O="$obj" ARCH="$karch" CROSS_COMPILE="$cross" \
	CC="ccache ${cross}gcc" $extra $jobs "${image##*/}" >"$log" 2>&1 || rc=$?
kill "$prog" 2>/dev/null || true
if [ "$rc" != 0 ]; then
	echo "kbuild: $obj failed; last lines of $log:" >&2
	grep -v '^  [A-Z]' "$log" | tail -n 25 >&2
	exit 1
fi
t2=$(date +%s)
# shellcheck disable=SC2086 # a word list
[ -z "${OBJSUM:-}" ] || (cd "$obj" && sha256sum $OBJSUM) >"$obj/.matrix-objsum"
echo "$key" >"$obj/.matrix-key"
steps=$(grep -c '^  [A-Z]' "$log" || true)
# A build of a few steps (an incremental one) says nothing of a cold one.
if [ "${steps:-0}" -ge "$(cut -d' ' -f1 "$last" 2>/dev/null || echo 0)" ]; then
	echo "$steps $((t2 - t1))" >"$last"
	[ "${MATRIX_CACHE:-off}" = off ] || { mkdir -p "${est%/*}" && cp "$last" "$est"; }
fi
# shellcheck disable=SC2086 # a word list
[ -z "$tree" ] || "$here/cache.sh" put kernel "$key" "$obj" $kept
hits=$(grep -c '^direct_cache_hit\|^preprocessed_cache_hit' "$CCACHE_STATSLOG" 2>/dev/null || true)
calls=$(grep -c '^#' "$CCACHE_STATSLOG" 2>/dev/null || true)
note "built: configure $((t1 - t0)) s, compile and link $((t2 - t1)) s ($steps steps), ccache ${hits:-0}/${calls:-0} hits"
