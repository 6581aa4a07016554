#!/bin/sh
# initramfs.sh OUT GEN_INIT_CPIO BUSYBOX INIT TESTDIR [OVERLAY] (INIT's suite.sh beside it)
# Build the guest's cpio with the kernel's own usr/gen_init_cpio, so no
# root is needed for /dev/console. TESTDIR holds one directory per ABI
# (and in it, hidden folders of helper programs).
set -eu
out=$1 gen=$2 busybox=$3 init=$4 tests=$5 overlay=${6:-}
list=$out.list.$$
{
	echo "dir /dev 0755 0 0"
	echo "nod /dev/console 0600 0 0 c 5 1"
	for d in bin proc sys tmp tests; do echo "dir /$d 0755 0 0"; done
	echo "file /bin/busybox $busybox 0755 0 0"
	echo "slink /bin/sh busybox 0777 0 0"
	echo "file /init $init 0755 0 0"
	# What init sources beside it: how a suite runs (guests/suite.sh).
	echo "file /bin/suite.sh ${init%/*}/suite.sh 0644 0 0"
	for d in "$tests"/*/; do
		abi=$(basename "$d")
		echo "dir /tests/$abi 0755 0 0"
		for t in "$tests/$abi"/*; do
			echo "file /tests/$abi/${t##*/} $t 0755 0 0"
		done
		# A hidden folder holds programs a test runs, not tests: the
		# guest's suite (guests/init, "$dir"/*) does not see it.
		for h in "$tests/$abi"/.[!.]*/; do
			[ -d "$h" ] || continue
			h=${h%/}; h=${h##*/}
			echo "dir /tests/$abi/$h 0755 0 0"
			for t in "$tests/$abi/$h"/*; do
				echo "file /tests/$abi/$h/${t##*/} $t 0755 0 0"
			done
		done
	done
	if [ -n "$overlay" ]; then
		overlay=$(cd "$overlay" && pwd)
		echo "dir /overlay 0755 0 0"
		(cd "$overlay" && find . -mindepth 1 | sort) | while read -r p; do
			p=${p#./}
			if [ -d "$overlay/$p" ]; then
				echo "dir /overlay/$p 0755 0 0"
			else
				echo "file /overlay/$p $overlay/$p $(stat -c %a "$overlay/$p") 0 0"
			fi
		done
	fi
} >"$list"
# -t: a fixed time for directories and links (the default is now), so an
# unchanged guest gives the same cpio and its cell is reused.
# Renamed into place: a guest booting the last one reads it whole.
"$gen" -t 0 "$list" >"$out.tmp.$$"
mv "$out.tmp.$$" "$out"
mv "$list" "$out.list"
