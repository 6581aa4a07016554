#!/bin/bash
# cold-ci.sh DIR [REV]: .ci/run as a fresh Debian 12 machine runs it, to
# measure the gate's cold cost: a new bookworm chroot in DIR (mmdebstrap
# minbase, plus git and make to clone and start), a clean clone of this
# repository at REV (default HEAD) in its /root/main, no package of the
# project's installed, no ccache, no product cache, and `time ./.ci/run`
# inside it. The run's output: DIR/cold-ci.log. As root; DIR must not exist.
# The chroot's mounts are undone on every exit; DIR is left for reading
# (rm -rf it after). Archives: the host's (scripts/steps/mirrors.sh).
set -euo pipefail
die() { echo "cold-ci: $*" >&2; exit 1; }
if [ $# -lt 1 ] || [ $# -gt 2 ]; then die "usage: cold-ci.sh DIR [REV]"; fi
dir=$1 rev=${2:-HEAD}
top=$(cd "$(dirname "$0")/../.." && pwd)
[ ! -e "$dir" ] || die "DIR=$dir exists: give a folder that does not"
sha=$(git -C "$top" rev-parse --verify -q "$rev^{commit}") || die "REV=$rev: no such commit in $top"
[ "$(id -u)" = 0 ] || die "run as root (mmdebstrap, chroot, mounts)"
"$top/scripts/steps/deps.sh"	# the project's packages; mmdebstrap is one
mapfile -t mirror < <("$top/scripts/steps/mirrors.sh")

t0=$(date +%s)
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
echo "cold-ci: bookworm chroot in $dir"
mmdebstrap --quiet --variant=minbase --include=git,make,ca-certificates bookworm "$dir" \
	"deb ${mirror[0]} bookworm main" "deb ${mirror[0]} bookworm-updates main" \
	"deb ${mirror[1]} bookworm-security main"
git clone -q --no-local "$top" "$dir/root/main"
git -C "$dir/root/main" checkout -q --detach "$sha"
cp /etc/resolv.conf "$dir/etc/resolv.conf"

# shellcheck disable=SC2317 # called by the trap
undo() {
	umount -R "$dir/dev" 2>/dev/null || true
	umount "$dir/sys" "$dir/proc" 2>/dev/null || true
}
trap undo EXIT
mount -t proc proc "$dir/proc"
mount -t sysfs sys "$dir/sys"
mount --rbind /dev "$dir/dev"
mount --make-rslave "$dir/dev"

echo "cold-ci: .ci/run of $sha, chroot made in $(($(date +%s) - t0)) s" | tee "$dir/cold-ci.log"
rc=0
chroot "$dir" /usr/bin/env -i HOME=/root TERM=dumb LANG=C.UTF-8 \
	PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
	bash -c 'cd /root/main && time ./.ci/run' 2>&1 | tee -a "$dir/cold-ci.log" || rc=$?
echo "cold-ci: exit $rc, $(($(date +%s) - t0)) s in all" | tee -a "$dir/cold-ci.log"
exit "$rc"
