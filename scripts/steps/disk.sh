#!/bin/sh
# disk.sh DIR TREE WORKTREE KERNEL RUN CCACHE ITEM...
# Fail in the first second, with one line, when the filesystem of DIR (the
# build directory) lacks the room this run still needs: CI once ran out of
# space in objcopy after 16 minutes. Each ITEM is "OBJ:BASE:WORKTREE", one
# kernel of the run: its object directory, the stamp of the source tree it
# is made from, and its worktree (a derived or shared checkout; empty for
# a tree's base). What does not exist yet costs TREE, WORKTREE or KERNEL
# MiB, each counted once, and then RUN MiB on top for everything else a
# cold run writes (packages, initramfs, LAVA jobs), and CCACHE MiB when
# ccache's directory is on the same filesystem, and TREE MiB per new tree
# for its copy in the product cache (MATRIX_CACHE) there; a run with nothing to
# build needs 256. DISK_AVAIL_MIB replaces df's figure (selfcheck).
set -eu
dir=$1 tree=$2 wt=$3 kernel=$4 run=$5 ccache=$6; shift 6
while [ ! -d "$dir" ]; do dir=$(dirname "$dir"); done
# ccache may not be installed yet (deps come after this check).
cc=${CCACHE_DIR:-$(ccache -k cache_dir 2>/dev/null || echo "${XDG_CACHE_HOME:-$HOME/.cache}/ccache")}
while [ ! -d "$cc" ]; do cc=$(dirname "$cc"); done
[ "$(stat -c %d "$cc")" = "$(stat -c %d "$dir")" ] || ccache=0
# The product cache (scripts/steps/cache.sh) keeps a copy of each new source
# tree when it shares the filesystem.
mc=${MATRIX_CACHE:-off} incache=0
if [ "$mc" != off ]; then
	while [ ! -d "$mc" ]; do mc=$(dirname "$mc"); done
	[ "$(stat -c %d "$mc")" != "$(stat -c %d "$dir")" ] || incache=1
fi
avail=${DISK_AVAIL_MIB:-$(df -Pm "$dir" | awk 'NR == 2 { print $4 }')}
need=0 ntree=0 nwt=0 nkernel=0 seen=" "
for item in "$@"; do
	obj=${item%%:*} rest=${item#*:}
	base=${rest%%:*} w=${rest#*:}
	if [ ! -e "$obj" ] && [ "${seen#* "$obj" }" = "$seen" ]; then
		seen="$seen$obj " need=$((need + kernel)) nkernel=$((nkernel + 1))
	fi
	if [ ! -e "$base" ] && [ "${seen#* "$base" }" = "$seen" ]; then
		seen="$seen$base " need=$((need + tree)) ntree=$((ntree + 1))
	fi
	if [ -n "$w" ] && [ ! -e "$w" ] && [ "${seen#* "$w" }" = "$seen" ]; then
		seen="$seen$w " need=$((need + wt)) nwt=$((nwt + 1))
	fi
done
gib() { awk -v m="$1" 'BEGIN { printf "%.1f", m / 1024 }'; }
if [ "$need" -gt 0 ]; then
	need=$((need + run + ccache))
	what="$ntree source trees, $nwt worktrees, $nkernel kernels not built yet, $(gib "$run") GiB for the rest"
	[ "$ccache" -eq 0 ] || what="$what, $(gib "$ccache") GiB for ccache"
	if [ "$incache" = 1 ] && [ "$ntree" -gt 0 ]; then
		need=$((need + ntree * tree))
		what="$what, $(gib $((ntree * tree))) GiB for the trees' cache copies"
	fi
else
	need=256 what="nothing to build: results and reports"
fi
case $avail in
''|*[!0-9]*) echo "disk: cannot read the free space of $dir (df gave '$avail'); DISK_CHECK=n skips this check" >&2; exit 1 ;;
esac
if [ "$avail" -lt "$need" ]; then
	echo "disk: $(gib "$avail") GiB free for $dir, this run needs about $(gib "$need") GiB ($what):" \
		"free some space, or fewer TREES/ARCHES; DISK_CHECK=n skips this check" >&2
	exit 1
fi
