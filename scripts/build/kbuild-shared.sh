#!/bin/sh
# kbuild-shared.sh BASE SHARED BRANCH OUT -- KBUILD-ARGS...
# Build branch BRANCH of the BASE repository (a mutant, a series prefix)
# in the shared worktree SHARED/src, one branch at a time under a lock:
# these trees differ from their neighbours in a file or two, so switching
# the checkout and rebuilding incrementally in SHARED/obj/... takes
# seconds where a fresh tree would rebuild every object. The image is then
# copied to OUT (the row's own image path). KBUILD-ARGS are kbuild.sh's
# after SRC: OBJ KARCH CROSS IMAGE FRAGMENT... [-- MAKEVAR...].
set -eu
base=$1 shared=$2 branch=$3 out=$4; shift 5
here=$(dirname "$0")
obj=$1 image=$4
note() { [ -z "${TIMED_NOTE:-}" ] || echo "$*" >"$TIMED_NOTE"; }
mkdir -p "$shared" "$(dirname "$out")"
exec 8>"$shared/.lock"
flock 8
commit=$(git -C "$base" rev-parse "$branch")
key=$(echo "$commit $*" | sha256sum | cut -c1-16)
if [ -f "$out" ] && [ "$(cat "$out.matrix-key" 2>/dev/null)" = "$key" ]; then
	note "up to date"
	exit 0
fi
git -C "$base" worktree prune
git -C "$shared/src" rev-parse -q --verify HEAD >/dev/null 2>&1 || rm -rf "$shared/src"
[ -d "$shared/src" ] || git -C "$base" worktree add -q --detach "$shared/src" "$commit"
# Only the files that differ are rewritten: the rebuild is incremental.
git -C "$shared/src" checkout -q -f --detach "$commit"
"$here/kbuild.sh" "$shared/src" "$@"
cp "$obj/$image" "$out"
echo "$key" >"$out.matrix-key"
