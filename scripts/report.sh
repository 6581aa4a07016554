#!/bin/sh
# report.sh RESULTS EXPECTED INFO OUTDIR CELL...
# CELL is row:arch:abi:tree:flavour (the Makefile's report_cells). Reads
# RESULTS/row/arch/{status,abi.ktap}, applies the declared expected
# failures, prints one table (rows: tests, columns: tree x flavour x ABI),
# writes OUTDIR/report.txt and OUTDIR/junit.xml,
# and exits 1 if any cell failed, an expected failure passed, or an
# expectation names no test in the cells run. An expectation's ABI glob
# without ":" matches the ABI under every arch; "arch:abi" (globs) only
# under that guest arch (a native 32-bit kernel vs compat on a 64-bit one).
# With TIMES (scripts/timed.sh's directory) it marks reused cells and ends
# with the time table, this make run's stages (RUN_ID) apart from those it
# found up to date. OUTDIR/verdicts.tsv and OUTDIR/cells.tsv are the same
# verdicts for machines (scripts/results/): expectations are applied here
# only.
set -eu
results=$1 expected=$2 info=$3 outdir=$4; shift 4
mkdir -p "$outdir"
awk -v cells="$*" -v expected="$expected" -v results="$results" \
    -v info="$info" -v junit="$outdir/junit.xml" -v times="${TIMES:-}" \
    -v vtsv="$outdir/verdicts.tsv" -v ctsv="$outdir/cells.tsv" \
    -v run="${RUN_ID:-}" -v here="$(dirname "$0")" '
function glob2re(g) {
	gsub(/[.+^$(){}|\[\]\\]/, "\\\\&", g)
	gsub(/\*/, ".*", g)
	gsub(/\?/, ".", g)
	return "^" g "$"
}
# The boot line of a cell in the time table, split into p; 0 when none.
function bootline(id, p,   f, l) {
	if (times == "") return 0
	f = times "/boot_" id
	gsub(/[^A-Za-z0-9_.\/-]/, "_", f)
	l = ""
	if ((getline l < f) <= 0) { close(f); return 0 }
	close(f)
	return split(l, p, "\t")
}
# How a cell got its result this run.
function how(id,   p) {
	if (!bootline(id, p)) return ""
	if (p[3] != run) return " (result of an earlier run)"
	return p[4] ~ /^reused/ ? " (reused)" : ""
}
# An expectation "[tree:]flavour [arch:]abi row" holds for a cell of that
# flavour, of that tree or (no tree) of every tree; an ABI with an arch only
# under that guest arch.
function xmatch(e, i) {
	return ef[e] == cf[i] && (et[e] == "" || et[e] == ct[i]) &&
		(eq[e] ? ca[i] ":" cabi[i] : cabi[i]) ~ eabi[e]
}
# The boot seconds of a cell ("" when not known).
function secs(id,   p) { return bootline(id, p) ? p[2] : "" }
# A header line of groups (1 trees, 2 flavours, 3 arches): a group name
# spans the columns of its cells.
function gkey(i, level) {
	return level == 1 ? ct[i] : level == 2 ? cv[i] : cv[i] SUBSEP ca[i]
}
function header(first, level,   hdr, i, j, span, name) {
	hdr = sprintf("%-" w0 "s", first)
	for (i = 1; i <= ncell; i = j) {
		for (j = i + 1; j <= ncell && gkey(j, level) == gkey(i, level); j++) ;
		span = (j - i) * cw
		name = level == 1 ? ct[i] : level == 2 ? cf[i] : ca[i]
		hdr = hdr sprintf("%-" span "s", substr(name, 1, span - 1))
	}
	print hdr
}
function addrow(r) { if (!(r in seen)) { seen[r] = 1; rows[++nrows] = r } }
function xml(s) {
	gsub(/&/, "\\&amp;", s); gsub(/</, "\\&lt;", s); gsub(/>/, "\\&gt;", s)
	gsub(/"/, "\\&quot;", s)
	return s
}
# The time table: the stages of this run first, in pipeline order, then those
# it found up to date (their time is from the run that made them).
function timetable(   cmd, l, p, k, nt, order, key, cur, tot) {
	cmd = "cat " times "/* 2>/dev/null"
	nt = 0
	while ((cmd | getline l) > 0) {
		split(l, p, "\t")
		k = p[1]; sub(/ .*/, "", k)
		order = index("deps tree headers programs overlay initramfs kernel boot", k)
		key = sprintf("%d %03d %s", p[3] == run ? 0 : 1, order, p[1])
		tl[key] = sprintf("  %-34s %7.1f s  %s%s", p[1], p[2], \
			p[3] == run ? "" : "up to date, earlier run: ", p[4])
		if (p[3] == run) cur += p[2]
		keys[++nt] = key
	}
	close(cmd)
	if (!nt) return
	print "time table (stage, seconds, what happened):"
	# Insertion sort: few lines, and awk has no portable sort.
	for (i = 2; i <= nt; i++) {
		k = keys[i]
		for (j = i - 1; j >= 1 && keys[j] > k; j--) keys[j + 1] = keys[j]
		keys[j + 1] = k
	}
	for (i = 1; i <= nt; i++) print tl[keys[i]]
	printf "  (stages run this time: %.0f s of work, in parallel)\n", cur
}
BEGIN {
	ncell = split(cells, cell, " ")
	for (i = 1; i <= ncell; i++) {
		split(cell[i], p, ":")
		cv[i] = p[1]; ca[i] = p[2]; cabi[i] = p[3]; ct[i] = p[4]; cf[i] = p[5]
		st = results "/" p[1] "/" p[2] "/status"
		status[i] = "not run"
		if ((getline s < st) > 0) status[i] = s
		close(st)
		# The one KTAP reader (scripts/ktap-verdicts.sh): "test.case V"
		# lines, and its "# summary" lines echoed under the cell.
		f = results "/" p[1] "/" p[2] "/" p[3] ".ktap"
		cmd = "test -f \"" f "\" && \"" here "/ktap-verdicts.sh\" -s \"" f "\""
		while ((cmd | getline line) > 0) {
			if (line ~ /^# summary /) {
				sub(/^# summary /, "", line)
				summ[i] = summ[i] "    " line "\n"
				continue
			}
			r = line; sub(/ [A-Z]+$/, "", r)
			addrow(r)
			got[r, i] = substr(line, length(r) + 2)
		}
		close(cmd)
	}
	# Expected failures: [tree:]flavour [arch:]abi-glob row-glob [# reason]
	nexp = 0
	while ((getline line < expected) > 0) {
		sub(/#.*/, "", line)
		if (split(line, w, " ") < 3) continue
		nexp++; ev[nexp] = w[1]; eabi[nexp] = glob2re(w[2])
		eq[nexp] = index(w[2], ":") > 0
		et[nexp] = ""; ef[nexp] = w[1]
		if ((k = index(w[1], ":")) > 0) {
			et[nexp] = substr(w[1], 1, k - 1); ef[nexp] = substr(w[1], k + 1)
		}
		erow[nexp] = glob2re(w[3]); etext[nexp] = w[1] " " w[2] " " w[3]
		used[nexp] = 0
	}
	close(expected)

	bad = 0
	for (n = 1; n <= nrows; n++) {
		r = rows[n]
		for (i = 1; i <= ncell; i++) {
			if (!((r, i) in got)) {
				res[r, i] = (status[i] == "ok") ? "-" : "ERR"
				continue
			}
			xf = 0
			for (e = 1; e <= nexp; e++)
				if (xmatch(e, i) && r ~ erow[e]) {
					xf = 1; used[e]++
				}
			g = got[r, i]
			xfl[r, i] = xf
			if (xf && g == "FAIL") g = "XFAIL"
			else if (xf && g == "PASS") g = "XPASS"
			res[r, i] = g
			if (g == "FAIL" || g == "XPASS") { bad++; badrows[r] = 1 }
		}
	}

	# "tree <t>: <version> from ..." names the kernel version of each tree.
	while ((getline line < info) > 0) {
		print line
		if (line ~ /^tree [^ ]+: /) {
			split(line, w, " "); t = w[2]; sub(/:$/, "", t); kv[t] = w[3]
		}
	}
	close(info)
	# Header: tree and flavour groups, then ABIs; columns as wide as any name.
	w0 = 44; cw = 7; wv = 8; wa = 7
	for (i = 1; i <= ncell; i++) {
		if (length(cabi[i]) + 1 > cw) cw = length(cabi[i]) + 1
		if (length(ca[i]) + 1 > cw) cw = length(ca[i]) + 1
		if (length(cf[i]) + 1 > cw) cw = length(cf[i]) + 1
		if (length(cv[i]) + 1 > wv) wv = length(cv[i]) + 1
		if (length(ca[i]) + 1 > wa) wa = length(ca[i]) + 1
	}
	# A group name spans its columns; longer ones are cut: trees, then
	# flavours, then arches.
	header("tree", 1); header("", 2); header("", 3)
	hdr = sprintf("%-" w0 "s", "test.case")
	for (i = 1; i <= ncell; i++) hdr = hdr sprintf("%-" cw "s", cabi[i])
	print hdr
	for (n = 1; n <= nrows; n++) {
		r = rows[n]
		l = sprintf("%-" w0 "s", length(r) >= w0 ? substr(r, 1, w0 - 2) "~" : r)
		for (i = 1; i <= ncell; i++) l = l sprintf("%-" cw "s", res[r, i])
		print l
	}
	print ""
	for (i = 1; i <= ncell; i++) {
		np = nf = nx = 0
		for (n = 1; n <= nrows; n++) {
			g = res[rows[n], i]
			if (g == "PASS") np++
			else if (g == "XFAIL") nx++
			else if (g == "FAIL" || g == "XPASS" || g == "ERR") nf++
		}
		printf "cell %-" wv "s %-" wa "s %-" cw "s guest: %s%s; %d passed, %d expected failures, %d failed\n", \
			cv[i], ca[i], cabi[i], status[i], how(cv[i] "-" ca[i]), np, nx, nf
		printf "%s", summ[i]
		if (status[i] != "ok") bad++
	}
	# Stale only if a cell of its flavour and ABI ran (ARCHES= subsets
	# leave the other arches declarations unchecked).
	for (e = 1; e <= nexp; e++) {
		if (used[e]) continue
		ran = 0
		for (i = 1; i <= ncell; i++)
			if (xmatch(e, i)) ran = 1
		if (ran) {
			printf "expectation matches no test: %s\n", etext[e]
			bad++
		}
	}
	# In table order: two reports of the same verdicts print the same lines.
	for (n = 1; n <= nrows; n++) if (rows[n] in badrows) printf "FAILED: %s\n", rows[n]
	if (times != "") timetable()

	# For machines: one line per cell and per row a cell ran, the KTAP
	# verdict (ERR: missing from a cell that did not finish) and whether
	# the expected-failure table declares it.
	printf "" > vtsv; printf "" > ctsv
	for (i = 1; i <= ncell; i++) {
		sec[i] = secs(cv[i] "-" ca[i])
		printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", cv[i], ca[i], cabi[i], ct[i], cf[i],
			status[i], sec[i], how(cv[i] "-" ca[i]) != "" ? 1 : 0 > ctsv
		for (n = 1; n <= nrows; n++) {
			r = rows[n]; g = res[r, i]
			if (g == "-") continue
			v = g == "XFAIL" ? "FAIL" : (g == "XPASS" ? "PASS" : g)
			printf "%s\t%s\t%s\t%s\t%s\t%d\n", cv[i], ca[i], cabi[i], r, v, xfl[r, i] > vtsv
		}
	}
	close(vtsv); close(ctsv)
	# JUnit: one suite per cell, its boot seconds as its time.
	printf "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n" > junit
	for (i = 1; i <= ncell; i++) {
		printf "  <testsuite name=\"%s.%s.%s\"%s>\n", cv[i], ca[i], cabi[i],
			sec[i] != "" ? " time=\"" sec[i] "\"" : "" > junit
		printf "    <properties><property name=\"tree\" value=\"%s\"/><property name=\"kernel_version\" value=\"%s\"/><property name=\"flavour\" value=\"%s\"/><property name=\"arch\" value=\"%s\"/><property name=\"abi\" value=\"%s\"/></properties>\n", \
			xml(ct[i]), xml(kv[ct[i]]), xml(cf[i]), xml(ca[i]), xml(cabi[i]) > junit
		if (status[i] != "ok")
			printf "    <testcase classname=\"guest\" name=\"boot\"%s><failure message=\"%s\"/></testcase>\n", \
				sec[i] != "" ? " time=\"" sec[i] "\"" : "", xml(status[i]) > junit
		for (n = 1; n <= nrows; n++) {
			r = rows[n]; g = res[r, i]
			if (g == "-") continue
			cls = r; sub(/\..*/, "", cls); nm = r; sub(/^[^.]*\.?/, "", nm)
			if (nm == "") nm = cls
			printf "    <testcase classname=\"%s\" name=\"%s\">", xml(cls), xml(nm) > junit
			if (g == "FAIL" || g == "XPASS" || g == "ERR")
				printf "<failure message=\"%s\"/>", g > junit
			else if (g == "SKIP")
				printf "<skipped/>" > junit
			else if (g == "XFAIL")
				printf "<system-out>expected failure on %s</system-out>", cv[i] > junit
			printf "</testcase>\n" > junit
		}
		printf "  </testsuite>\n" > junit
	}
	printf "</testsuites>\n" > junit
	if (bad) { printf "matrix: FAIL (%d problems)\n", bad; exit 1 }
	print "matrix: PASS"
}' </dev/null | tee "$outdir/report.txt"
rc=$(tail -n 1 "$outdir/report.txt")
# Show what a failed guest printed, so the reason is on screen.
for c in "$@"; do
	IFS=: read -r v a _ <<EOF
$c
EOF
	p=$results/$v/$a/problem
	[ -s "$p" ] && [ ! -f "$outdir/.shown.$v.$a" ] && {
		echo "--- $v $a: $(cat "$results/$v/$a/status")"
		cat "$p"
		: >"$outdir/.shown.$v.$a"
	}
done
rm -f "$outdir"/.shown.*
[ "$rc" = "matrix: PASS" ]
