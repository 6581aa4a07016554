# shellcheck shell=sh
# shellcheck disable=SC2154 # t and top are selfcheck.sh's
# The results core's cases of scripts/selfcheck/selfcheck.sh, sourced by it (its
# check, fails_with, $t and $top): the KTAP reader and its plan checks
# (scripts/matrix/ktap.py), the report, the kill rule, the time table.
mx=$top/scripts/matrix.py
c=$t/core && mkdir -p "$c"
# One suite: t's cases (a skip among them), then u, which fails with no
# case at all (it crashed before its plan).
printf 'KTAP version 1\n1..2\n    1..3\n    ok 1 a\n    not ok 2 b\n    ok 3 c # SKIP no such call\nnot ok 1 t # exit status 1\nnot ok 2 u # exit status 139\n' >"$c/s.ktap"
"$mx" ktap verdicts "$c/s.ktap" >"$c/v" 2>&1
check "ktap: nested cases named test.case, a skipped case is SKIP" sh -c \
	"grep -qx 't.a PASS' '$c/v' && grep -qx 't.b FAIL' '$c/v' && grep -qx 't.c SKIP' '$c/v'"
check "ktap: a program that failed without a failing case -> a FAIL row of its own" grep -qx 'u FAIL' "$c/v"
check "ktap: plans met -> no plan problem" "$mx" ktap plans "$c/s.ktap"
printf 'KTAP version 1\n1..1\n    1..3\n    ok 1 a\n    ok 2 b\nok 1 t\n' >"$c/short.ktap"
fails_with "ktap: a plan of 3 with 2 results -> named" "short: t has 2 of 3 results" "$mx" ktap plans "$c/short.ktap"
check "ktap: a short plan whose program says ok -> its cases still read" sh -c \
	"'$mx' ktap verdicts '$c/short.ktap' | grep -qx 't.b PASS'"
printf '    ok 1 a\nok 1 t\n' >"$c/noplan.ktap"
fails_with "ktap: no plan -> named" "noplan: no KTAP plan" "$mx" ktap plans "$c/noplan.ktap"
# A guest that died in the middle of program t: its stream ends after t.a.
mkdir -p "$c/res/6.1-base/x86_64"
printf 'KTAP version 1\n1..2\n    1..1\n    ok 1 a\nok 1 hres\n    1..4\n    ok 1 a\n' >"$c/res/6.1-base/x86_64/x86_64.ktap"
echo "guest ended without finishing (qemu exit 0)" >"$c/res/6.1-base/x86_64/status"
echo "[    9.1] reboot: Restarting system" >"$c/res/6.1-base/x86_64/problem"
fails_with "ktap: a stream cut short by a crash -> the unmet plans named" "x86_64: top level has 1 of 2 results" \
	"$mx" ktap plans "$c/res/6.1-base/x86_64/x86_64.ktap"
check "ktap: cases of a program the crash cut short -> no row (not PASS)" sh -c \
	"'$mx' ktap verdicts '$c/res/6.1-base/x86_64/x86_64.ktap' >'$c/cv' && grep -qx 'hres.a PASS' '$c/cv' && ! grep -q '^t\.' '$c/cv'"
mkdir -p "$c/res/6.1-patched/x86_64" && echo ok >"$c/res/6.1-patched/x86_64/status"
printf 'KTAP version 1\n1..2\n    1..1\n    ok 1 a\nok 1 hres\n    1..1\n    ok 1 a\nok 2 t\n' >"$c/res/6.1-patched/x86_64/x86_64.ktap"
"$top/scripts/selfcheck/fake-table.sh" "$c/cells.json" "6.1-patched x86_64 x86_64 6.1 patched" \
	"6.1-base x86_64 x86_64 6.1 base" "6.1-mutant-x x86_64 x86_64 6.1 mutant-x 6.1-patched" \
	"6.1-mutant-u x86_64 x86_64 6.1 mutant-u 6.1-patched"
TIMES='' "$top/scripts/matrix.py" report "$c/cells.json" "$c/res" /dev/null "$c/rep" \
	6.1-patched-x86_64 6.1-base-x86_64 >"$c/out" 2>&1
echo "rc $?" >>"$c/out"
check "report: the crashed cell's cut-short case is ERR, not PASS; the run fails with the reason" sh -c \
	"grep -q '^t\.a  *PASS  *ERR *$' '$c/rep/report.txt' && grep -q 'guest: guest ended without finishing' '$c/rep/report.txt' &&
	 grep -q '^--- 6.1-base x86_64: guest ended' '$c/out' && grep -q 'reboot: Restarting' '$c/out' && grep -qx 'rc 1' '$c/out'"
check "report: ERR in verdicts.tsv and JUnit for the crashed cell" sh -c \
	"grep -q '^6.1-base	x86_64	x86_64	t.a	ERR	0$' '$c/rep/verdicts.tsv' &&
	 grep -q 'name=\"boot\"><failure message=\"guest ended without finishing' '$c/rep/junit.xml'"
check "report: a skipped case is neither passed nor failed, JUnit <skipped/>" sh -c \
	"mkdir -p '$c/sres/6.1-base/x86_64' && echo ok >'$c/sres/6.1-base/x86_64/status' && cp '$c/s.ktap' '$c/sres/6.1-base/x86_64/x86_64.ktap' &&
	 printf 'base x86_64 t.b\nbase x86_64 u\n' >'$c/sxf' &&
	 TIMES= '$top/scripts/matrix.py' report '$c/cells.json' '$c/sres' '$c/sxf' '$c/srep' 6.1-base-x86_64 >/dev/null &&
	 grep -q '1 passed, 2 expected failures, 0 failed' '$c/srep/report.txt' &&
	 grep -q '<testcase classname=\"t\" name=\"c\"><skipped/></testcase>' '$c/srep/junit.xml'"
fails_with "ktap: a KTAP file that is not there -> one line" "ktap: $c/nosuch.ktap: no such KTAP file" \
	"$top/scripts/matrix.py" ktap verdicts "$c/nosuch.ktap"
fails_with "report without its four arguments -> one line" "usage: report TABLE RESULTS EXPECTED OUTDIR" \
	"$top/scripts/matrix.py" report "$c/res"
fails_with "report of a cell the table has not -> one line" "report: 6.1-nope-x86_64: no such cell" \
	"$top/scripts/matrix.py" report "$c/cells.json" "$c/res" /dev/null "$c/rep" 6.1-nope-x86_64
fails_with "mutants without the table -> one line" "mutants: -: no cell table $c/nosuch.json" \
	"$top/scripts/matrix.py" mutants "$c/nosuch.json" "$c/res" "$c/mrep" 6.1-mutant-x
# The kill rule: a kernel splat kills too, named after the cases.
mkdir -p "$c/res/6.1-mutant-x/x86_64" && echo "kernel splat on the console" >"$c/res/6.1-mutant-x/x86_64/status"
cp "$c/res/6.1-patched/x86_64/x86_64.ktap" "$c/res/6.1-mutant-x/x86_64/"
check "mutants: a kernel splat with every case passing -> killed by the console" sh -c \
	"'$top/scripts/matrix.py' mutants '$c/cells.json' '$c/res' '$c/mrep' 6.1-mutant-x &&
	 grep -q 'x86_64 x86_64: 1 killing cases:  (console: kernel splat on the console)' '$c/mrep/mutants.txt'"
cp -r "$c/res/6.1-base" "$c/res/6.1-mutant-u"
fails_with "mutants: a mutant cell that did not finish -> a problem, named" "6.1-mutant-u x86_64 x86_64: guest: guest ended" \
	"$top/scripts/matrix.py" mutants "$c/cells.json" "$c/res" "$c/mrep" 6.1-mutant-u
# The time table alone: this run's stages first, in pipeline order.
mkdir -p "$c/times"
printf 'boot r-x86_64\t2.0\t5\tbooted: ok\n' >"$c/times/boot_r-x86_64"
printf 'kernel r x86_64\t60.0\t5\tbuilt\n' >"$c/times/kernel_r_x86_64"
printf 'deps\t1.0\t4\tdone\n' >"$c/times/deps"
"$top/scripts/matrix.py" timetable "$c/times" 5 >"$c/tt" 2>&1
check "timetable: this run's stages in pipeline order, then those up to date" sh -c \
	"sed -n '2p' '$c/tt' | grep -q '^  kernel r x86_64 .* 60.0 s  built$' && sed -n '3p' '$c/tt' | grep -q '^  boot r-x86_64' &&
	 sed -n '4p' '$c/tt' | grep -q 'up to date, earlier run: done' && grep -q 'this time: 62 s of work' '$c/tt'"
fails_with "timetable: TIMES that is not a directory -> one line" "timetable: $c/nosuch: not a directory" \
	"$top/scripts/matrix.py" timetable "$c/nosuch"
