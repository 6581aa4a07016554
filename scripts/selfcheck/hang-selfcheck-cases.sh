# shellcheck shell=sh
# shellcheck disable=SC2154 # t and top are selfcheck.sh's
# A hang costs one test: cases of scripts/selfcheck/selfcheck.sh, sourced by
# it (its check, fails_with, skip, $t and $top). A compat-tests case that
# never returns is ended at its own bound (compat-tests/lib/guard.h); a
# program that never ends, at the guest's (guests/suite.sh), its children
# with it; the next case, program and ABI run. The report, series.txt and
# the mutant table never call a guest that hung "0 broken".
h=$t/hang && mkdir -p "$h/tests" "$h/bin"

# --- guard.h: a throwaway test whose second case hangs (its child holds stdout)
ks=
for f in "$top"/build/*/base/src/tools/testing/selftests/kselftest.h; do
	[ -f "$f" ] && { ks=$f; break; }
done
if [ -n "$ks" ] && command -v gcc >/dev/null; then
	cat >"$h/hangtest.c" <<'C'
#include <signal.h>
#include <unistd.h>
#include "report.h"
static bool ok(void) { return true; }
static bool hang(void) { if (!fork()) pause(); pause(); return true; }
static bool die(void) { raise(SIGSEGV); return true; }
static const struct named_case cases[] = {
	{ "first", ok }, { "hangs", hang }, { "dies", die }, { "last", ok },
};
int main(void) { run_cases(cases, ARRAY_SIZE(cases)); }
C
	gcc -O2 -I"$(dirname "$ks")" -I"$top/compat-tests/lib" -o "$h/hangtest" \
		"$h/hangtest.c" "$top"/compat-tests/lib/*.c
	# Through a pipe, as the guest reads it: the case's child must not keep it open.
	MATRIX_CASE_TIMEOUT=1 timeout 30 "$h/hangtest" 2>&1 | cat >"$h/guard.out"
	check "guard: a case that hangs -> not ok at its bound, its child killed, the next case runs" sh -c \
		"grep -qx 'ok 1 first' '$h/guard.out' &&
		 grep -qx 'not ok 2 hangs # timeout: no result within 1 s, killed' '$h/guard.out' &&
		 grep -qx 'ok 4 last' '$h/guard.out'"
	check "guard: a case that dies -> not ok with its signal" \
		grep -qx 'not ok 3 dies # the case died of signal 11' "$h/guard.out"
	fails_with "guard: MATRIX_CASE_TIMEOUT=x -> named, the test fails" "MATRIX_CASE_TIMEOUT=x: seconds" \
		env MATRIX_CASE_TIMEOUT=x "$h/hangtest"
else
	skip "guard.h on a throwaway hanging test" "no tree's kselftest.h under build/ yet"
fi

# --- guests/suite.sh under the guest's busybox: a program that never ends
bb=${SELFCHECK_BUSYBOX:-}
if [ -x "$bb" ]; then
	"$bb" --install -s "$h/bin"
	printf '#!/bin/sh\necho started\nsleep 1000 &\nsleep 1000\n' >"$h/tests/a-hang"
	printf '#!/bin/sh\necho "1..1"\necho "ok 1 x"\n' >"$h/tests/b-ok"
	printf '#!/bin/sh\nexit 4\n' >"$h/tests/c-skip"
	chmod +x "$h/tests/"*
	s0=$(date +%s)
	env -i PATH="$h/bin" TMPDIR="$h" TEST_TIMEOUT=2 timeout 60 "$bb" sh -c \
		". '$top/guests/suite.sh'; run_suite x86_64 '$h/tests'" 2>&1 | cat >"$h/suite.out"
	s1=$(date +%s)
	check "suite.sh: a program that never ends -> not ok at TEST_TIMEOUT, the next programs run" sh -c \
		"grep -qx 'not ok 1 a-hang # timeout: killed after 2 s' '$h/suite.out' &&
		 grep -qx 'ok 2 b-ok' '$h/suite.out' && grep -qx 'ok 3 c-skip # SKIP' '$h/suite.out' &&
		 grep -qx 'matrix: abi x86_64 end' '$h/suite.out'"
	check "suite.sh: each program's guest time before its verdict (the hung one's about TEST_TIMEOUT)" sh -c \
		"grep -qx '# time a-hang [2-9]\.[0-9][0-9] s' '$h/suite.out' &&
		 grep -qx '# time b-ok [0-9]*\.[0-9][0-9] s' '$h/suite.out'"
	check "suite.sh: what the hung program forked is killed with it (the suite took $((s1 - s0)) s)" \
		sh -c "[ $((s1 - s0)) -lt 30 ] && ! pgrep -f '^sleep 1000\$' >/dev/null"
else
	skip "guests/suite.sh under busybox" "SELFCHECK_BUSYBOX (the host arch's busybox-static) not given"
fi

# --- series.txt and the mutant table with a guest that hung -----------------
r=$h/res
for row in 6.1-base 6.1-patched 6.1-series-x 6.1-mutant-y 6.1-mutant-z; do
	mkdir -p "$r/$row/x86_64"
	echo ok >"$r/$row/x86_64/status"
	echo "matrix: begin Linux" >"$r/$row/x86_64/console.log"
done
printf 'KTAP version 1\n1..1\n    1..2\n    ok 1 a\n    not ok 2 b\nok 1 t\n' >"$r/6.1-base/x86_64/x86_64.ktap"
printf 'KTAP version 1\n1..1\n    1..2\n    ok 1 a\n    ok 2 b\nok 1 t\n' >"$r/6.1-patched/x86_64/x86_64.ktap"
# The series' and mutant y's guests hung before t reported: no row of t.
for row in 6.1-series-x 6.1-mutant-y; do
	printf 'KTAP version 1\n1..1\n    1..2\n    ok 1 a\n' >"$r/$row/x86_64/x86_64.ktap"
	echo "timeout after 900 s" >"$r/$row/x86_64/status"
done
# Mutant z's guest never reached its tests.
echo "guest ended without finishing (qemu exit 1)" >"$r/6.1-mutant-z/x86_64/status"
: >"$r/6.1-mutant-z/x86_64/console.log"
"$top/scripts/selfcheck/fake-table.sh" "$h/cells.json" "6.1-series-x x86_64 x86_64 6.1 series-x" \
	"6.1-mutant-y x86_64 x86_64 6.1 mutant-y 6.1-patched" "6.1-mutant-z x86_64 x86_64 6.1 mutant-z 6.1-patched"
"$top/scripts/matrix.py" series "$h/cells.json" "$r" "$h/series.txt" 6.1-base 6.1-patched 6.1-series-x >/dev/null
check "series.txt: a series whose guest hung -> its unreported cases broken (ERR), the guest named" sh -c \
	"grep -q ': 0 expected failures of base fixed, 1 left failing, 1 cases that pass on base broken' '$h/series.txt' &&
	 grep -qx '  guest x86_64: timeout after 900 s' '$h/series.txt' &&
	 grep -qx '  broken: x86_64 x86_64 t.a (ERR)' '$h/series.txt'"
"$top/scripts/matrix.py" mutants "$h/cells.json" "$r" "$h/mrep" 6.1-mutant-y >/dev/null
check "mutant table: a mutant whose guest hung in its tests -> killed, the hang named" \
	grep -q '^mutant 6.1-mutant-y: killed (1 cases)' "$h/mrep/mutants.txt"
check "mutant table: the hang's line says guest: timeout" \
	grep -q '(guest: timeout after 900 s)' "$h/mrep/mutants.txt"
fails_with "mutant table: a mutant whose guest never reached its tests -> a problem, not a kill" \
	"6.1-mutant-z x86_64 x86_64: guest: guest ended without finishing" \
	"$top/scripts/matrix.py" mutants "$h/cells.json" "$r" "$h/mrep" 6.1-mutant-z
