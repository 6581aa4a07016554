#!/bin/sh
# cost-report.sh DIR "ARCHES": the cost cells' figures (compat-tests/bench/cost.c,
# booted under the count clock: one instruction per guest ns) from
# DIR/cost/<round>/<base|patched>/<arch>/*.ktap into DIR/cost.csv and
# DIR/restart.csv, and the table of patched/base per entry point, ABI and
# round into DIR/cost.txt (printed). Figures, not verdicts: it fails only
# when a cost guest did not finish.
set -eu
dir=$1 arches=$2
cost=$dir/cost.csv restart=$dir/restart.csv out=$dir/cost.txt
ktaps=$(find "$dir/cost" -name '*.ktap' 2>/dev/null | sort)
header() { # WHAT: the bench's own column names, after where the row is from
	# shellcheck disable=SC2086 # a list of paths without blanks
	c=$( [ -z "$ktaps" ] || sed -n "s/^ *# csv-columns: $1,//p" $ktaps | head -n 1)
	echo "round,variant,arch,${c:-unknown}"
}
header cost >"$cost"
header restart >"$restart"
bad=0 rounds=0
for r in "$dir"/cost/*/; do
	[ -d "$r" ] || continue
	n=$(basename "$r") rounds=$((rounds + 1))
	for v in base patched; do
		for a in $arches; do
			st=$(cat "$r$v/$a/status" 2>/dev/null || echo "not run")
			[ "$st" = ok ] || { echo "cost: round $n $v $a: $st" >&2; bad=1; }
			for k in "$r$v/$a"/*.ktap; do
				[ -f "$k" ] || continue
				sed -n "s/^ *# csv: cost,/$n,$v,$a,/p" "$k" >>"$cost"
				sed -n "s/^ *# csv: restart,/$n,$v,$a,/p" "$k" >>"$restart"
			done
		done
	done
done
[ "$rounds" -gt 0 ] || { echo "cost: no rounds under $dir/cost (make cost boots them)" >&2; exit 1; }

# Columns by name: f("median_ns"). Per (arch, abi, call[, mode]): round 1's
# base and patched, each round's patched/base, and how far the rounds'
# ratios spread ((max - min) / min).
# shellcheck disable=SC2016 # awk code, not shell
byname='function f(n) { return $(col[n]) }
NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
function spread(k,   r, lo, hi, x) { lo = hi = ""
	if (nr < 2) return "-"
	for (r = 1; r <= nr; r++) { x = R[k, r]; if (x == "") return "-"
		if (lo == "" || x < lo) lo = x; if (hi == "" || x > hi) hi = x }
	if (hi / lo - 1 > worst_s) worst_s = hi / lo - 1
	return sprintf("%.2f%%", (hi / lo - 1) * 100) }
function rounds() { return nr < 2 ? "one round: no spread" : sprintf("worst spread between rounds %.2f%%", worst_s * 100) }
function sorted(A, O,   n, k, i, t) { n = 0
	for (k in A) { O[++n] = k; for (i = n; i > 1 && O[i - 1] > O[i]; i--) { t = O[i]; O[i] = O[i - 1]; O[i - 1] = t } }
	return n }
function ratios(k,   r, s) { s = ""
	for (r = 1; r <= nr; r++) s = s sprintf(" %7s", R[k, r] == "" ? "-" : sprintf("%.4f", R[k, r]))
	return s }'
{
	echo "zero-timeout call: instructions per call (median of 21 batches of 500),"
	echo "round 1's base and patched; patched/base per round; spread of the rounds' ratios:"
	awk -F, -v nr="$rounds" "$byname"'
	{ k = f("arch") SUBSEP f("abi") SUBSEP f("call"); K[k] = 1
		V[k, f("round"), f("variant")] = f("median_ns") }
	END { printf "  %-7s %-7s %-16s %8s %8s ", "arch", "abi", "call", "base", "patched"
		for (r = 1; r <= nr; r++) printf " %7s", "r" r; printf "  spread\n"
		n = sorted(K, O)
		for (i = 1; i <= n; i++) { k = O[i]; for (r = 1; r <= nr; r++) { b = V[k, r, "base"]; p = V[k, r, "patched"]
				R[k, r] = b > 0 && p != "" ? p / b : ""
				if (R[k, r] != "" && R[k, r] > worst) { worst = R[k, r]; wk = k } }
			split(k, x, SUBSEP)
			printf "  %-7s %-7s %-16s %8s %8s %s  %s\n", x[1], x[2], x[3], V[k, 1, "base"],
				V[k, 1, "patched"], ratios(k), spread(k) }
		split(wk, x, SUBSEP)
		printf "# worst patched/base %.4f (%s %s %s), %s\n", worst, x[1], x[2], x[3], rounds() }' "$cost"
	echo
	echo "one stop/continue: extra instructions of the stopped call (its CPU time,"
	echo "median of 9, minus the same call's alone), round 1, result after the stop"
	echo "(0: restarted and timed out; EINTR: no restart); patched/base per round"
	echo "where both restarted; spread of the rounds' ratios:"
	awk -F, -v nr="$rounds" "$byname"'
	{ k = f("arch") SUBSEP f("abi") SUBSEP f("call") SUBSEP f("mode"); K[k] = 1
		V[k, f("round"), f("variant")] = f("extra_ns"); S[k, f("round"), f("variant")] = f("result") }
	END { printf "  %-7s %-7s %-16s %-8s %13s %13s ", "arch", "abi", "call", "mode", "base", "patched"
		for (r = 1; r <= nr; r++) printf " %7s", "r" r; printf "  spread\n"
		n = sorted(K, O)
		for (i = 1; i <= n; i++) { k = O[i]; for (r = 1; r <= nr; r++) { b = V[k, r, "base"]; p = V[k, r, "patched"]
				R[k, r] = b > 0 && p != "" && S[k, r, "base"] == "0" && S[k, r, "patched"] == "0" ? p / b : "" }
			split(k, x, SUBSEP)
			printf "  %-7s %-7s %-16s %-8s %7s %-5s %7s %-5s%s  %s\n", x[1], x[2], x[3], x[4],
				V[k, 1, "base"], S[k, 1, "base"], V[k, 1, "patched"], S[k, 1, "patched"], ratios(k), spread(k) }
		printf "# %s\n", rounds() }' "$restart"
} >"$out"
cat "$out"
echo "cost: $cost, $restart, $out"
exit $bad
