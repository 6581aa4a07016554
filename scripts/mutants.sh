#!/bin/sh
# mutants.sh RESULTS EXPECTED INFO OUTDIR "MUTANT REF CELL..."...
# Every mutant kernel (the series plus one plausible wrong change, from
# patches/mutants/) must be killed: at least one case that passes on its
# reference row REF (its tree's patched) fails on the mutant, in the same
# arch and ABI, outside compat-tests/randomized. CELL is the Makefile's
# row:arch:abi:tree:flavour. Prints the
# killing cases per mutant and per cell, writes OUTDIR/mutants.txt, and
# fails when a mutant survives or a cell of it did not finish. A mutant
# with no cell (its defect cannot occur on the arches run) is named as not
# run.
set -eu
results=$1 outdir=$4; shift 4
here=$(dirname "$0")
mkdir -p "$outdir"
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
verdicts() { # ROW ARCH ABI
	"$here/ktap-verdicts.sh" "$results/$1/$2/$3.ktap" 2>/dev/null | sort
}
survivors=0 skipped=0 nm=$#
{
for spec in "$@"; do
	# shellcheck disable=SC2086 # a word list
	set -- $spec
	m=$1 ref=${2:-}; shift; [ $# -eq 0 ] || shift
	cells=$*
	killers=0 line=
	# A defect that cannot occur on the arches run (patches/mutants/series).
	if [ -z "$cells" ]; then
		echo "mutant $m: not run: none of the arches where it can occur is in ARCHES"
		skipped=$((skipped + 1))
		continue
	fi
	for c in $cells; do
		IFS=: read -r row arch abi _ <<EOT
$c
EOT
		st=$(cat "$results/$row/$arch/status" 2>/dev/null || echo "not run")
		pst=$(cat "$results/$ref/$arch/status" 2>/dev/null || echo "not run")
		if [ "$st" != ok ] && [ "$st" != "kernel splat on the console" ]; then
			echo "$m $arch $abi: guest: $st"
			survivors=$((survivors + 1)); continue
		fi
		[ "$pst" = ok ] || { echo "$m $arch $abi: $ref guest: $pst"; survivors=$((survivors + 1)); continue; }
		verdicts "$ref" "$arch" "$abi" | awk '$2 == "PASS" { print $1 }' >"$t/p"
		# A randomized test's rows kill by chance (compat-tests/randomized):
		# they are not counted.
		verdicts "$row" "$arch" "$abi" | awk 'NR == FNR { if (NF && $1 !~ /^#/) skip[$1]; next }
			$2 == "FAIL" && !(substr($1, 1, index($1, ".") - 1) in skip) { print $1 }' \
			"$here/../compat-tests/randomized" - >"$t/m"
		k=$(sort "$t/p" "$t/m" | uniq -d)
		n=$(printf '%s' "$k" | grep -c . || true)
		[ "$st" = ok ] || { n=$((n + 1)); k="$k (console: $st)"; }
		killers=$((killers + n))
		named=
		[ "$n" -eq 0 ] || named=": $(echo "$k" | tr '\n' ' ' | cut -c1-300)"
		line="$line
    $arch $abi: $n killing cases$named"
	done
	if [ "$killers" -gt 0 ]; then
		echo "mutant $m: killed ($killers cases)$line"
	else
		echo "mutant $m: SURVIVED$line"
		survivors=$((survivors + 1))
	fi
done
if [ "$survivors" -eq 0 ]; then
	echo "mutants: PASS ($((nm - skipped)) killed, $skipped not run here)"
else
	echo "mutants: FAIL ($survivors problems)"
fi
} | tee "$outdir/mutants.txt"
tail -n 1 "$outdir/mutants.txt" | grep -q '^mutants: PASS'
