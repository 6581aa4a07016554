# shellcheck shell=sh
# shellcheck disable=SC2154 # t and top are selfcheck.sh's
# The kselftest's SKIP checks (compat-tests/skip/, flavour nocompat): cases
# of scripts/selfcheck/selfcheck.sh, sourced by it (its check, fails_with, skip, $t
# and $top). The nocompat cell is data: where an arch file says how, on
# the trees with SKIP_TESTS_<t>; kselftest_skip's verdicts on fakes of the
# kselftest, built for this host (its seccomp filter on its own process).
check "nocompat -> one cell, 7.2-nocompat-x86_64, none of 6.1" sh -c \
	"[ \"\$(make -s -C '$top' cells TREES='6.1 7.2' | grep nocompat)\" = 7.2-nocompat-x86_64 ]"
check "nocompat cell -> the patched kernel, ia32_emulation=0, columns x86_64 x32" sh -c \
	"make -s -C '$top' cell-info CELL=7.2-nocompat-x86_64 TREES=7.2 >'$t/nc' &&
	 grep -q '^kernel_row 7.2-patched\$' '$t/nc' && grep -q '^cmdline .* ia32_emulation=0\$' '$t/nc' &&
	 grep -q '^columns x86_64 x32 *\$' '$t/nc'"
check "patched cell -> no ia32_emulation" sh -c \
	"! make -s -C '$top' cell-info CELL=7.2-patched-x86_64 TREES=7.2 | grep -q ia32_emulation"
check "seccomp.config -> in 7.2's kernels (a mutant too), not in 6.1's" sh -c \
	"make -s -C '$top' cell-info CELL=7.2-mutant-a-x86_64 TREES=7.2 | grep -q '^kbuild .*kconfigs/seccomp.config' &&
	 ! make -s -C '$top' cell-info CELL=6.1-patched-x86_64 | grep -q seccomp"
ks=
for f in "$top"/build/*/base/src/tools/testing/selftests/kselftest.h; do
	[ -f "$f" ] && { ks=$f; break; }
done
if [ -n "$ks" ] && command -v gcc >/dev/null; then
	sk=$t/skip
	mkdir -p "$sk/.kselftest"
	for p in kselftest_skip nopersonality; do
		gcc -O2 -I"$(dirname "$ks")" -I"$top/compat-tests/lib" -o "$sk/$p" \
			"$top/compat-tests/skip/$p.c" "$top"/compat-tests/lib/*.c
	done
	# fake SKIP|PASS|FAIL: a kselftest whose sticky case has that verdict.
	fake() {
		case $1 in
		SKIP) l='ok 1 restart.select_sticky.stopped_twice # SKIP personality(): Operation not permitted' ;;
		PASS) l='ok 1 restart.select_sticky.stopped_twice' ;;
		FAIL) l='not ok 1 restart.select_sticky.stopped_twice' ;;
		esac
		printf '#!/bin/sh\necho "1..1"\necho "%s"\n' "$l" >"$sk/.kselftest/select_timeout_test"
		chmod +x "$sk/.kselftest/select_timeout_test"
	}
	fake SKIP
	check "kselftest_skip: sticky cases SKIP under nopersonality -> ok personality_refused" sh -c \
		"'$sk/kselftest_skip' >'$t/ks1'; grep -q '^ok 1 personality_refused\$' '$t/ks1' &&
		 grep -q '^ok 2 compat_off # SKIP' '$t/ks1'"
	fake PASS
	check "kselftest_skip: a sticky case that ran -> not ok personality_refused" sh -c \
		"! '$sk/kselftest_skip' >'$t/ks2'; grep -q '^not ok 1 personality_refused\$' '$t/ks2'"
	fake FAIL
	check "kselftest_skip: a sticky case that failed -> not ok personality_refused" sh -c \
		"! '$sk/kselftest_skip' >'$t/ks3'; grep -q '^not ok 1 personality_refused\$' '$t/ks3'"
	printf '#!/bin/sh\necho "1..0 # SKIP no IA32 emulation"\nexit 4\n' >"$sk/.kselftest/select_timeout_test_compat"
	chmod +x "$sk/.kselftest/select_timeout_test_compat"
	check "kselftest_skip: the starter exits KSFT_SKIP -> ok compat_off" sh -c \
		"'$sk/kselftest_skip' | grep -q '^ok 2 compat_off\$'"
	printf '#!/bin/sh\necho "not ok 1 x"\nexit 1\n' >"$sk/.kselftest/select_timeout_test_compat"
	check "kselftest_skip: the starter fails -> not ok compat_off" sh -c \
		"'$sk/kselftest_skip' | grep -q '^not ok 2 compat_off\$'"
	check "nopersonality alone -> its filter refuses personality() only" sh -c \
		"'$sk/nopersonality' | grep -c '^ok [12] ' | grep -qx 2"
else
	skip "kselftest_skip on fakes of the kselftest" "no tree's kselftest.h under build/ yet"
fi
