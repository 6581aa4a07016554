#!/bin/sh
# bench-report.sh DIR "VARIANTS" "ARCHES": collect the "# csv:" lines of
# DIR/results/<variant>/<arch>/<abi>.ktap into DIR/lateness.csv (and the
# other figures), the cost rounds' through scripts/results/cost-report.sh (into
# DIR/cost.csv, DIR/restart.csv), plot DIR/lateness-<arch>.png (native ABI, pselect6 and
# clock_nanosleep, median lateness vs request, log-log, like the seeds'
# graph) and print DIR/summary.txt. Figures, not verdicts: it fails only
# when a bench guest did not finish.
set -eu
dir=$1 variants=$2 arches=$3
lat=$dir/lateness.csv cost=$dir/cost.csv coal=$dir/coalesce.csv cyc=$dir/cyclictest.csv sum=$dir/summary.txt
# The benches name their columns ("# csv-columns: WHAT,..."): the header
# is where this run is, then theirs. cyclictest.sh prints values only.
ktaps=$(find "$dir/results" -name '*.ktap' 2>/dev/null | sort)
header() { # WHAT PREFIX
	# shellcheck disable=SC2086 # a list of paths without blanks
	c=$( [ -z "$ktaps" ] || sed -n "s/^ *# csv-columns: $1,//p" $ktaps | head -n 1)
	echo "$2${c:-unknown}"
}
header lateness variant,arch, >"$lat"
echo "variant,arch,interval_us,min_us,avg_us,max_us" >"$cyc"
header coalesce variant,arch, >"$coal"
# Every awk below reads its CSV's columns by name: f("median_ns").
# shellcheck disable=SC2016 # awk code, not shell
byname='function f(n) { return $(col[n]) }
NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }'
bad=0
for v in $variants; do
	for a in $arches; do
		r=$dir/results/$v/$a
		st=$(cat "$r/status" 2>/dev/null || echo "not run")
		if [ "$st" != ok ]; then
			echo "bench: $v $a: $st" >&2
			bad=1
		fi
		for k in "$r"/*.ktap; do
			[ -f "$k" ] || continue
			sed -n "s/^ *# csv: lateness,/$v,$a,/p" "$k" >>"$lat"
			sed -n "s/^ *# csv: coalesce,/$v,$a,/p" "$k" >>"$coal"
			sed -n "s/^ *# csv: cyclictest,[^,]*,/$v,$a,/p" "$k" >>"$cyc"
			grep -h 'clock_getres' "$k" | sed "s|^ *# |$v $a ${k##*/}: |" >>"$dir/res.txt.tmp" || true
		done
	done
done

# The cost rounds (count clock): their own report, a section of ours.
"$(dirname "$0")/cost-report.sh" "$dir" "$arches" >"$dir/cost.out" || bad=1

# The figures the seeds and the issue name, per arch and ABI.
{
	cat "$dir/res.txt.tmp" 2>/dev/null || true
	rm -f "$dir/res.txt.tmp"
	awk -F, "$byname"'
	f("slack_ns") == 1 { m[f("variant") "," f("arch") "," f("abi") "," f("call") "," f("req_ns")] = f("median_ns")
		k[f("arch") "," f("abi")] = 1 }
	END {
		print ""
		print "median lateness of a 1 us request at timer_slack_ns 1 (us):"
		printf "%-8s %-7s %10s %10s %10s %8s\n", "arch", "abi", "lowres", "patched", "lowres/", "pselect6/"
		printf "%-8s %-7s %10s %10s %10s %8s\n", "", "", "pselect6", "pselect6", "patched", "nanosleep"
		for (x in k) {
			split(x, p, ",")
			lo = m["lowres," x ",pselect6,1000"]; hi = m["patched," x ",pselect6,1000"]
			ns = m["patched," x ",clock_nanosleep,1000"]
			printf "%-8s %-7s %10.1f %10.1f %10s %8s\n", p[1], p[2], lo / 1000, hi / 1000,
				(hi > 0 && lo != "") ? sprintf("%.0fx", lo / hi) : "-",
				(ns > 0) ? sprintf("%.2f", hi / ns) : "-"
		}
		print ""
		print "select-family / clock_nanosleep median lateness, patched, worst over requests:"
		for (key in m) {
			split(key, p, ",")
			if (p[1] != "patched" || p[4] == "clock_nanosleep") continue
			ns = m["patched," p[2] "," p[3] ",clock_nanosleep," p[5]]
			if (ns <= 0) continue
			r = m[key] / ns
			w = p[2] " " p[3] " " p[4]
			if (!(w in worst) || r > worst[w]) { worst[w] = r; at[w] = p[5] }
		}
		for (w in worst) printf "  %-28s %5.2f (at %d us)\n", w, worst[w], at[w] / 1000
	}' "$lat"
	echo
	sed '$d' "$dir/cost.out"
	rm -f "$dir/cost.out"
	echo
	echo "cyclictest (SCHED_FIFO clock_nanosleep, 1 ms interval, 10 s), us:"
	awk -F, "$byname"'
	{ printf "  %-8s %-7s min %s avg %s max %s\n", f("variant"), f("arch"), f("min_us"), f("avg_us"), f("max_us") }' "$cyc"
	echo
	echo "coalescing: timer interrupts/s (wakeups/s) of 16 pselect6 sleepers at slack 1 ns, 50 us, 1 ms:"
	awk -F, "$byname"'
	{ k = f("variant") " " f("arch") " " f("abi"); irq = f("timer_irqs_per_s")
		v[k] = v[k] sprintf(" %6d (%d)", irq, f("wakeups_per_s"))
		if (f("slack_ns") == 1) lo[k] = irq; if (f("slack_ns") == 1000000) hi[k] = irq }
	END { for (k in v) printf "  %-22s%s  ratio 1ns/1ms %.2f\n", k, v[k], hi[k] ? lo[k] / hi[k] : 0 }' "$coal" | sort
} >"$sum"

# One plot per arch: the native ABI (named like the arch).
if command -v gnuplot >/dev/null; then
	for a in $arches; do
		plot=
		for v in lowres patched; do
			for c in pselect6 clock_nanosleep; do
				f=$dir/.plot-$a-$v-$c
				awk -F, -v v="$v" -v a="$a" -v c="$c" "$byname"'
					f("variant") == v && f("arch") == a && f("abi") == a && f("call") == c && f("slack_ns") == 1 {
						l = f("median_ns") < 1 ? 1 : f("median_ns"); print f("req_ns") / 1000, l / 1000 }' "$lat" >"$f"
				[ -s "$f" ] && plot="$plot${plot:+, }'$f' using 1:2 with linespoints title '$v $c'"
			done
		done
		[ -n "$plot" ] || continue
		gnuplot <<EOT
set terminal png size 900,600 noenhanced
set output '$dir/lateness-$a.png'
set title 'select/poll lateness on $a (TCG guest, timer_slack_ns 1, median)'
set logscale xy
set xlabel 'requested timeout (us)'
set ylabel 'woke up late by (us)'
set key top left
set grid
plot $plot
EOT
		rm -f "$dir"/.plot-"$a"-*
	done
else
	echo "bench: gnuplot not installed, no plot" >&2
fi
cat "$sum"
echo "bench: $lat, $cost, $dir/restart.csv, $coal, $cyc, $sum$(for a in $arches; do printf ' %s' "$dir/lateness-$a.png"; done)"
exit $bad
