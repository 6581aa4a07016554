#!/bin/sh
# kbuild-shared.sh BASE SHARED BRANCH OUT -- KBUILD-ARGS...
# Build branch BRANCH of the BASE repository (a mutant, a series prefix)
# in the shared worktree SHARED/src, one branch at a time under a lock:
# these trees differ from their neighbours in a file or two, so switching
# the checkout and rebuilding incrementally in SHARED/obj/... takes
# seconds where a fresh tree would rebuild every object. The image is then
# copied to OUT (the row's own image path). KBUILD-ARGS are kbuild.sh's
# after SRC: OBJ KARCH CROSS IMAGE FRAGMENT... [-- MAKEVAR...].
# With OBJSUM (make mutation: objects to hash, kbuild.sh) OUT.objsum holds
# their sha256, or "not compiling" when the build failed: then the failure
# is recorded (its compiler lines in OUT.log), not returned, and a cell
# gate (scripts/mutation/cell.sh) reads it instead of a kernel.
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
if [ "$(cat "$out.matrix-key" 2>/dev/null)" = "$key" ] && { [ -f "$out" ] ||
	grep -qx "not compiling" "$out.objsum" 2>/dev/null; }; then
	note "up to date"
	exit 0
fi
rm -f "$out" "$out.objsum" "$out.log" "$out.matrix-key"
git -C "$base" worktree prune
git -C "$shared/src" rev-parse -q --verify HEAD >/dev/null 2>&1 || rm -rf "$shared/src"
[ -d "$shared/src" ] || git -C "$base" worktree add -q --detach "$shared/src" "$commit"
# Only the files that differ are rewritten: the rebuild is incremental.
git -C "$shared/src" checkout -q -f --detach "$commit"
if [ -z "${OBJSUM:-}" ]; then
	"$here/kbuild.sh" "$shared/src" "$@"
elif ! "$here/kbuild.sh" "$shared/src" "$@" 2>"$out.log"; then
	# Only the compiler's verdict is one: anything else fails the build.
	grep -q 'error:' "$out.log" || { cat "$out.log" >&2; exit 1; }
	echo "not compiling" >"$out.objsum"
	echo "$key" >"$out.matrix-key"
	note "not compiling"
	exit 0
else
	cp "$obj/.matrix-objsum" "$out.objsum"
fi
cp "$obj/$image" "$out"
echo "$key" >"$out.matrix-key"
