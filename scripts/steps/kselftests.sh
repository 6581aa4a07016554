#!/bin/sh
# kselftests.sh SRC OUT ABI CROSS_COMPILE ARCH SPEC...
# Build kselftests of the kernel tree SRC for one ABI with that tree's own
# selftests build (make -C tools/testing/selftests TARGETS=..., static
# through its USERLDFLAGS) in OUT/build, and put the programs to run into
# OUT/bin: in the guest each is one more test of that ABI's suite, its KTAP
# nested under it. SPEC is TARGET (every program of that target's run list,
# its emit_tests) or TARGET:PROG,PROG (those only: timers also lists tests
# that run for minutes or set the clock). A program not asked for may fail
# to build (6.1's timers/valid-adjtimex does not link statically): make -k,
# and what counts is that every program asked for is there.
set -eu
src=$1 out=$2 abi=$3 cross=$4 karch=$5; shift 5
unset MAKEFLAGS MFLAGS MAKELEVEL
targets=$(for s in "$@"; do echo "${s%%:*}"; done | sort -u | tr '\n' ' ')
o=$out/build
rm -rf "$o" "${out:?}/bin"
mkdir -p "$o" "$out/bin"
# Debian's x32 cross libc ships libm.a as an ld script naming the native
# multiarch paths (/usr/lib/<triplet>/libm-*.a), which do not exist: a
# copy naming the files beside it goes first on the library path.
libm=$("${cross}gcc" -print-file-name=libm.a)
mkdir -p "$o/lib"
if head -c 64 "$libm" | grep -q 'GNU ld script'; then
	sed "s|/usr/lib/[^/ ]*/\(lib[^/ ]*\.a\)|$(dirname "$libm")/\1|g" "$libm" >"$o/lib/libm.a"
fi
make -k -C "$src/tools/testing/selftests" O="$o" ARCH="$karch" \
	CROSS_COMPILE="$cross" USERLDFLAGS="-static -L$o/lib" TARGETS="$targets" \
	>"$o/build.log" 2>&1 || true
for s in "$@"; do
	t=${s%%:*}
	case $s in
	*:*) progs=$(echo "${s#*:}" | tr ',' ' ') ;;
	*) progs=$(make -s --no-print-directory -C "$src/tools/testing/selftests/$t" \
		COLLECTION="$t" emit_tests 2>/dev/null | sed -n "s|^$t:||p") ;;
	esac
	[ -n "$progs" ] || { echo "kselftests: $t lists no program for $abi" >&2; exit 1; }
	for p in $progs; do
		f=$o/kselftest/$t/$p
		if [ ! -x "$f" ] || ! head -c 4 "$f" | grep -q ELF; then
			echo "kselftests: $t/$p was not built for $abi ($o/build.log):" >&2
			grep -E 'error|Error' "$o/build.log" | tail -n 15 >&2
			exit 1
		fi
		cp "$f" "$out/bin/"
	done
done
