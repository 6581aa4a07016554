# shellcheck shell=sh
# shellcheck disable=SC2154 # t and top are selfcheck.sh's
# knobs-selfcheck-cases.sh: every knob checked before any work. Cases of
# scripts/selfcheck/selfcheck.sh, sourced by it (its check, $t and $top).
# Each bad value is given to the goal that uses it under make -n with a
# build folder and product cache of its own: it must give exactly one
# line, naming the knob and the cause, exit 2, print no command (make -n
# prints every recipe it would start: a build or a boot) and leave the
# build folder unmade.
printf 'SQLite format 3\000damaged' >"$t/damaged.db"
python3 -c 'import sqlite3, sys; sqlite3.connect(sys.argv[1]).execute("CREATE TABLE t (x)")' "$t/foreign.db"
# knob GOAL KNOB=VALUE PATTERN [MORE KNOBS...] (knob_path: the PATH it runs with)
knob() {
	goal=$1 kv=$2 pat=$3; shift 3
	rm -rf "$t/kb"
	env -i PATH="${knob_path:-$PATH}" HOME="$HOME" make -s -C "$top" -n B="$t/kb" MATRIX_CACHE="$t/kcache" \
		"$goal" "$kv" "$@" >"$t/knob.out" 2>&1
	rc=$?
	if [ "$rc" != 2 ]; then echo "exit $rc, not 2:"; head -n 5 "$t/knob.out"; return 1; fi
	if [ "$(wc -l <"$t/knob.out")" != 1 ]; then echo "not one line:"; head -n 5 "$t/knob.out"; return 1; fi
	if ! grep -q -- "\*\*\* ${kv%%=*}=.*$pat" "$t/knob.out"; then echo "no '${kv%%=*}=...$pat':"; cat "$t/knob.out"; return 1; fi
	if [ -e "$t/kb" ]; then echo "$t/kb made:"; find "$t/kb" | head -n 5; return 1; fi
}
while IFS='|' read -r goal kv pat more; do
	[ -n "$goal" ] || continue
	# shellcheck disable=SC2086 # more: further knobs, a word list
	check "$goal $kv${more:+ $more} -> one line, exit 2, nothing started" knob "$goal" "$kv" "$pat" $more
done <<EOF
matrix|ARCHES=riscv64|no such arch.*there are: .*x86_64|
shell|ARCH=foo|no such arch|
cell|CELL=nope|no such cell|
matrix|FLAVOURS=nope|no such flavour|
matrix|TREES=nope|no such tree|
mutants|MUTANT_TREES=nope|no such tree|
matrix|REPEAT=x|a count of boots|
matrix|REPEAT=0|a count of boots, 1 or more|
matrix|RERUN=yes|no such value|
matrix|JOBS=0|a number of jobs|
matrix|JOBS=+3|a number of jobs|
matrix|BOOT_TIMEOUT=-5|seconds per guest, 1 or more|
matrix|BOOT_TIMEOUT=1.5|seconds per guest|
matrix|BOOT_TIMEOUT=030|seconds per guest|
matrix|POOL=x|empty or parent|
matrix|OVERLAY=/nonexistent|not a directory|
matrix|MATRIX_CACHE=rel|an absolute path, or off|
matrix|MATRIX_CACHE_MAX=1G|a size in MiB|
matrix|CCACHE_MAXSIZE=5X|a size as ccache -M takes it|
matrix|DISK_CHECK=maybe|no such value|
matrix|TRINITY_SEED=x|a seed, a number|
matrix|TRINITY_CALLS=0|a number, 1 or more|
matrix|TRINITY_S=x|a number, 1 or more|
matrix|RESULTS_DB=/etc/passwd|not an SQLite database (damaged or foreign)|
matrix|RESULTS_DB=$t/damaged.db|damaged or foreign|
cell|RESULTS_DB=$t/foreign.db|damaged or foreign (no such table: meta)|CELL=6.1-base-x86_64
mutants|RESULTS_DB=/proc/nosuch/results.db|cannot be made in /proc|
matrix|REPORT_DIR=/etc/passwd|not a folder|
culprit|CASE=nosuch.case|nosuch is not a test of 6.1-patched-x86_64|CELL=6.1-patched-x86_64
culprit|CASE=nodot|test.case, as the report names it|CELL=6.1-mutant-i-x86_64
culprit|CASE=restart.select_sticky|restart is not a test of 7.2-mutant-b-x86_64 (its tests: select_timeout_test|CELL=7.2-mutant-b-x86_64 TREES=7.2
culprit|CASE=|the case to bisect|CELL=6.1-mutant-i-x86_64
shell|FLAVOUR=nope|no such kernel of tree 6.1|
cost|BENCH_COST_ROUNDS=0|a count of rounds, 1 or more|
cost|BENCH_TREE=nope|no such tree|
bench|BENCH_KERNELS=nope|no such kernel of tree 6.1|
lava|LAVA_CELLS=nope-x86_64|no such cell|
lava-check|LAVA_RUN_CELLS=6.1-base-arm|no such cell of LAVA_CELLS|LAVA_CELLS=6.1-base-x86_64
lab-selfcheck|LAB_CELLS=nope|no such cell|
lab|LAVA_IDENTITY=|the lavacli identity|ARTIFACT_URL=http://example.invalid/
matrix|KSELFTESTS=timers:a;b|a selftests folder|
lab-selfcheck|LAB_DEVICES=0|a count of qemu devices|
lab-selfcheck|LAB_MUTATION_IDS=xyz|not a mutant id (8 hex digits|
series|SERIES_OUT=/etc/passwd|not a folder|
dashboard|DASHBOARD_DIR=/etc/passwd|not a folder|
check|CHECK_ARCHES=foo|no such arch|
check|CHECK_DEBUG_ARCHES=foo|no such arch|
check|CHECK_STAGES=nope|no such stage|
EOF
# make mutation on a lab (LAVA_IDENTITY=): the lab checked as make lab's,
# before any work, with a lavacli that knows the identity "lab" alone.
mkdir -p "$t/fakelavacli"
cat >"$t/fakelavacli/lavacli" <<'EOF'
#!/bin/sh
# lavacli -i ID system whoami, as lavacli answers it; "lab" alone is known.
[ "$2" = lab ] || { echo "Unknown identity '$2'"; exit 1; }
echo matrix
EOF
chmod +x "$t/fakelavacli/lavacli"
labknob() { knob_path="$t/fakelavacli:$PATH"; knob "$@"; r=$?; knob_path=; return $r; }
check "mutation LAVA_IDENTITY=lab without ARTIFACT_URL -> one line, exit 2, nothing started" \
	labknob mutation ARTIFACT_URL= "where the lab of LAVA_IDENTITY=lab fetches" LAVA_IDENTITY=lab
check "mutation LAVA_IDENTITY=lab ARTIFACT_URL=notaurl -> one line, exit 2, nothing started" \
	labknob mutation ARTIFACT_URL=notaurl "is not a URL: has no http://" LAVA_IDENTITY=lab
check "mutation LAVA_IDENTITY=nosuch (lavacli does not know it) -> one line, exit 2, nothing started" \
	labknob mutation LAVA_IDENTITY=nosuch "no such lavacli identity" ARTIFACT_URL=http://example.invalid/a
check "mutation LAVA_IDENTITY=lab ARTIFACT_URL=http://... -> the run on the lab is planned" sh -c \
	"PATH='$t/fakelavacli':\"\$PATH\"; env -i PATH=\"\$PATH\" HOME=\"\$HOME\" make -s -C '$top' -n mutation TREE=6.1 \
	LAVA_IDENTITY=lab ARTIFACT_URL=http://example.invalid/a B='$t/kb3' MATRIX_CACHE='$t/kcache' | grep 'booted on LAVA identity lab' >/dev/null"
# A fresh machine has no python3 until make deps: a store named then is
# refused in one line, not let through unread.
mkdir -p "$t/nopython3"
for f in /usr/bin/* /usr/sbin/*; do
	case ${f##*/} in python3*) ;; *) ln -sf "$f" "$t/nopython3/" ;; esac
done
nopython3() { knob_path="$t/nopython3"; knob "$@"; r=$?; knob_path=; return $r; }
check "matrix RESULTS_DB=/etc/passwd on a machine without python3 -> one line, exit 2, nothing started" \
	nopython3 matrix RESULTS_DB=/etc/passwd "python3 is not installed to read the results store"
# A good value of each passes the same check (make -n prints the work).
check "good values (BOOT_TIMEOUT=60 RERUN=1 JOBS=2 CCACHE_MAXSIZE=500M RESULTS_DB=new) -> the work is planned" sh -c \
	"env -i PATH=\"\$PATH\" HOME=\"\$HOME\" make -s -C '$top' -n cell CELL=6.1-base-x86_64 BOOT_TIMEOUT=60 RERUN=1 JOBS=2 \
	CCACHE_MAXSIZE=500M RESULTS_DB='$t/new/r.db' B='$t/kb2' | grep -q 'scripts/boot/cell.sh .* 60 '"
