#!/bin/sh
# selfcheck.sh: the harness's own checks, each a fault it must report
# clearly. Fast: fake guests and trees, no kernel build.
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$here")
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
pass=0 fail=0

# check NAME CMD...: CMD must succeed.
check() {
	name=$1; shift
	if "$@" >"$t/out" 2>&1; then
		pass=$((pass + 1)); echo "ok - $name"
	else
		fail=$((fail + 1)); echo "not ok - $name"; sed 's/^/    /' "$t/out"
	fi
}
# fails_with NAME PATTERN CMD...: CMD must fail and print PATTERN.
fails_with() {
	name=$1 pat=$2; shift 2
	if "$@" >"$t/out" 2>&1; then
		fail=$((fail + 1)); echo "not ok - $name (succeeded)"
	elif grep -q -- "$pat" "$t/out"; then
		pass=$((pass + 1)); echo "ok - $name"
	else
		fail=$((fail + 1)); echo "not ok - $name (no '$pat')"
		sed 's/^/    /' "$t/out"
	fi
}

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
export FAKE_STATE=$t/calib
boot() { FAKE=$1 "$top/guests/boot.sh" "$t/res/base/x86_64" 2 k i "" "$t/bin/fake-qemu"; }
status() { cat "$t/res/base/x86_64/status"; }

boot hang
check "guest hang -> timeout after N s" grep -qx "timeout after 2 s" "$t/res/base/x86_64/status"
check "guest hang -> console tail kept" grep -q booting "$t/res/base/x86_64/problem"
boot panic
check "panic -> splat with the oops shown" sh -c "grep -q splat '$t/res/base/x86_64/status' && grep -q 'Kernel panic' '$t/res/base/x86_64/problem'"
boot early
check "guest that does not finish -> failure" grep -q "without finishing" "$t/res/base/x86_64/status"
boot calib 2>/dev/null
check "TSC calibration lost to host load -> booted again, first log kept" sh -c \
	"grep -qx ok '$t/res/base/x86_64/status' && grep -q calibrate '$t/res/base/x86_64/console.log.try1'"
boot ok
check "console split into KTAP, kernel lines dropped" sh -c "! grep -q noise '$t/res/base/x86_64/x86_64.ktap' && grep -q '    ok 1 a' '$t/res/base/x86_64/x86_64.ktap'"

# --- report.sh: expectations ---------------------------------------------------
: >"$t/info"
printf 'base x86_64 t.b\n' >"$t/xf"
check "declared failure that fails -> pass" \
	"$top/guests/report.sh" "$t/res" "$t/xf" "$t/info" "$t/rep" base:x86_64:x86_64
check "summary line shown under its cell" grep -q '^    fake figure$' "$t/rep/report.txt"
check "report writes JUnit" grep -q '<testcase classname="t" name="b"><system-out>expected' "$t/rep/junit.xml"
: >"$t/xf0"
fails_with "undeclared failure -> FAILED row" "FAILED: t.b" \
	"$top/guests/report.sh" "$t/res" "$t/xf0" "$t/info" "$t/rep" base:x86_64:x86_64
printf 'base x86_64 t.a\nbase x86_64 t.b\n' >"$t/xf2"
fails_with "expected failure that passes -> XPASS fails" "XPASS" \
	"$top/guests/report.sh" "$t/res" "$t/xf2" "$t/info" "$t/rep" base:x86_64:x86_64
printf 'base x86_64 t.b\nbase * nosuch.*\n' >"$t/xf3"
fails_with "stale expectation -> fails" "matches no test" \
	"$top/guests/report.sh" "$t/res" "$t/xf3" "$t/info" "$t/rep" base:x86_64:x86_64
printf 'base x86_64 t.b\nbase armhf t.*\n' >"$t/xf4"
check "expectation for an ABI not run -> not stale" \
	"$top/guests/report.sh" "$t/res" "$t/xf4" "$t/info" "$t/rep" base:x86_64:x86_64
boot hang
fails_with "hung cell -> report fails with the reason" "timeout after 2 s" \
	"$top/guests/report.sh" "$t/res" "$t/xf" "$t/info" "$t/rep" base:x86_64:x86_64

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
	"$top/scripts/tree.sh" patched "$t/tree/base/src" "$t/tree/patched" "$t/p"

# --- kbuild.sh: a build failure shows the compiler's last lines -----------------
mkdir -p "$t/ksrc" "$t/kobj"
printf 'all bzImage:\n\t@echo "  CC      x.o"; echo "x.c:1:1: error: expected ; before }" >&2; exit 1\n' >"$t/ksrc/Makefile"
printf 'CONFIG_X=y\n' >"$t/frag"
touch -d '2000-01-01' "$t/frag"
: >"$t/kobj/.config"
fails_with "build failure -> last compiler lines" "x.c:1:1: error" \
	"$top/scripts/kbuild.sh" "$t/ksrc" "$t/kobj" x86_64 "" bzImage "$t/frag"

# --- kconfig.sh: a requested symbol that does not land fails ---------------------
if [ -d "$top/build/base/src/scripts/kconfig" ]; then
	printf 'CONFIG_NO_SUCH_SYMBOL=y\n' >"$t/nosuch.config"
	fails_with "kconfig symbol that does not land -> named" "CONFIG_NO_SUCH_SYMBOL" \
		"$top/scripts/kconfig.sh" "$top/build/base/src" "$t/kcfg" x86_64 "$t/nosuch.config"
fi

# --- deps.sh: non-root with a package missing prints the apt-get line ------------
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null; then
	fails_with "missing package as non-root -> apt-get line" \
		"apt-get update && apt-get install -y --no-install-recommends.* no-such-package-xyz" \
		env DEPS_EXTRA=no-such-package-xyz setpriv --reuid=65534 --regid=65534 \
		--clear-groups "$top/scripts/deps.sh"
fi

# --- the test sources follow the rules ---------------------------------------------
for f in "$top"/compat-tests/*.c; do
	check "$(basename "$f"): rule documented at the top" \
		sh -c "sed -n '2,4p' '$f' | grep -q 'Rule'"
done

echo "selfcheck: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
