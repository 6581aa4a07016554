# shellcheck shell=sh
# shellcheck disable=SC2154 # t and top are selfcheck.sh's
# make mutation (mk/mutation.mk, scripts/mutation/): cases of
# scripts/selfcheck/selfcheck.sh, sourced by it (its check, fails_with, $t,
# $top). Bad knobs are one line before any work; the generator on a fake
# series (its operators, stable ids, patches that apply, lines that stay
# put, context lines left alone); the boot gate on fake object sums; the
# score on fake results, judged by scripts/matrix/mutants.py.
fails_with "make mutation TREE=nope -> one line" "TREE=nope: no such tree" \
	make -s -C "$top" -n mutation TREE=nope
fails_with "make mutation ARCHES=riscv64 -> one line" "ARCHES=riscv64: no such arch" \
	make -s -C "$top" -n mutation ARCHES=riscv64
fails_with "make mutation TREE=\"6.1 7.2\" -> one line" "make mutation takes one tree" \
	make -s -C "$top" -n mutation TREE="6.1 7.2"
fails_with "make mutation MUTATION_IDS=xyz -> one line" "MUTATION_IDS=xyz: not a mutant id" \
	make -s -C "$top" -n mutation MUTATION_IDS=xyz
mg=$t/mutation
mkdir -p "$mg/repo"
printf 'a0000000\tf.c:1\trel\t< -> <=\n' >"$mg/list0"
fails_with "MUTATION_IDS of no mutant in the list -> one line" "MUTATION_IDS=b0000000: no such mutant" \
	"$top/scripts/matrix.py" mutation check-ids "$mg/list0" a0000000 b0000000
# A fake tree: the base, then a series adding a function; one line the
# series leaves alone (context) has operators too and must make no mutant.
G="git -C $mg/repo -c user.name=t -c user.email=t@t"
mkdir -p "$mg/repo/fs"
cat >"$mg/repo/fs/f.c" <<'C'
#include <linux/time64.h>
static int untouched(long a)
{
	return a < 1;
}
C
$G init -q && $G add . && $G commit -qm base && $G tag base
cat >>"$mg/repo/fs/f.c" <<'C'
/* if (a > 1) in a comment is no site */
static long f(struct timespec64 *t, long usec, long b)
{
	struct s x = {
		.a = usec, .b = b,
	};

	if (usec >= USEC_PER_SEC)
		return -EINVAL;
	t->tv_nsec = (usec % USEC_PER_SEC) * NSEC_PER_USEC;
	g(usec, b);
	return x.a + 1;
}
C
$G commit -qam series
gen() { "$top/scripts/matrix.py" mutation generate "$mg/repo" base HEAD "$1" >/dev/null; }
gen "$mg/out" && gen "$mg/out2"
check "generator: every operator on the series' lines" sh -c "cut -f3 '$mg/out/list' | sort -u | tr '\n' ' ' |
	grep -qx 'arith bound del neg rel ret swap unit '"
check "generator: >= -> >, a unit swapped, an initializer left out, arguments swapped, a branch deleted" sh -c \
	"grep -q '	rel	>= -> >\$' '$mg/out/list' && grep -q 'USEC_PER_SEC -> NSEC_PER_SEC' '$mg/out/list' &&
	 grep -q 'initializer b left out' '$mg/out/list' && grep -q 'g(): arguments usec and b swapped' '$mg/out/list' &&
	 grep -q 'fs/f.c:13	del	if deleted' '$mg/out/list'"
check "generator: no mutant of a context line or a comment" sh -c \
	"! grep -q 'fs/f.c:[1-6]	' '$mg/out/list'"
check "generator: the same series -> the same ids and patches (hash of the diff)" sh -c \
	"diff -r '$mg/out' '$mg/out2' && [ \"\$(cut -f1 '$mg/out/list' | sort -u | wc -l)\" = \"\$(wc -l <'$mg/out/list')\" ]"
check "generator: every mutant applies (whitespace errors fatal) and keeps every line in place" sh -c \
	"for p in '$mg/out'/*.patch; do $G apply --check --whitespace=error-all \"\$p\" || exit 1
	 sed -n 's/^@@ -\\([0-9,]*\\) +\\([0-9,]*\\) @@.*/\\1 \\2/p' \"\$p\" | awk '\$1 != \$2 { exit 1 }' || exit 1
	 done; grep -qx fs/f.o '$mg/out/objs'"
# The boot gate: object sums of the series, a mutant's.
mkdir -p "$mg/img"
echo "1  fs/f.o" >"$mg/img/series.objsum"
echo "1  fs/f.o" >"$mg/img/eq.objsum"
echo "not compiling" >"$mg/img/nc.objsum"
gate() { MUTATION_REF=$mg/img/series "$top/scripts/mutation/cell.sh" "$mg/res/$1/x86_64" 2 "$mg/img/$1" i ""; }
gate eq && gate nc
check "boot gate: objects byte-identical -> equivalent, never booted" grep -qx equivalent "$mg/res/eq/x86_64/status"
check "boot gate: a failed build -> not compiling, never booted" grep -qx "not compiling" "$mg/res/nc/x86_64/status"
fails_with "boot gate: no object sums of the mutant -> an error, not a verdict" "no object sums of" gate none
# The score on fake results: a killed, a surviving, an equivalent mutant.
ktap() { printf 'KTAP version 1\n1..1\n    KTAP version 1\n    1..2\n    %s 1 a\n    %s 2 b\n%s 1 t\n' "$@"; }
for r in ref:ok:ok:ok k:ok:not\ ok:not\ ok s:ok:ok:ok; do
	IFS=: read -r row a b top1 <<E
$r
E
	mkdir -p "$mg/r/$row/x86_64"
	echo ok >"$mg/r/$row/x86_64/status"
	ktap "$a" "$b" "$top1" >"$mg/r/$row/x86_64/x86_64.ktap"
done
mkdir -p "$mg/r/e/x86_64" && echo equivalent >"$mg/r/e/x86_64/status"
printf 'k\tfs/f.c:1\trel\tk\ns\tfs/f.c:2\tdel\ts\ne\tfs/f.c:3\tunit\te\n' >"$mg/out/list"
for m in k s e; do echo "diff of $m" >"$mg/out/$m.patch"; done
"$top/scripts/selfcheck/fake-table.sh" "$mg/cells.json" "ref x86_64 x86_64 6.1 patched" \
	"k x86_64 x86_64 6.1 m ref" "s x86_64 x86_64 6.1 m ref" "e x86_64 x86_64 6.1 m ref"
"$top/scripts/matrix.py" mutation report "$mg/cells.json" "$mg/r" "$mg/out" "$mg/rep" x86_64 "" ref \
	k k s s e e >"$mg/rep.out" 2>&1
check "score: 1 equivalent, 2 booted: 1 killed, 1 survived, 1/2; the survivor's diff and passed rows; FAIL" sh -c \
	"grep -q '^x86_64: 3 generated, 0 not compiling, 1 equivalent, 2 booted: 1 killed, 1 survived.* 1/2 = 50.0%' '$mg/rep.out' &&
	 grep -q '^  diff of s' '$mg/rep.out' && grep -q 'x86_64 x86_64: passed as on ref: t.a t.b' '$mg/rep/survivors/s.txt' &&
	 grep -q '^mutation: FAIL' '$mg/rep.out' && grep -qx k-x86_64 '$mg/rep/booted' && ! grep -q '^e-' '$mg/rep/booted'"
# A tree judged by its kselftest (--kselftest): a mutant its cases kill,
# one only compat-tests' cases kill (a gap in the kselftest, listed, not
# a failure).
kt() { printf 'KTAP version 1\n1..2\n    KTAP version 1\n    1..1\n    %s 1 a\nok 1 kt\n    KTAP version 1\n    1..1\n    %s 1 a\nok 2 t\n' "$@"; }
for r in kref:ok:ok kk:not\ ok:ok kg:ok:not\ ok; do
	IFS=: read -r row a b <<E
$r
E
	mkdir -p "$mg/r/$row/x86_64"
	echo ok >"$mg/r/$row/x86_64/status"
	kt "$a" "$b" >"$mg/r/$row/x86_64/x86_64.ktap"
done
printf 'kk\tfs/f.c:1\trel\tkk\nkg\tfs/f.c:2\tdel\tkg\n' >"$mg/out/list"
for m in kk kg; do echo "diff of $m" >"$mg/out/$m.patch"; done
"$top/scripts/selfcheck/fake-table.sh" "$mg/kcells.json" "kref x86_64 x86_64 7.2 patched" \
	"kk x86_64 x86_64 7.2 m kref" "kg x86_64 x86_64 7.2 m kref"
"$top/scripts/matrix.py" mutation report --kselftest 'k*' "$mg/kcells.json" "$mg/r" "$mg/out" "$mg/krep" x86_64 "" kref \
	kk kk kg kg >"$mg/krep.out" 2>&1
check "kselftest: 2 killed, 1 by the kselftest alone, the other listed as a gap with its killing case; PASS" sh -c \
	"grep -q '^x86_64: 2 generated, .* 2 killed, 0 survived.* 2/2 = 100.0%' '$mg/krep.out' &&
	 grep -q '^x86_64: by the kselftest (k\\*) alone: 1 killed, 1 killed only by the other tests .* 1/2 = 50.0%' '$mg/krep.out' &&
	 grep -q '^kg fs/f.c:2 del: kg (x86_64)' '$mg/krep.out' && grep -q '^  x86_64 x86_64: 1 killing cases: t.a$' '$mg/krep.out' &&
	 ! grep -q '^kk ' '$mg/krep.out' && grep -q '^mutation: PASS' '$mg/krep.out' &&
	 grep -q '^kg	.*x86_64:killed by other tests' '$mg/krep/table.tsv'"
