#!/bin/sh
# selfcheck.sh: the harness's own checks, each a fault it must report
# clearly, as KTAP (the plan counted for us: results are collected, then
# printed). Fast: fake guests and trees, no kernel build.
# Every self-test of the harness, from here (make selfcheck):
#   scripts/selfcheck/*-selfcheck-cases.sh   sourced below (results core and
#                                           store, b4-prep, the SKIP checks, distro,
#                                           a hang costs one test, make mutation,
#                                           a new arch or flavour is one file)
#   scripts/matrix/lava/selfcheck*.py, scripts/lava/refs/  through lava.sh
#                                           selfcheck and lava.sh refs
# and the three that need more than a fake, each its own target:
#   make culprit-check    scripts/series/culprit-check.sh (builds kernels)
#   make dashboard-check  scripts/results/dashboard-check.sh (Chromium;
#                         part of make check)
#   make lab-selfcheck     scripts/selfcheck/lab-selfcheck.sh (root, a LAVA server)
# and one measurement: scripts/selfcheck/cold-ci.sh DIR (root: .ci/run in a
# fresh bookworm chroot, empty caches; docs/measurements.md).
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
pass=0 fail=0 skip=0 n=0
: >"$t/results"

result() { # VERDICT NAME [DETAIL-FILE]
	n=$((n + 1))
	echo "$1 $n $2" >>"$t/results"
	[ -z "${3:-}" ] || sed 's/^/# /' "$3" >>"$t/results"
}
# check NAME CMD...: CMD must succeed.
check() {
	name=$1; shift
	if "$@" >"$t/out" 2>&1; then
		pass=$((pass + 1)); result ok "$name"
	else
		fail=$((fail + 1)); result "not ok" "$name" "$t/out"
	fi
}
# fails_with NAME PATTERN CMD...: CMD must fail and print PATTERN.
fails_with() {
	name=$1 pat=$2; shift 2
	if "$@" >"$t/out" 2>&1; then
		fail=$((fail + 1)); result "not ok" "$name # succeeded" "$t/out"
	elif grep -q -- "$pat" "$t/out"; then
		pass=$((pass + 1)); result ok "$name"
	else
		fail=$((fail + 1)); result "not ok" "$name # no '$pat'" "$t/out"
	fi
}
skip() { skip=$((skip + 1)); result ok "$1 # SKIP $2"; }

# --- fake QEMU: boot.sh's verdicts -------------------------------------------
mkdir -p "$t/bin"
cat >"$t/bin/fake-qemu" <<'EOF'
#!/bin/sh
case $FAKE in
hang) echo "booting"; sleep 60 ;;
panic) echo "[    0.1] Kernel panic - not syncing: Attempted to kill init!" ;;
early) echo "[    0.1] reboot: Restarting system" ;;
calib) # fails the TSC calibration on the first boot only
	if [ ! -f "$FAKE_STATE" ]; then touch "$FAKE_STATE"
		echo "[    0.0] tsc: Unable to calibrate against PIT"; exit 0; fi
	printf 'matrix: begin\nmatrix: abi x86_64 begin\nKTAP version 1\n1..0\nmatrix: abi x86_64 end\nmatrix: done\n' ;;
ok) printf 'matrix: begin\nmatrix: abi x86_64 begin\nKTAP version 1\n1..1\n    # summary: fake figure\n    ok 1 a\n    not ok 2 b\n[    1.0] noise\nnot ok 1 t # exit status 1\nmatrix: abi x86_64 end\nmatrix: done\n' ;;
esac
EOF
chmod +x "$t/bin/fake-qemu"
export FAKE_STATE="$t/calib"
boot() { FAKE=$1 BOOT_RETRY='tsc: Unable to calibrate against PIT' \
	"$top/scripts/boot/boot.sh" "$t/res/base/x86_64" 2 k i "" "$t/bin/fake-qemu"; }

boot hang
check "guest hang -> timeout after N s" grep -qx "timeout after 2 s" "$t/res/base/x86_64/status"
check "guest hang -> console tail kept" grep -q booting "$t/res/base/x86_64/problem"
boot panic
check "panic -> splat with the oops shown" sh -c "grep -q splat '$t/res/base/x86_64/status' && grep -q 'Kernel panic' '$t/res/base/x86_64/problem'"
boot early
check "guest that does not finish -> failure" grep -q "without finishing" "$t/res/base/x86_64/status"
boot calib 2>/dev/null
check "arch's BOOT_RETRY line (TSC calibration) -> booted again, first log kept" sh -c \
	"grep -qx ok '$t/res/base/x86_64/status' && grep -q calibrate '$t/res/base/x86_64/console.log.try1'"
boot ok
check "console split into KTAP, kernel lines dropped" sh -c "! grep -q noise '$t/res/base/x86_64/x86_64.ktap' && grep -q '    ok 1 a' '$t/res/base/x86_64/x86_64.ktap'"

# --- the report: expectations -------------------------------------------------
# The cells of these cases, in a cell table as make writes it.
"$top/scripts/selfcheck/fake-table.sh" "$t/table.json" "base x86_64 x86_64 6.1 base" "7.2-base x86_64 x86_64 7.2 base" \
	"mutant-a x86_64 x86_64 6.1 mutant-a patched" "mutant-b x86_64 x86_64 6.1 mutant-b patched" \
	"7.2-mutant-b x86_64 x86_64 7.2 mutant-b 7.2-patched"
printf 'base x86_64 t.b\n' >"$t/xf"
check "declared failure that fails -> pass" \
	"$top/scripts/matrix.py" report "$t/table.json" "$t/res" "$t/xf" "$t/rep" base-x86_64
check "summary line shown under its cell" grep -q '^    fake figure$' "$t/rep/report.txt"
check "report writes JUnit" grep -q '<testcase classname="t" name="b"><system-out>expected' "$t/rep/junit.xml"
: >"$t/xf0"
fails_with "undeclared failure -> FAILED row" "FAILED: t.b" \
	"$top/scripts/matrix.py" report "$t/table.json" "$t/res" "$t/xf0" "$t/rep" base-x86_64
printf 'base x86_64 t.a\nbase x86_64 t.b\n' >"$t/xf2"
fails_with "expected failure that passes -> XPASS fails" "XPASS" \
	"$top/scripts/matrix.py" report "$t/table.json" "$t/res" "$t/xf2" "$t/rep" base-x86_64
printf 'base x86_64 t.b\nbase * nosuch.*\n' >"$t/xf3"
fails_with "stale expectation -> fails" "matches no test" \
	"$top/scripts/matrix.py" report "$t/table.json" "$t/res" "$t/xf3" "$t/rep" base-x86_64
printf 'base x86_64 t.b\nbase armhf t.*\n' >"$t/xf4"
check "expectation for an ABI not run -> not stale" \
	"$top/scripts/matrix.py" report "$t/table.json" "$t/res" "$t/xf4" "$t/rep" base-x86_64
printf 'base x86_64:x86_64 t.b\n' >"$t/xq5"
check "arch:abi expectation under its arch -> applies" \
	"$top/scripts/matrix.py" report "$t/table.json" "$t/res" "$t/xq5" "$t/rep" base-x86_64
printf 'base other:x86_64 t.b\n' >"$t/xq6"
check "arch:abi expectation under another arch -> not applied, not stale" sh -c \
	"! '$top/scripts/matrix.py' report '$t/table.json' '$t/res' '$t/xq6' '$t/rep' base-x86_64 >'$t/oq6' &&
	 grep -q 'FAILED: t.b' '$t/oq6' && ! grep -q 'matches no test' '$t/oq6'"
# Trees: a row <tree>-<flavour> is that flavour of another tree; an
# expectation "<tree>:<flavour>" holds there only, a plain one everywhere.
rm -rf "$t/res/7.2-base" && cp -r "$t/res/base" "$t/res/7.2-base"
printf 'base x86_64 t.b\n' >"$t/xf5"
check "plain expectation -> holds on every tree" env DEFAULT_TREE=6.1 \
	"$top/scripts/matrix.py" report "$t/table.json" "$t/res" "$t/xf5" "$t/rep" base-x86_64 7.2-base-x86_64
check "report with another tree -> a tree line above the variants" \
	grep -q '^tree  *6.1  *7.2 *$' "$t/rep/report.txt"
printf '7.2:base x86_64 t.b\n' >"$t/xf6"
fails_with "tree-qualified expectation -> not on the default tree" "FAILED: t.b" env DEFAULT_TREE=6.1 \
	"$top/scripts/matrix.py" report "$t/table.json" "$t/res" "$t/xf6" "$t/rep" base-x86_64 7.2-base-x86_64
printf '6.1:base x86_64 t.b\n7.2:base x86_64 t.b\n' >"$t/xf7"
check "tree-qualified expectations, one per tree -> pass" env DEFAULT_TREE=6.1 \
	"$top/scripts/matrix.py" report "$t/table.json" "$t/res" "$t/xf7" "$t/rep" base-x86_64 7.2-base-x86_64
printf '6.12:base x86_64 t.b\nbase x86_64 t.b\n' >"$t/xf8"
check "expectation of a tree not run -> not stale" env DEFAULT_TREE=6.1 \
	"$top/scripts/matrix.py" report "$t/table.json" "$t/res" "$t/xf8" "$t/rep" base-x86_64
fails_with "tree that cannot be had -> one line" "tree 6.1: linux-source-6.1 is not installed" \
	"$top/scripts/steps/fetch-source.sh" 6.1 linux-source-6.1 "$t/nosuch/linux-source-6.1.tar.xz"
fails_with "unknown tree -> one line" "TREES=nope: no such tree" \
	make -s -C "$top" cells TREES=nope
rm -rf "$t/res/7.2-base"
boot hang
fails_with "hung cell -> report fails with the reason" "timeout after 2 s" \
	"$top/scripts/matrix.py" report "$t/table.json" "$t/res" "$t/xf" "$t/rep" base-x86_64

# --- tree.sh: a patch that does not apply is named ------------------------------
g="git -c user.name=t -c user.email=t@t"
mkdir -p "$t/tree/base/src" "$t/p"
(cd "$t/tree/base/src" && $g init -q && echo one >f && $g add f &&
	$g commit -q -m base && $g tag base)
cat >"$t/p/bad.patch" <<'EOF'
From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001
From: t <t@t>
Subject: [PATCH] bad

---
 f | 2 +-
 1 file changed, 1 insertion(+), 1 deletion(-)

diff --git a/f b/f
--- a/f
+++ b/f
@@ -1 +1 @@
-two
+three
EOF
echo bad.patch >"$t/p/series"
fails_with "patch that does not apply -> named" "does not apply: bad.patch" \
	"$top/scripts/steps/tree.sh" derive "$t/tree/base/src" "$t/tree/patched" "$t/p/bad.patch"

# --- kbuild.sh: a build failure shows the compiler's last lines -----------------
mkdir -p "$t/ksrc" "$t/kobj"
printf 'all bzImage:\n\t@echo "  CC      x.o"; echo "x.c:1:1: error: expected ; before }" >&2; exit 1\n' >"$t/ksrc/Makefile"
printf 'CONFIG_X=y\n' >"$t/frag"
touch -d '2000-01-01' "$t/frag"
: >"$t/kobj/.config"
fails_with "build failure -> last compiler lines" "x.c:1:1: error" \
	"$top/scripts/steps/kbuild.sh" "$t/ksrc" "$t/kobj" x86_64 "" bzImage "$t/frag"

# --- cache.sh: products by content key; a damaged entry is rebuilt, never used ---
export MATRIX_CACHE="$t/cache"
mkdir -p "$t/prod/a/b" && echo image >"$t/prod/a/b/img" && echo 6.1.0 >"$t/prod/rel"
"$top/scripts/steps/cache.sh" put kernel k1 "$t/prod" a/b/img rel
check "cache: a stored entry comes back whole" sh -c \
	"'$top/scripts/steps/cache.sh' get kernel k1 '$t/got' && cmp '$t/got/a/b/img' '$t/prod/a/b/img' && cmp '$t/got/rel' '$t/prod/rel'"
echo imag >"$t/cache/kernel/k1/files/a/b/img"
fails_with "cache: a corrupt entry -> one line, removed" "cache: kernel k1: checksum mismatch" \
	"$top/scripts/steps/cache.sh" get kernel k1 "$t/got2"
check "cache: the corrupt entry is gone (a miss, not a boot of it)" sh -c \
	"! '$top/scripts/steps/cache.sh' get kernel k1 '$t/got3' && [ ! -e '$t/cache/kernel/k1' ]"
"$top/scripts/steps/cache.sh" put kernel k1 "$t/prod" a/b/img rel
check "cache: MATRIX_CACHE=off never hits" sh -c \
	"! MATRIX_CACHE=off '$top/scripts/steps/cache.sh' get kernel k1 '$t/got4'"
head -c 1500000 /dev/zero >"$t/prod/big"
touch -d '2001-01-01' "$t/cache/kernel/k1"
check "cache: the least recently used entry goes over the bound" sh -c \
	"MATRIX_CACHE_MAX=1 '$top/scripts/steps/cache.sh' put kernel k2 '$t/prod' big && \
	[ ! -e '$t/cache/kernel/k1' ] && [ -e '$t/cache/kernel/k2' ]"
fails_with "cache: MATRIX_CACHE=relative -> one line" "MATRIX_CACHE=rel: an absolute path" \
	env MATRIX_CACHE=rel "$top/scripts/steps/cache.sh" info
# kbuild.sh: a kernel any clone built is taken from the cache, make not run.
mkdir -p "$t/k2src" "$t/k2obj"
# shellcheck disable=SC2016 # make's $(O), not the shell's
printf 'bzImage:\n\t@echo built >$(O)/bzImage; mkdir -p $(O)/include/config; echo 6.1.0 >$(O)/include/config/kernel.release\n' \
	>"$t/k2src/Makefile"
git -C "$t/k2src" init -q && git -C "$t/k2src" add Makefile &&
	git -C "$t/k2src" -c user.name=t -c user.email=t@t commit -q -m k
: >"$t/k2obj/.config"
"$top/scripts/steps/kbuild.sh" "$t/k2src" "$t/k2obj" x86_64 "" bzImage "$t/frag" >/dev/null 2>&1
rm -rf "$t/k2obj" && mkdir -p "$t/k2obj" && : >"$t/k2obj/.config"
check "kbuild.sh: a cached kernel is copied, not built" sh -c \
	"TIMED_NOTE='$t/note' '$top/scripts/steps/kbuild.sh' '$t/k2src' '$t/k2obj' x86_64 '' bzImage '$t/frag' && \
	grep -qx 'from cache' '$t/note' && grep -qx built '$t/k2obj/bzImage' && [ -f '$t/k2obj/include/config/kernel.release' ]"
unset MATRIX_CACHE

# --- kconfig.sh: a requested symbol that does not land fails ---------------------
# The cases on the 6.1 tree run once it is made (its stamp; the tag is its
# last step): a cold make check unpacks it beside selfcheck.
tree61() { [ -f "$top/build/6.1/base/.tree" ] && git -C "$top/build/6.1/base/src" rev-parse -q --verify base >/dev/null 2>&1; }
if tree61; then
	printf 'CONFIG_NO_SUCH_SYMBOL=y\n' >"$t/nosuch.config"
	fails_with "kconfig symbol that does not land -> named" "CONFIG_NO_SUCH_SYMBOL" \
		"$top/scripts/steps/kconfig.sh" "$top/build/6.1/base/src" "$t/kcfg" x86_64 "$t/nosuch.config"
else
	skip "kconfig symbol that does not land -> named" "no kernel tree yet (build/6.1/base/src)"
fi

# --- deps.sh: non-root with a package missing prints the apt-get line ------------
# The script on stdin: nobody may not read a checkout under /root.
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null; then
	fails_with "missing package as non-root -> apt-get line" \
		"apt-get update && apt-get install -y --no-install-recommends.* no-such-package-xyz" \
		sh -c "DEPS_EXTRA=no-such-package-xyz setpriv --reuid=65534 --regid=65534 \
		--clear-groups sh -c 'cd / && exec sh -s' <'$top/scripts/steps/deps.sh'"
else
	skip "missing package as non-root -> apt-get line" "needs root and setpriv to drop to nobody"
fi

# --- cell.sh: content-keyed reuse, RERUN, REPEAT flake detection ---------------
: >"$t/k"; : >"$t/i"
cat >"$t/bin/count-qemu" <<'EOF'
#!/bin/sh
# Counts its boots; with FLIP set, case b alternates between runs.
n=$(cat "$COUNT" 2>/dev/null || echo 0); n=$((n + 1)); echo $n >"$COUNT"
v=ok; [ -n "${FLIP:-}" ] && [ $((n % 2)) = 0 ] && v="not ok"
printf 'matrix: abi x86_64 begin\nKTAP version 1\n1..1\n    ok 1 a\n    %s 2 b\nok 1 t\nmatrix: abi x86_64 end\nmatrix: done\n' "$v"
EOF
chmod +x "$t/bin/count-qemu"
export COUNT="$t/count"
cell() { "$top/scripts/boot/cell.sh" "$t/cell/base/x86_64" 5 "$t/k" "$t/i" "$@" "$t/bin/count-qemu"; }
cell "console=x"; cell "console=x"
check "unchanged kernel, initramfs, command line -> reused, not booted" grep -qx 1 "$COUNT"
RERUN=1 cell "console=x"
check "RERUN=1 -> booted again" grep -qx 2 "$COUNT"
cell "console=y"
check "changed command line -> booted again" grep -qx 3 "$COUNT"
echo changed >"$t/k"; cell "console=y"
check "changed kernel image -> booted again" grep -qx 4 "$COUNT"
REPEAT=3 cell "console=y"
check "REPEAT=3, stable rows -> ok after 3 boots" sh -c "grep -qx 7 '$COUNT' && grep -qx ok '$t/cell/base/x86_64/status'"
FLIP=1 REPEAT=2 RERUN=1 cell "console=y"
check "REPEAT=2, a row that differs -> flaky, the row named" sh -c \
	"grep -q '^flaky' '$t/cell/base/x86_64/status' && grep -q 't.b' '$t/cell/base/x86_64/problem'"
check "ktap verdicts names nested cases test.case" sh -c \
	"'$top/scripts/matrix.py' ktap verdicts '$t/cell/base/x86_64/run1/x86_64.ktap' | grep -qx 't.b FAIL'"

# --- the report: reuse mark and time table -------------------------------------
mkdir -p "$t/times"
RERUN=1 cell "console=y"
printf 'boot base-x86_64\t0.1\t42\treused (same kernel, initramfs, command line)\n' >"$t/times/boot_base-x86_64"
printf 'kernel base x86_64\t61.0\t41\tbuilt, ccache 900/901 hits\n' >"$t/times/kernel_base_x86_64"
check "report marks a reused cell and ends with the time table" sh -c \
	"TIMES='$t/times' RUN_ID=42 '$top/scripts/matrix.py' report '$t/table.json' '$t/cell' /dev/null '$t/rep2' base-x86_64 &&
	 grep -q 'ok (reused)' '$t/rep2/report.txt' && grep -q 'up to date, earlier run: built, ccache 900/901' '$t/rep2/report.txt'"
# A sub-make of the same run finding a kernel up to date keeps the build's record.
check "timed.sh: same run, up to date -> the build's record kept; next run -> replaced" sh -c \
	"RUN_ID=7 '$top/scripts/steps/timed.sh' '$t/tt' 'kernel k' sleep 0.2 &&
	 RUN_ID=7 '$top/scripts/steps/timed.sh' '$t/tt' 'kernel k' sh -c 'echo \"up to date\" >\"\$TIMED_NOTE\"' &&
	 grep -q '	7	done' '$t/tt/kernel_k' &&
	 RUN_ID=8 '$top/scripts/steps/timed.sh' '$t/tt' 'kernel k' sh -c 'echo \"up to date\" >\"\$TIMED_NOTE\"' &&
	 grep -q '	8	up to date' '$t/tt/kernel_k'"

# --- the kill rule: a mutant is killed only by a case that passes on patched ---
mk() { mkdir -p "$t/mres/$1/x86_64"; echo ok >"$t/mres/$1/x86_64/status"
	printf '    %s 1 a\n    %s 2 b\nok 1 t\n' "$2" "$3" >"$t/mres/$1/x86_64/x86_64.ktap"; }
mk patched ok "not ok"; mk mutant-a "not ok" ok; mk mutant-b ok "not ok"
check "mutant failing a case that passes on patched -> killed, case named" sh -c \
	"'$top/scripts/matrix.py' mutants '$t/table.json' '$t/mres' '$t/mrep' mutant-a &&
	 grep -q 'killed (1 cases)' '$t/mrep/mutants.txt' && grep -q 't.a' '$t/mrep/mutants.txt'"
check "mutant whose arches are not run -> named as not run, not a failure" sh -c \
	"'$top/scripts/matrix.py' mutants '$t/table.json' '$t/mres' '$t/mrep' mutant-a mutant-d &&
	 grep -q 'mutant mutant-d: not run' '$t/mrep/mutants.txt'"
fails_with "mutant failing only what patched fails too -> SURVIVED" "mutant mutant-b: SURVIVED" \
	"$top/scripts/matrix.py" mutants "$t/table.json" "$t/mres" "$t/mrep" mutant-b
# Another tree's mutant against that tree's patched (here the reverse of patched's).
mk 7.2-patched "not ok" ok; mk 7.2-mutant-b ok "not ok"
check "a tree's mutant is compared with that tree's patched -> killed by t.b" sh -c \
	"'$top/scripts/matrix.py' mutants '$t/table.json' '$t/mres' '$t/mrep' 7.2-mutant-b &&
	 grep -q 't.b' '$t/mrep/mutants.txt'"

# --- the Makefile checks what it is asked before any work ----------------------
# Every knob's bad values (scripts/selfcheck/knobs-selfcheck-cases.sh).
# shellcheck source=SCRIPTDIR/knobs-selfcheck-cases.sh
. "$here/knobs-selfcheck-cases.sh"
check "TRINITY_CALLS=, TRINITY_S= -> on the debug cell's command line" sh -c \
	"make -s -C '$top' cell-info CELL=6.1-debug-x86_64 TRINITY_CALLS=5 TRINITY_S=7 | grep -q 'matrix.trinity_calls=5 matrix.trinity_s=7'"
# guests/debug/trinity's verdict on trinity's own count, with a fake trinity.
mkdir -p "$t/tri/ov" "$t/tri/proc/sys/kernel" "$t/tri/tmp"
echo 0 >"$t/tri/proc/sys/kernel/tainted"; echo "5.00 1.00" >"$t/tri/proc/uptime"
# shellcheck disable=SC2016 # $FAKE_RAN expands in the fake, not here
printf '#!/bin/sh\necho "[main] Ran $FAKE_RAN syscalls. Successes: 1  Failures: 2"\n' >"$t/tri/ov/pkgrun"
chmod +x "$t/tri/ov/pkgrun"
tri() { # RAN ARG TABLE: ARG as guests/init exports it
	env FAKE_RAN="$1" "$2" MATRIX_PROC="$t/tri/proc" MATRIX_OVERLAY="$t/tri/ov" TMPDIR="$t/tri/tmp" \
		"$top/guests/debug/trinity" "$3"
}
fails_with "trinity: a table below its count -> not ok, the count named" \
	"not ok 1 trinity_calls_32 # 430 syscalls < 10000 in 0 s" tri 430 MATRIX_ARG_trinity_seed=7 32
fails_with "trinity: no count printed (trinity died) -> not ok, 0 calls" \
	"not ok 1 trinity_calls_64 # 0 syscalls < 50" tri "" MATRIX_ARG_trinity_calls=50 64
check "trinity: the count reached -> ok, count and seed named" sh -c \
	"$(command -v env) FAKE_RAN=10005 MATRIX_PROC='$t/tri/proc' MATRIX_OVERLAY='$t/tri/ov' TMPDIR='$t/tri/tmp' \
	'$top/guests/debug/trinity' 64 | grep -q 'ok 1 trinity_calls_64 # 10005 syscalls in 0 s, exit 0, seed'"
fails_with "cold-ci.sh: DIR that exists -> one line" "cold-ci: DIR=$t exists" \
	"$top/scripts/selfcheck/cold-ci.sh" "$t"
fails_with "cold-ci.sh: REV that is no commit -> one line" "cold-ci: REV=nosuchrev: no such commit" \
	"$top/scripts/selfcheck/cold-ci.sh" "$t/new" nosuchrev
fails_with "make lava ARTIFACT_URL=notaurl -> one line before any build" "ARTIFACT_URL='notaurl' is not a URL" \
	make -s -C "$top" -n lava ARTIFACT_URL=notaurl
fails_with "make lab ARTIFACT_URL=notaurl -> make lab's one line (lab: <first cell>:) before any build" \
	"lab: 6.1-base-arm: ARTIFACT_URL='notaurl' is not a URL" \
	make -s -C "$top" -n lab ARTIFACT_URL=notaurl LAVA_IDENTITY=x LAVA_CELLS=6.1-base-arm
fails_with "SERIES= that does not exist -> one line before any work" "series: SERIES=/nonexistent: no such file or folder" \
	make -s -C "$top" -n matrix SERIES=/nonexistent
fails_with "SERIES= with no patch (a cover letter alone) -> one line" "no patches in it (no mail with a diff)" \
	make -s -C "$top" -n matrix SERIES="$top/patches/6.1/0000-cover-letter.patch"
check "SERIES= of the sample mbox -> its row on every arch" sh -c \
	"make -s -C '$top' cells SERIES='$top/docs/samples/series-v1.mbox' | grep -c '^6.1-series-90dbe688-' | grep -qx 4"
# A patch that does not apply: named, and no branch left behind.
if tree61; then
	fails_with "SERIES= for another tree -> the first patch that does not apply, named" \
		'patch 2/5 "select: saturate the seconds a large tv_usec carries" does not apply to base' \
		"$top/scripts/series/series-apply.sh" "$top/build/6.1/base/src" series-selfcheck base "$top/patches/7.2"
	check "... and no branch left" sh -c "[ -z \"\$(git -C '$top/build/6.1/base/src' branch --list series-selfcheck)\" ]"
else
	skip "SERIES= for another tree -> the first patch that does not apply, named" "no 6.1 tree yet"
fi
# README's targets table (the "## Targets" section) and the Makefile agree:
# every "make <target>" in the table's first column is a target of make's
# database (make -p), and every .PHONY target is in the table, but these
# internal ones (make check's stages, lava-check's parts, lab's argument
# check, make mutation's sub-make, lab-selftest: lab-selfcheck's old name, one
# line naming it). "<tree>" in the table stands for any name.
internal_targets='FORCE check-kernels check-lava check-mutants check-trees check-dashboard lava-validate lava-run-* lab-args
	mutation-run lab-selftest'
targets_agree() {
	db=$(MAKEFLAGS='' make -s -C "$top" -pq FORCE 2>&1)
	known=$(echo "$db" | awk '/^# Not a target:/ { skip = 1; next }
		/^[A-Za-z0-9_.\/-]+:([^=]|$)/ { if (!skip) { sub(/:.*/, ""); print } } { skip = 0 }')
	phony=$(echo "$db" | sed -n 's/^\.PHONY: //p')
	listed=$(awk '/^## / { on = ($0 == "## Targets") } on && /^\|/' "$top/README.md" |
		cut -d'|' -f2 | grep -o 'make [a-z][a-z0-9.<>_-]*' | sed 's/^make //; s/<[^>]*>/*/g' | sort -u)
	[ -n "$listed" ] || { echo "README.md: no 'make <target>' in the table under '## Targets'"; return 1; }
	[ -n "$phony" ] || { echo "make -p printed no .PHONY targets:"; echo "$db" | tail -n 5; return 1; }
	bad=0
	# Patterns on purpose: "<tree>" became "*", and lava-run-* is internal.
	# shellcheck disable=SC2254
	for r in $listed; do
		hit=
		for k in $known; do case $k in $r) hit=y; break ;; esac; done
		[ -n "$hit" ] || { echo "README's targets table: make $r: the Makefile has no such target"; bad=1; }
	done
	# shellcheck disable=SC2254
	for p in $phony; do
		hit=
		for r in $internal_targets $listed; do case $p in $r) hit=y; break ;; esac; done
		[ -n "$hit" ] || { echo "Makefile: .PHONY target $p is not in README's targets table"; bad=1; }
	done
	[ "$bad" = 0 ]
}
check "README's targets table and the Makefile's targets agree" targets_agree
# check-mutants boots the mutants of every tree in TREES: their kernels
# belong to the check's kernel chain, not to the sub-make's own builds.
# pmake: make with none of the caller's knobs (selfcheck runs inside make
# check and check-all, whose command-line variables are in the environment).
pmake() { env -i PATH="$PATH" HOME="$HOME" make -s -C "$top" "$@"; }
# dline GOAL KNOBS: the disk check's line of a cold run (the kernels it builds).
dline() { pmake -n "$@" B="$t/cold" 2>/dev/null | grep -m1 '^scripts/steps/disk.sh'; }
line=$(dline check CHECK_STAGES=default TREES="6.1 6.12")
check "make check TREES=\"6.1 6.12\" -> 6.12's mutant kernels in the check's chain" \
	sh -c "echo '$line' | grep -q '/6.12/shared-mutants/obj/x86_64:'"
# make check: base and patched of the default tree on x86_64 and arm64, the
# mutants on x86_64; no native 32-bit kernel, KASAN guest or other tree.
kobjs() { dline "$@" | grep -o 'obj/[^:]*:' | sort -u | tr '\n' ' '; }
check "make check -> 6.1 base and patched on x86_64 and arm64, mutants on x86_64, nothing else" \
	test "$(kobjs check CHECK_STAGES=default)" = 'obj/6.1-base-arm64: obj/6.1-base-x86_64: obj/6.1-patched-arm64: obj/6.1-patched-x86_64: obj/x86_64: '
check "make matrix -> every arch and the debug guest" \
	sh -c "echo '$(kobjs matrix)' | grep -q 'obj/6.1-patched-arm: .*obj/6.1-patched-i386: ' && echo '$(kobjs matrix)' | grep -q 'obj/6.1-debug-x86_64:'"
check "make check CHECK_ARCHES=\"x86_64 i386\" CHECK_DEBUG_ARCHES=x86_64 -> i386's kernels and the debug guest" \
	test "$(kobjs check CHECK_ARCHES="x86_64 i386" CHECK_DEBUG_ARCHES=x86_64)" = \
	'obj/6.1-base-i386: obj/6.1-base-x86_64: obj/6.1-debug-x86_64: obj/6.1-patched-i386: obj/6.1-patched-x86_64: obj/x86_64: '
check "ARCH_arm64_DEBUG=y: make check CHECK_DEBUG_ARCHES=\"x86_64 arm64\" -> the arm64 debug kernel" \
	sh -c "echo '$(kobjs check CHECK_STAGES=default ARCH_arm64_DEBUG=y CHECK_DEBUG_ARCHES="x86_64 arm64")' | grep -q 'obj/6.1-debug-arm64:'"
fails_with "make check whose arches have none of CHECK_MUTANT_ARCHES -> one line, not 0 mutants passed" \
	"CHECK_MUTANT_ARCHES=x86_64: none of make check's ARCHES (arm64)" \
	pmake -n check CHECK_ARCHES=arm64

# --- disk.sh: no room is one line before any work, not ENOSPC mid-build --------
mkdir -p "$t/disk/base/obj/k" "$t/disk/wt"
touch "$t/disk/base/.tree"
fails_with "cold items, too little room -> one disk: line with the count" \
	"disk: .* needs about 4.8 GiB (1 source trees, 1 worktrees, 2 kernels" \
	env DISK_AVAIL_MIB=1000 "$top/scripts/steps/disk.sh" "$t/disk" 2800 1700 200 0 0 \
	"$t/disk/x/obj/a:$t/disk/x/.tree:" "$t/disk/x/obj/b:$t/disk/x/.tree:$t/disk/y/src" \
	"$t/disk/x/obj/b:$t/disk/x/.tree:$t/disk/y/src"
check "built items, 300 MiB free -> nothing to say" \
	env DISK_AVAIL_MIB=300 "$top/scripts/steps/disk.sh" "$t/disk/not/yet" 2800 1700 200 1500 0 \
	"$t/disk/base/obj/k:$t/disk/base/.tree:$t/disk/wt"
fails_with "free space that is not a number -> one line, not a silent pass" \
	"disk: cannot read the free space of" \
	env DISK_AVAIL_MIB=x "$top/scripts/steps/disk.sh" "$t/disk" 2800 1700 200 0 0 \
	"$t/disk/base/obj/k:$t/disk/base/.tree:$t/disk/wt"
fails_with "nothing to build, 100 MiB free -> one line that says so, not 'for the rest'" \
	"disk: .* needs about 0.2 GiB (nothing to build: results and reports)" \
	env DISK_AVAIL_MIB=100 "$top/scripts/steps/disk.sh" "$t/disk" 2800 1700 200 1500 500 \
	"$t/disk/base/obj/k:$t/disk/base/.tree:$t/disk/wt"
fails_with "ccache on build/'s filesystem -> counted when kernels are built" \
	"disk: .* needs about 3.4 GiB (0 source trees, 0 worktrees, 1 kernels not built yet, 2.2 GiB for the rest, 1.0 GiB for ccache)" \
	env DISK_AVAIL_MIB=1000 CCACHE_DIR="$t/disk/cc" "$top/scripts/steps/disk.sh" "$t/disk" 2800 1700 200 2250 1024 \
	"$t/disk/base/obj/new:$t/disk/base/.tree:$t/disk/wt"
# CI's clone once had 17 GiB left when objcopy failed at 948 s: a cold
# make check (one tree, 4 kernels and the mutants' since 7.2 went to
# check-all) says so first.
line=$(dline check CHECK_STAGES=default)
fails_with "cold make check with 7.8 GiB -> refused before any work" \
	"disk: 7.8 GiB free .* (1 source trees, 2 worktrees, 5 kernels" \
	env DISK_AVAIL_MIB=8000 sh -c "cd '$top' && ${line:-false no disk.sh line in make -n check}"

# --- series.sh: a patch's notes below "---" survive re-signing ----------------
git init -q "$t/sr" && printf 'one\n' >"$t/sr/f" && git -C "$t/sr" add f &&
	git -C "$t/sr" -c user.name=t -c user.email=t@t commit -q -m base && git -C "$t/sr" tag base
mkdir -p "$t/sp"
printf 'From 0 Mon Sep 17 00:00:00 2001\nFrom: d <d@d>\nSubject: [PATCH v2 0/1] c\nCc: a <a@a>\n\nbody\n\n-- \n' \
	>"$t/sp/0000-cover-letter.patch"
cat >"$t/sp/0001-x.patch" <<'EOF'
From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001
From: d <d@d>
Subject: [PATCH v2 1/1] x

change f

Signed-off-by: d <d@d>
---
v2: why there is no Fixes: tag

 f | 2 +-
 1 file changed, 1 insertion(+), 1 deletion(-)

diff --git a/f b/f
--- a/f
+++ b/f
@@ -1 +1 @@
-one
+two
EOF
echo 0001-x.patch >"$t/sp/series"
check "series.sh: the notes below a patch's --- are in the re-signed patch, once" sh -c "
	export GIT_AUTHOR_NAME=s GIT_AUTHOR_EMAIL=s@s
	'$top/scripts/series/series.sh' '$t/sr' '$t/sp' '$t/so' &&
	grep -q '^    v2: why there is no Fixes: tag\$' '$t/so/0001-x.patch' &&
	'$top/scripts/series/series.sh' '$t/sr' '$t/so' '$t/so2' &&
	grep -c 'v2: why' '$t/so2/0001-x.patch' | grep -qx 1 &&
	! git -C '$t/sr' rev-parse -q --verify refs/notes/series"

# --- LAVA: the traps of a lab's console and results (scripts/matrix/lava/selfcheck.py)
if [ -x /usr/bin/lava-run ]; then
	check "LAVA jobs and results: every trap of scripts/lava/lava.sh selfcheck" \
		"$top/scripts/lava/lava.sh" selfcheck
else
	skip "LAVA jobs and results" "lava-dispatcher not installed (make lava-check installs it)"
fi

# --- rows are files: a new arch or flavour is one file (mk/tables.mk) ----------
# shellcheck source=SCRIPTDIR/rows-selfcheck-cases.sh
. "$here/rows-selfcheck-cases.sh"

# --- make check's selection by what changed (mk/check-paths) -------------------
# shellcheck source=SCRIPTDIR/check-select-selfcheck-cases.sh
. "$here/check-select-selfcheck-cases.sh"

# --- the results core (scripts/results/): KTAP reader, plans, report, kill rule -
# shellcheck source=SCRIPTDIR/results-core-selfcheck-cases.sh
. "$here/results-core-selfcheck-cases.sh"

# --- the cell table: make writes build/cells.json, every consumer reads it -----
# Knobs pinned: the table (and the reference jobs) of the default run.
ctk='ARCHES=x86_64 arm64 i386 arm'
ctmake() { MAKEFLAGS='' make -s -C "$top" B="$t/ct" "$ctk" TREES=6.1 FLAVOURS="base patched debug" \
	MUTANT_TREES=6.1 BOOT_TIMEOUT=900 OVERLAY= TRINITY_SEED= "$@"; }
ctmake "$t/ct/cells.json" >"$t/ct.log" 2>&1
check "cell table: make writes cells.json; its 'run' is make cells, each a cell of the table" sh -c "
	[ \"\$(MAKEFLAGS='' make -s -C '$top' cells '$ctk' TREES=6.1 FLAVOURS='base patched debug' MUTANT_TREES=6.1)\" = \
		\"\$('$top/scripts/matrix.py' cells '$t/ct/cells.json' ids)\" ] &&
	PYTHONPATH='$top/scripts' /usr/bin/python3 -c 'import sys; from matrix import cells
t = cells.Table(sys.argv[1]); [t.cell(c) for c in t.run]' '$t/ct/cells.json'"
check "cell table: columns in the guest's order (/tests/*/ sorted bytewise, overlay last), ABIs the arch's" \
	/usr/bin/python3 -c 'import json, sys
for c in json.load(open(sys.argv[1]))["cells"]:
    assert c["columns"] == sorted(c["abis"]) + [s for s in c["columns"] if s == "overlay"], c["id"]' "$t/ct/cells.json"
check "cell table: OVERLAY= adds the overlay column last (table and make cell-info)" sh -c "
	MAKEFLAGS='' make -s -C '$top' B='$t/ct2' cell-info CELL=6.1-base-x86_64 OVERLAY='$t' | grep -qx 'columns x86_64 i386 x32 overlay' &&
	/usr/bin/python3 -c 'import json, sys
c = [c for c in json.load(open(sys.argv[1]))[\"cells\"] if c[\"id\"] == \"6.1-base-x86_64\"][0]
assert c[\"columns\"] == [\"i386\", \"x32\", \"x86_64\", \"overlay\"]' '$t/ct2/cells.json'"
fails_with "cell table: a cell it does not have -> one line" "cells: nope-x86_64: no such cell" \
	"$top/scripts/matrix.py" cells "$t/ct/cells.json" info nope-x86_64
printf '{"cells": [' >"$t/ct-bad.json"
fails_with "cell table: a damaged table -> one line naming it" "cells: -: cell table $t/ct-bad.json is not JSON" \
	"$top/scripts/matrix.py" cells "$t/ct-bad.json" ids
fails_with "boot.sh without BOOT_APPEND (the Makefile's, defined once) -> one line" "BOOT_APPEND is not set" \
	env -u BOOT_APPEND "$top/scripts/boot/boot.sh" "$t/noappend" 2 k i "" "$t/bin/fake-qemu"
# The disk check reads each goal's cells from the goals' own table.
line=$(make -s -C "$top" -n culprit CELL=6.1-mutant-d-i386 CASE=restart.select_sticky B="$t/cold" 2>/dev/null | grep -m1 '^scripts/steps/disk.sh')
check "make culprit: the cell's kernel in the disk check (GOAL_CELLS_culprit)" \
	sh -c "echo '$line' | grep -q '/6.1/shared-mutants/obj/i386:'"
if [ -x /usr/bin/lava-run ]; then
	check "LAVA: the jobs of the table equal scripts/lava/refs/ (one per kernel arch)" \
		env CELLS_JSON="$t/ct/cells.json" "$top/scripts/lava/lava.sh" refs
	# A make mutation mutant's job (make mutation LAVA_IDENTITY=): its table
	# from make mutation-cells on a generated list of that one mutant.
	mkdir -p "$t/ctm/mutation/6.1" && echo fs/select.o >"$t/ctm/mutation/6.1/objs" &&
		printf 'bd859c0b\tfs/select.c:418\tdel\tinitializer outp left out\n' >"$t/ctm/mutation/6.1/list"
	MAKEFLAGS='' make -s -C "$top" B="$t/ctm" mutation-cells TREE=6.1 ARCHES=x86_64 MUTATION_IDS=bd859c0b \
		BOOT_TIMEOUT=900 OVERLAY= TRINITY_SEED= CELL_CLOCK= LAVA_IDENTITY= >"$t/ctm.log" 2>&1
	check "LAVA: a make mutation mutant's job equals scripts/lava/refs/cells/6.1-mutation-bd859c0b-x86_64.job.yaml" \
		env CELLS_JSON="$t/ctm/cells.json" "$top/scripts/lava/lava.sh" refs 6.1-mutation-bd859c0b-x86_64
else
	skip "LAVA: the jobs of the table equal scripts/lava/refs/" "lava-dispatcher not installed"
	skip "LAVA: a make mutation mutant's job equals scripts/lava/refs/cells/" "lava-dispatcher not installed"
fi

# --- the results store (scripts/results/): ingest, compare, KCIDB, dashboard ---
# shellcheck source=SCRIPTDIR/results-selfcheck-cases.sh
. "$here/results-selfcheck-cases.sh"

# --- make b4-prep: the send path through b4, sending nothing ------------------
# shellcheck source=SCRIPTDIR/b4-selfcheck-cases.sh
. "$here/b4-selfcheck-cases.sh"

# --- make cost: the count clock and scripts/results/cost-report.sh ---------------------
fails_with "BENCH_COST_ROUNDS=0 -> one line before any work" "BENCH_COST_ROUNDS=0: a count of rounds, 1 or more" \
	make -s -C "$top" -n cost BENCH_COST_ROUNDS=0
fails_with "BENCH_TREE=nope -> one line before any work" "BENCH_TREE=nope: no such tree" \
	make -s -C "$top" -n cost BENCH_TREE=nope
check "a cost cell boots under the count clock (-icount shift=0), and says so" sh -c \
	"make -s -C '$top' cell-info CELL=6.1-cost2-patched-arm64 | grep -q '^qemu .* -icount shift=0,sleep=off\$' &&
	make -s -C '$top' cell-info CELL=6.1-cost2-patched-arm64 | grep -q '^cmdline .* matrix.clock=count'"
# Two rounds of fake cost guests: patched costs 1% more on round 1, 2% on 2.
fake_cost() { # ROUND VARIANT SELECT_NS RESTART_RESULT
	mkdir -p "$t/cost/cost/$1/$2/x86_64" && echo ok >"$t/cost/cost/$1/$2/x86_64/status"
	printf '%s\n' '    # csv-columns: cost,abi,call,batches,median_ns,p99_ns,min_ns' \
		"    # csv: cost,x86_64,select,21,$3,$3,$3" \
		'    # csv-columns: restart,abi,call,mode,result,reps,alone_ns,once_ns,extra_ns,once_min_ns,once_max_ns' \
		"    # csv: restart,x86_64,select,sticky,$4,9,5000,11000,6000,11000,11000" \
		>"$t/cost/cost/$1/$2/x86_64/x86_64.ktap"
}
fake_cost 1 base 1000 EINTR; fake_cost 1 patched 1010 0; fake_cost 2 base 1000 EINTR; fake_cost 2 patched 1020 0
check "cost-report.sh: patched/base per round, their spread, EINTR rows without a ratio" sh -c \
	"'$top/scripts/results/cost-report.sh' '$t/cost' x86_64 >'$t/cost.out' &&
	grep -Eq '^  x86_64 +x86_64 +select +1000 +1010 +1.0100 +1.0200 +0.99%\$' '$t/cost.out' &&
	grep -Eq '^  x86_64 +x86_64 +select +sticky +6000 EINTR +6000 0 +- +- +-\$' '$t/cost.out' &&
	grep -q '^# worst patched/base 1.0200 (x86_64 x86_64 select), worst spread between rounds 0.99%' '$t/cost.out'"
rm "$t/cost/cost/2/patched/x86_64/status"
fails_with "cost-report.sh: a round's guest that did not finish -> named, non-zero" \
	"cost: round 2 patched x86_64: not run" "$top/scripts/results/cost-report.sh" "$t/cost" x86_64

# --- the kselftest's SKIP checks: flavour nocompat, compat-tests/skip/ --------
# shellcheck source=SCRIPTDIR/skip-selfcheck-cases.sh
. "$here/skip-selfcheck-cases.sh"
# shellcheck source=SCRIPTDIR/distro-selfcheck-cases.sh
. "$here/distro-selfcheck-cases.sh"

# --- a hang costs one test: guard.h, guests/suite.sh, series.txt, mutants --
# shellcheck source=SCRIPTDIR/hang-selfcheck-cases.sh
. "$here/hang-selfcheck-cases.sh"

# shellcheck source=SCRIPTDIR/mutation-selfcheck-cases.sh
. "$here/mutation-selfcheck-cases.sh"

# --- the test sources follow the rules ---------------------------------------------
for f in "$top"/compat-tests/*.c "$top"/compat-tests/skip/*.c; do
	check "$(basename "$f"): rule documented at the top" \
		sh -c "sed -n '2,4p' '$f' | grep -q 'Rule'"
done

echo "KTAP version 1"
echo "1..$n"
cat "$t/results"
echo "# selfcheck: $pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
