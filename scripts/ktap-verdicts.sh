#!/bin/sh
# ktap-verdicts.sh [-s] FILE...: one "test.case PASS|FAIL|SKIP" line per
# case of the matrix's KTAP (a suite of test programs, each with its cases
# indented one level), as the report names its rows; a program that failed
# without a failing case (crash, short plan) is a FAIL row of its own. The
# one reader of the matrix's KTAP (report.sh, mutants.sh, series.py and
# lava.py call it). -s also prints each "# summary: " line of a program as
# "# summary <text>".
sum=0
[ "${1:-}" = -s ] && { sum=1; shift; }
awk -v sum="$sum" '
/^    # summary: / {
	if (sum) { s = $0; sub(/^    # summary: /, "", s); print "# summary", s }
	next
}
/^    (not )?ok [0-9]+ / {
	r = $0; sub(/^    /, "", r)
	v = (r ~ /^not ok/) ? "FAIL" : (r ~ /# SKIP/ ? "SKIP" : "PASS")
	sub(/^(not )?ok [0-9]+ /, "", r); sub(/ #.*/, "", r)
	name[++n] = r; verdict[n] = v
	next
}
/^(not )?ok [0-9]+ / {
	t = $0; bad = (t ~ /^not ok/)
	sub(/^(not )?ok [0-9]+ /, "", t); sub(/ #.*/, "", t)
	anyfail = 0
	for (j = 1; j <= n; j++) {
		print t "." name[j], verdict[j]
		if (verdict[j] == "FAIL") anyfail = 1
	}
	if (bad && !anyfail) print t, "FAIL"
	n = 0
}' "$@"
