#!/bin/sh
# fake-runs.sh DIR: three fake matrix runs of cells 6.1-base-x86_64,
# 6.1-patched-x86_64 and 6.1-debug-x86_64 (ABI x86_64; debug hangs after its first
# case, in run 3 it ends with a kernel splat after passing t.a) through the report into the store RESULTS_DB,
# for the selfcheck and the dashboard check. From run 1 to run 3 on
# patched: t.a regresses, t.c is fixed, t.d flips twice (flaky), t.f
# fails in every run, t.e disappears, t.g differs between REPEAT boots of
# run 3; base's t.b is a declared failure. Run 3's results stay in DIR/res.
set -eu
dir=$1
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$dir"
printf 'base x86_64 t.b\n' >"$dir/xf"
# The cell table (tree 6.1.99; patched's and debug's kernels carry the series: KCIDB's patch set).
series=$(sed -n 's|^\([^#[:space:]][^[:space:]]*\).*|patches/6.1/\1|p' "$here/../../patches/6.1/series" | tr '\n' ' ')
"$here/../selfcheck/fake-table.sh" "$dir/cells.json" tree=6.1:6.1.99 "6.1-base x86_64 x86_64 6.1 base" \
	"6.1-patched x86_64 x86_64 6.1 patched - $series" "6.1-debug x86_64 x86_64 6.1 debug - $series"
ktap() { # NAME:VERDICT... -> one suite "t"
	echo "KTAP version 1"; echo "1..1"
	n=0 bad=
	for c in "$@"; do
		n=$((n + 1))
		case $c in
		*:PASS) echo "    ok $n ${c%:*}" ;;
		*:SKIP) echo "    ok $n ${c%:*} # SKIP fake" ;;
		*) echo "    not ok $n ${c%:*}"; bad="not " ;;
		esac
	done
	echo "${bad}ok 1 t"
}
run() { # RUN_ID PATCHED-CASES...
	id=$1; shift
	rm -rf "$dir/res" "$dir/times"
	mkdir -p "$dir/res/6.1-base/x86_64" "$dir/res/6.1-patched/x86_64" "$dir/res/6.1-debug/x86_64" "$dir/times"
	printf 'KTAP version 1\n1..1\n    ok 1 a\n%s' "${SPLAT:+ok 1 t
}" >"$dir/res/6.1-debug/x86_64/x86_64.ktap"
	echo "${SPLAT:-timeout after 900 s}" >"$dir/res/6.1-debug/x86_64/status"
	echo "booting" >"$dir/res/6.1-debug/x86_64/console.log"
	ktap a:PASS b:FAIL >"$dir/res/6.1-base/x86_64/x86_64.ktap"
	ktap "$@" >"$dir/res/6.1-patched/x86_64/x86_64.ktap"
	echo ok >"$dir/res/6.1-base/x86_64/status"
	echo ok >"$dir/res/6.1-patched/x86_64/status"
	echo "matrix: done" | tee "$dir/res/6.1-base/x86_64/console.log" >"$dir/res/6.1-patched/x86_64/console.log"
	printf 'boot 6.1-base-x86_64\t12.5\t%s\tbooted: ok\n' "$id" >"$dir/times/boot_6.1-base-x86_64"
	printf 'boot 6.1-patched-x86_64\t13.5\t%s\tbooted: ok\n' "$id" >"$dir/times/boot_6.1-patched-x86_64"
	RUN_ID=$id TIMES=$dir/times "$here/../matrix.py" report "$dir/cells.json" "$dir/res" "$dir/xf" \
		"$dir/rep" 6.1-base-x86_64 6.1-patched-x86_64 6.1-debug-x86_64 >"$dir/log" || true
	k=0
	while [ -n "${BOOTS:-}" ]; do
		k=$((k + 1)) b=${BOOTS%%:*}
		mkdir -p "$dir/res/6.1-patched/x86_64/run$k"
		printf 'x86_64.ktap %s\nok\n' "$b" >"$dir/res/6.1-patched/x86_64/run$k/verdicts"
		[ "$b" = "$BOOTS" ] && BOOTS= || BOOTS=${BOOTS#*:}
	done
	RUN_ID=$id "$here/../matrix.py" store ingest --kind matrix --report "$dir/rep" \
		--results "$dir/res" --table "$dir/cells.json"
}
run 1700000000000000000 a:PASS c:FAIL d:PASS e:PASS f:FAIL g:PASS
run 1700000100000000000 a:PASS c:FAIL d:FAIL e:PASS f:FAIL g:PASS
# Run 3 booted patched twice (REPEAT=2): per-boot verdicts as cell.sh writes them.
SPLAT="kernel splat on the console" BOOTS="t.g PASS:t.g FAIL" run 1700000200000000000 a:FAIL c:PASS d:PASS f:FAIL g:PASS
