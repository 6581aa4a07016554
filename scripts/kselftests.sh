#!/bin/sh
# kselftests.sh SRC OUT "TARGET..." ABI:CROSS_COMPILE:ARCH...
# Build kselftest TARGETs of the kernel tree SRC with that tree's own
# selftests build (make -C tools/testing/selftests TARGETS=..., static
# through its USERLDFLAGS), once per ABI, into OUT/build-<abi>, and put
# every program it made into OUT/<abi>/: in the guest each is one more test
# of that ABI's suite, its KTAP nested under it.
set -eu
src=$1 out=$2 targets=$3; shift 3
unset MAKEFLAGS MFLAGS MAKELEVEL
for spec in "$@"; do
	abi=${spec%%:*} rest=${spec#*:}
	cross=${rest%%:*} karch=${rest#*:}
	o=$out/build-$abi
	rm -rf "$o" "${out:?}/$abi"
	mkdir -p "$o" "$out/$abi"
	if ! make -C "$src/tools/testing/selftests" O="$o" ARCH="$karch" \
		CROSS_COMPILE="$cross" USERLDFLAGS=-static TARGETS="$targets" \
		>"$o/build.log" 2>&1; then
		echo "kselftests: $targets for $abi did not build ($o/build.log):" >&2
		grep -E 'error|Error' "$o/build.log" | tail -n 15 >&2
		exit 1
	fi
	for t in $targets; do
		n=0
		for p in "$o/kselftest/$t"/*; do
			if [ ! -f "$p" ] || [ ! -x "$p" ]; then continue; fi
			head -c 4 "$p" | grep -q ELF || continue
			cp "$p" "$out/$abi/"
			n=$((n + 1))
		done
		[ "$n" -gt 0 ] || { echo "kselftests: $t built no program for $abi" >&2; exit 1; }
	done
done
