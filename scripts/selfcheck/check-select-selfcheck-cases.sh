# shellcheck shell=sh
# shellcheck disable=SC2154,SC2119,SC2120 # t and top are selfcheck.sh's; smake's knobs optional
# check-select-selfcheck-cases.sh: sourced by selfcheck.sh (its check,
# fails_with, $t, $top). make check's selection (mk/check-paths,
# scripts/steps/check-select.sh, mk/check-select.mk): synthetic change
# lists, then make -n check in a throwaway copy with commits of its own.
# Nothing is built or booted.
sel() { printf '%s\n' "$@" | "$top/scripts/steps/check-select.sh" match "$top/mk/check-paths"; }
stages_are() { # WANT PATH...: the stages selected for those paths are WANT
	want=$1; shift
	got=$(sel "$@" | sed -n 's/^check: stages: //p')
	[ "$got" = "$want" ] || { sel "$@"; echo "want: $want"; return 1; }
}
check "select: docs only -> lint and selfcheck, nothing that boots" \
	stages_are "lint selfcheck" docs/measurements.md docs/x.md README.md docs/samples/series-v1.mbox
check "select: patches/7.2/ -> the 7.2 stages alone" \
	stages_are "lint selfcheck tree:7.2" patches/7.2/0002-select-saturate.patch
check "select: compat-tests/ -> the default matrix and the mutants" \
	stages_are "lint selfcheck matrix mutants" compat-tests/restart.c compat-tests/lib/entry.c compat-tests/x.c
check "select: mk/lava.mk, scripts/lava/, the LAVA package -> the lava stage alone" \
	stages_are "lint selfcheck lava" mk/lava.mk scripts/lava/lava.sh scripts/lava/templates/x.jinja2 scripts/matrix/lava/jobs.py
check "select: make mutation's files, the shared worktree build -> the mutants" \
	stages_are "lint selfcheck mutants" scripts/matrix/mutation/generate.py mk/mutation.mk scripts/mutation/cell.sh \
	scripts/steps/kbuild-shared.sh
check "select: the kill rule -> the mutants and LAVA" stages_are "lint selfcheck lava mutants" scripts/matrix/mutants.py
check "select: mk/series.mk -> checkpatch" stages_are "lint selfcheck checkpatch" mk/series.mk
check "select: the selfcheck, the selection, KSRC=, KCIDB, compare, b4-prep -> lint and selfcheck alone" \
	stages_are "lint selfcheck" scripts/selfcheck/selfcheck.sh mk/check-paths scripts/steps/check-select.sh mk/ksrc.mk \
	scripts/matrix/kcidb.py scripts/matrix/compare.py scripts/series/b4-prep.sh
# What every cell's build, boot or report reads keeps the full default check,
# and so does a file no section names (a new one under mk/ or scripts/).
for p in mk/rows.mk mk/check.mk mk/check-select.mk scripts/boot/boot.sh scripts/steps/kbuild.sh \
	scripts/matrix/cells.py scripts/matrix/report.py scripts/series/series-apply.sh scripts/results/results.mk \
	kconfigs/common.config Makefile guests/init arch-configs/x86_64.mk no/such/section.txt mk/new.mk \
	scripts/new.sh scripts/matrix/new.py; do
	check "select: $p -> the full default check" sh -c \
		"printf '%s\n' '$p' | '$top/scripts/steps/check-select.sh' match '$top/mk/check-paths' | grep -q '^check: stages: .* default'"
done
check "select: patches/6.1/ -> default, the native kernels and the KASAN guest" \
	stages_are "lint selfcheck arch:arm arch:i386 debug:x86_64 default" patches/6.1/0003-select-restart.patch
check "select: a glob stays in its folder (arch-configs/arm.* is not arch-configs/arm64.mk)" \
	stages_are "lint selfcheck default" arch-configs/arm64.mk
check "select: compat-tests/bench/ -> lint alone" stages_are "lint selfcheck" compat-tests/bench/cost.c
check "select: each path printed with its stages and why" sh -c \
	"printf 'patches/7.2/x\n' | '$top/scripts/steps/check-select.sh' match '$top/mk/check-paths' |
	grep -q '^check:   patches/7.2/x -> tree:7.2 (The upstream submission'"
{ git -C "$top" ls-files 2>/dev/null || (cd "$top" && find . -type f | sed 's|^\./||'); } >"$t/files"
check "select: every F: and X: path of mk/check-paths names a file (none left behind by a rename)" \
	"$top/scripts/steps/check-select.sh" unused "$top/mk/check-paths" <"$t/files"
printf 'Title\nC: lint\nF: x/\nF: y/z.c\n' >"$t/stale-paths"
fails_with "select: a path no file has -> named with its section" "'y/z.c' (section 'Title') matches no file" \
	sh -c "echo x/y | '$top/scripts/steps/check-select.sh' unused '$t/stale-paths'"
printf 'Title\nF: x/\n' >"$t/bad-paths"
fails_with "select: a section without C: -> one line naming it" "section 'Title' needs C: and F:" \
	sh -c "echo x/y | '$top/scripts/steps/check-select.sh' match '$t/bad-paths'"

# make -n check in a copy of the work tree with commits of its own; the
# record of passes under a cache of its own.
(cd "$top" && git ls-files -co --exclude-standard -z | cpio -0pdm --quiet "$t/sel") 2>/dev/null
g="git -C $t/sel -c user.name=t -c user.email=t@t"
$g init -q && $g add -A && $g commit -q -m base
smake() { env -i PATH="$PATH" HOME="$HOME" make -s -C "$t/sel" -n check B="$t/selb" MATRIX_CACHE="$t/selcache" "$@" 2>&1; }
echo x >>"$t/sel/docs/measurements.md" && $g commit -qam docs
smake >"$t/sel.docs"
check "make -n check, a docs-only commit -> selection printed first, lint and selfcheck, no kernel, no boot" sh -c \
	"head -n 1 '$t/sel.docs' | grep -q '^check: changed since .* first parent' &&
	grep -q '^check:   docs/measurements.md -> lint selfcheck' '$t/sel.docs' &&
	grep -qx 'check: stages: lint selfcheck' '$t/sel.docs' && grep -q 'scripts/selfcheck/selfcheck.sh$' '$t/sel.docs' &&
	! grep -q '\"kernel \|\"boot \|lava.sh run \|^scripts/matrix.py mutants\|^make ' '$t/sel.docs'"
check "... and records no pass: a partial check on a first parent that never passed proves only that change" \
	grep -q "^scripts/steps/check-select.sh record '$t/selcache' '-' lint selfcheck\$" "$t/sel.docs"
echo x >>"$t/sel/patches/7.2/0000-cover-letter.patch" && $g commit -qam 7.2
smake >"$t/sel.72"
check "make -n check, a patches/7.2/ commit -> the 7.2 stages (CHECK_TREES=7.2), not the 6.1 matrix" sh -c \
	"grep -qx 'check: stages: lint selfcheck tree:7.2' '$t/sel.72' && grep -q 'TREES=\"7.2\"' '$t/sel.72' &&
	! grep -q 'kernel: 6.1-' '$t/sel.72'"
# make check's last step records a pass of a clean HEAD; the nearest
# recorded ancestor is the base of the next selection.
check "record: a pass of a clean HEAD -> a folder beside the product cache" sh -c \
	"cd '$t/sel' && '$top/scripts/steps/check-select.sh' record '$t/selcache' \$(git rev-parse HEAD~1) x |
	grep -q 'not recorded: HEAD or the work tree changed' && [ ! -d '$t/selcache/check-passed' ] &&
	'$top/scripts/steps/check-select.sh' record '$t/selcache' \$(git rev-parse HEAD) x | grep -q '^check: passed; recorded'"
rm -rf "$t/selcache/check-passed" && mkdir -p "$t/selcache/check-passed/$($g rev-parse HEAD~1)"
echo y >>"$t/sel/README.md" && $g commit -qam readme
smake >"$t/sel.rec"
check "make -n check after a recorded pass -> the paths since it (7.2 and docs), the record named" sh -c \
	"grep -q '^check: changed since .* the last commit whose make check passed on this machine' '$t/sel.rec' &&
	grep -qx 'check: stages: lint selfcheck tree:7.2' '$t/sel.rec' && grep -q '^check:   README.md' '$t/sel.rec' &&
	grep -qx \"check: record: $($g rev-parse HEAD)\" '$t/sel.rec'"
check "make -n check CHECK_TREES=6.12 -> the full default check with it, no selection" sh -c \
	"smake() { env -i PATH=\"\$PATH\" HOME=\"\$HOME\" make -s -C '$t/sel' -n check B='$t/selb' MATRIX_CACHE='$t/selcache' \"\$@\" 2>&1; }
	smake CHECK_TREES=6.12 >'$t/sel.k' && grep -q '^check: CHECK_TREES= given: the full default check' '$t/sel.k' &&
	grep -q 'kernel: 6.1-base x86_64' '$t/sel.k' && grep -q \"record '$t/selcache' '-'\" '$t/sel.k'"
fails_with "CHECK_STAGES of an unknown stage -> one line" "CHECK_STAGES=tree:9.9: no such stage" \
	smake CHECK_STAGES=tree:9.9
fails_with "CHECK_SINCE that is no commit -> one line" "CHECK_SINCE=nosuch: no such commit" \
	smake CHECK_SINCE=nosuch
check "make -n check-all -> every stage whatever changed, its pass recorded (clean, no knob)" sh -c \
	"env -i PATH=\"\$PATH\" HOME=\"\$HOME\" make -s -C '$t/sel' -n check-all B='$t/selb' MATRIX_CACHE='$t/selcache' >'$t/sel.all' 2>&1;
	grep -qx 'check: CHECK_STAGES=default given: those stages, nothing selected by the change' '$t/sel.all' &&
	grep -q 'CHECK_RECORD=$($g rev-parse HEAD)' '$t/sel.all'"
