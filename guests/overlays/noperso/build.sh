#!/bin/sh
# build.sh OUT: a copy of this overlay in OUT with bin/noperso built
# (static x86_64), for make cell ... OVERLAY=OUT (README next to it).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=$1
mkdir -p "$out/bin" "$out/tests.d"
cp "$here/tests.d/select-noperso" "$out/tests.d/"
x86_64-linux-gnu-gcc -O2 -Wall -static -o "$out/bin/noperso" "$here/noperso.c"
