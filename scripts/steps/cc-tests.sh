#!/bin/sh
# cc-tests.sh ABI OUTDIR CC STAMP -- CFLAGS... -- SRC...: build each SRC
# (a test or bench program) statically for ABI into OUTDIR/<name>, with the
# shared compat-tests/lib sources; only those older than their inputs (the
# SRC, the library, STAMP: the uapi headers') are rebuilt.
set -eu
abi=$1 out=$2 cc=$3 stamp=$4; shift 5
cflags=
while [ "$1" != -- ]; do cflags="$cflags $1"; shift; done
shift
lib=$(ls compat-tests/lib/*.c)
note() { [ -z "${TIMED_NOTE:-}" ] || echo "$*" >"$TIMED_NOTE"; }
mkdir -p "$out"
n=0
for src in "$@"; do
	bin=$out/$(basename "$src" .c)
	if [ -f "$bin" ] && [ -z "$(find "$src" compat-tests/lib "$stamp" -newer "$bin" 2>/dev/null | head -n 1)" ]; then
		continue
	fi
	echo "    CC $abi/${bin##*/}"
	# shellcheck disable=SC2086 # word lists
	$cc $cflags -DABI_NAME="\"$abi\"" -o "$bin" "$src" $lib
	n=$((n + 1))
done
note "$n of $# built"
