# shellcheck shell=sh
# shellcheck disable=SC2154 # t and top are selfcheck.sh's
# The results store's cases of scripts/selfcheck/selfcheck.sh, sourced by it (its
# check, fails_with, skip, $t and $top): fake runs only, no kernel.
mx=$top/scripts/matrix.py
sql() { # DB QUERY: the first column of each row
	/usr/bin/python3 -c 'import sqlite3, sys
for r in sqlite3.connect(sys.argv[1]).execute(sys.argv[2]): print(r[0])' "$@"
}
export RESULTS_DB="$t/rs/r.db"
"$top/scripts/results/fake-runs.sh" "$t/rs" >"$t/rs.log" 2>&1 || cat "$t/rs.log"
got=$(sql "$RESULTS_DB" 'SELECT count(*) FROM runs' 2>&1)
got="$got $(sql "$RESULTS_DB" "SELECT count(*) FROM results WHERE run = '1700000200000000000'" 2>&1)"
check "store: three fake runs ingested, 13 verdicts and 2 REPEAT boots in the last" test "$got" = "3 15"
sql "$RESULTS_DB" "SELECT tree||' '||kernel_version||' '||tarball_sha256||' '||series_hash||' '||seconds||' '||
	engine||' '||host||' '||commit_id FROM rows WHERE cell='6.1-patched' AND name='t.a' LIMIT 1" >"$t/rs/row" 2>&1
check "store: a row has tree, kernel version, tarball sha256, series hash, boot seconds, host, commit" \
	grep -Eq '^6\.1 6\.1\.99 [0-9a-f]{64} [0-9a-f]{64} 13\.5 local [^ ]+ [0-9a-f]{40}$' "$t/rs/row"
check "store: a declared failure is FAIL and expected (the report applies the table)" \
	grep -q "^6.1-base	x86_64	x86_64	t.b	FAIL	1$" "$t/rs/rep/verdicts.tsv"
check "JUnit: boot seconds and tree, kernel version, flavour properties" sh -c \
	"grep -q 'testsuite name=\"6.1-patched.x86_64.x86_64\" time=\"13.5\"' '$t/rs/rep/junit.xml' &&
	 grep -q 'name=\"kernel_version\" value=\"6.1.99\"/><property name=\"flavour\" value=\"patched\"' '$t/rs/rep/junit.xml'"
# Eight writers at once on a store none of them has yet: none is lost.
for i in 1 2 3 4 5 6 7 8; do
	RESULTS_DB="$t/rs/c.db" RUN_ID="180000000000000000$i" "$mx" store ingest --kind cell \
		--report "$t/rs/rep" --results "$t/rs/res" --table "$t/rs/cells.json" >"$t/rs/w$i" 2>&1 &
done
wait
got="$(sql "$t/rs/c.db" 'SELECT count(*) FROM runs' 2>&1) $(sql "$t/rs/c.db" 'SELECT count(*) FROM results' 2>&1)"
check "store: 8 concurrent writers -> 8 runs, every verdict (8 x 15)" test "$got" = "8 120"
printf 'not a database\n' >"$t/rs/bad.db"
fails_with "store: a damaged file -> one line, left as it was" "not an SQLite database" sh -c \
	"RESULTS_DB='$t/rs/bad.db' '$mx' store ingest --kind cell --report '$t/rs/rep' --results '$t/rs/res' --table '$t/rs/cells.json';
	 rc=\$?; grep -qx 'not a database' '$t/rs/bad.db' && exit \$rc"
sql "$t/rs/foreign.db" 'CREATE TABLE x (a)' >/dev/null
fails_with "store: another program's SQLite file -> one line" "damaged or foreign" \
	env RESULTS_DB="$t/rs/foreign.db" "$mx" store history
fails_with "store: nothing recorded yet -> one line" "empty (no run recorded yet" \
	env RESULTS_DB="$t/rs/none.db" "$mx" store compare 1
# Run 1 -> run 3 of fake-runs.sh: one of each category.
"$mx" store tag good 1700000000000000000 >/dev/null
"$mx" store compare good >"$t/rs/cmp" 2>&1
# Short run ids: 1, 2, 3 in the order fake-runs.sh recorded them (in a copy).
cp "$RESULTS_DB" "$t/rs/short.db"
RESULTS_DB="$t/rs/short.db" "$mx" store tag first 1 >/dev/null 2>&1
RESULTS_DB="$t/rs/short.db" "$mx" store compare 1 3 >"$t/rs/short.cmp" 2>&1
check "short run id: 1 names run 1700000000000000000 (tag-run, compare), shown beside the long id" sh -c \
	"[ '$(sql "$t/rs/short.db" "SELECT run FROM tags WHERE name = 'first'" 2>&1)' = 1700000000000000000 ] &&
	 grep -q '^compare #1 1700000000000000000 (first, good) -> #3 1700000200000000000' '$t/rs/short.cmp'"
cp "$RESULTS_DB" "$t/rs/old.db"
sql "$t/rs/old.db" 'DROP INDEX runs_seq' >/dev/null 2>&1
sql "$t/rs/old.db" 'ALTER TABLE runs DROP COLUMN seq' >/dev/null 2>&1
RESULTS_DB="$t/rs/old.db" "$mx" store runs >/dev/null 2>&1
check "short run id: a store made before them gets them on first open, in the order runs started" \
	test "$(sql "$t/rs/old.db" 'SELECT seq FROM runs ORDER BY started' 2>&1 | tr '\n' ' ')" = '1 2 3 '
# A store of format 1 (cells.flavour, before the glossary's words): the
# fake runs' store taken back to it, its view as format 1 had it.
cp "$RESULTS_DB" "$t/rs/f1.db"
/usr/bin/python3 - "$t/rs/f1.db" <<'PY'
import sqlite3, sys
con = sqlite3.connect(sys.argv[1], isolation_level=None)
con.execute("DROP VIEW rows")
con.execute("ALTER TABLE cells RENAME COLUMN name TO flavour")
con.execute("""CREATE VIEW rows AS
    SELECT r.id AS run, r.started, r.ended, r.host, r.commit_id, c.tree,
        t.version AS kernel_version, t.sha256 AS tarball_sha256,
        c.series_hash, c.cell, c.flavour, c.arch, c.abi, x.suite, x.name,
        x.verdict, x.expected, c.seconds, c.engine, c.status
    FROM results x JOIN runs r ON r.id = x.run
    JOIN cells c ON c.run = x.run AND c.cell = x.cell AND c.arch = x.arch
        AND c.abi = x.abi
    LEFT JOIN trees t ON t.run = x.run AND t.tree = c.tree
    WHERE x.boot = 0""")
con.execute("UPDATE meta SET value = 'selectmatrix-results 1' WHERE key = 'format'")
PY
RESULTS_DB="$t/rs/f1.db" "$mx" store compare good >"$t/rs/f1.cmp" 2>&1
RESULTS_DB="$t/rs/f1.db" RUN_ID=1700000400000000000 "$mx" store ingest --kind cell --report "$t/rs/rep" \
	--results "$t/rs/res" --table "$t/rs/cells.json" >"$t/rs/f1.log" 2>&1
got="$(cmp -s "$t/rs/cmp" "$t/rs/f1.cmp" && echo same-compare)"
got="$got $(sql "$t/rs/f1.db" 'SELECT count(*) FROM runs' 2>&1)"
got="$got $(sql "$t/rs/f1.db" "SELECT value FROM meta WHERE key = 'format'" 2>&1)"
got="$got $(sql "$t/rs/f1.db" "SELECT DISTINCT name FROM cells WHERE cell = '6.1-patched'" 2>&1)"
got="$got $(sql "$t/rs/f1.db" "SELECT DISTINCT row_name FROM rows WHERE run = '1700000400000000000' AND cell = '6.1-patched'" 2>&1)"
got="$got $(RESULTS_DB="$t/rs/f1.db" "$mx" store history 1 6.1-patched-x86_64 2>&1 | head -n 1)"
check "store of format 1 (cells.flavour): opens, compares as before, takes a run, is format 2 (cells.name)" \
	test "$got" = "same-compare 4 selectmatrix-results 2 patched patched cell 6.1-patched-x86_64 x86_64 (tree 6.1, patched):"
printf '%s\n' "UPDATE meta SET value = 'selectmatrix-results 9' WHERE key = 'format'" >"$t/rs/f9.sql"
cp "$RESULTS_DB" "$t/rs/f9.db"
/usr/bin/python3 -c 'import sqlite3, sys; sqlite3.connect(sys.argv[1], isolation_level=None).execute(open(sys.argv[2]).read())' \
	"$t/rs/f9.db" "$t/rs/f9.sql"
fails_with "store of a format newer than this checkout's -> one line" "format selectmatrix-results 9, not selectmatrix-results 2" \
	env RESULTS_DB="$t/rs/f9.db" "$mx" store runs
check "compare: t.a regressed, t.c fixed" sh -c \
	"grep -q 'regression: 6.1 6.1-patched-x86_64 x86_64 t.a: PASS -> FAIL' '$t/rs/cmp' &&
	 grep -q 'fix: 6.1 6.1-patched-x86_64 x86_64 t.c: FAIL -> PASS' '$t/rs/cmp'"
check "compare: t.f still failing 3 runs in a row, t.e disappeared" sh -c \
	"grep -q 'still failing: 6.1 6.1-patched-x86_64 x86_64 t.f: FAIL, 3 runs in a row' '$t/rs/cmp' &&
	 grep -q 'disappeared: 6.1 6.1-patched-x86_64 x86_64 t.e' '$t/rs/cmp'"
check "compare: flaky across runs (t.d) and between REPEAT boots (t.g)" sh -c \
	"grep -q 'flaky: 6.1 6.1-patched-x86_64 x86_64 t.d: PASS -> FAIL -> PASS' '$t/rs/cmp' &&
	 grep -q 'flaky: 6.1 6.1-patched-x86_64 x86_64 t.g: REPEAT boots: PASS FAIL' '$t/rs/cmp'"
# COMPARE_AS=: HEAD's row taken for BASE's (as a mutant's row against patched):
# run 3's patched fails t.a, run 1's base passes it.
"$mx" store compare 1700000200000000000 good --as 6.1-base=6.1-patched >"$t/rs/cmpas" 2>&1
check "compare COMPARE_AS=row=row: HEAD's row compared as BASE's (a mutant against patched)" \
	grep -q "fix: 6.1 6.1-patched-x86_64 x86_64 t.a: FAIL -> PASS" "$t/rs/cmpas"
fails_with "compare COMPARE_AS= not row=row -> one line" "COMPARE_AS=a=b=c: HEAD's row=BASE's row" \
	"$mx" store compare good good --as a=b=c
fails_with "baseline gate: a regression fails the run" "baseline #1 1700000000000000000 (good): FAIL (1 regressions)" \
	env BASELINE=good RUN_ID=1700000200000000000 "$mx" store record --kind matrix --engine local \
	--report "$t/rs/rep" --results "$t/rs/res" --table "$t/rs/cells.json"
RUN_ID=1700000250000000000 "$mx" store record --kind matrix --engine lab --report "$t/rs/rep" --results "$t/rs/res" \
	--table "$t/rs/cells.json" >"$t/rs/lab.log" 2>&1
check "a lab run is recorded as engine lab, its dashboard in its report folder" sh -c \
	"[ \"\$(RESULTS_DB='$RESULTS_DB' '$mx' store runs | grep -c ' lab ')\" = 1 ] && grep -q 1700000250000000000 '$t/rs/rep/index.html'"
check "baseline gate: the same run as baseline -> no regression" \
	"$mx" store compare 1700000200000000000 1700000200000000000 --gate
fails_with "compare: unknown run -> one line" "BASE=nope: no such run id, short run id or tag" "$mx" store compare nope
fails_with "make matrix BASELINE= of another tree -> one line before any work" \
	"BASELINE=good: run 1700000000000000000 is of tree(s) 6.1, not 7.2" \
	make -s -C "$top" -n matrix TREES=7.2 BASELINE=good
fails_with "make compare without BASE -> one line" "BASE=: name a run id or tag" \
	make -s -C "$top" compare
"$top/scripts/selfcheck/fake-table.sh" "$t/rs/cells72.json" tree=7.2:6.1.99 "6.1-base x86_64 x86_64 6.1 base"
RUN_ID=1700000300000000000 "$mx" store ingest --kind cell --report "$t/rs/rep" --results "$t/rs/res" \
	--table "$t/rs/cells72.json" >/dev/null
fails_with "compare: runs of different trees -> one line" "nothing to compare" "$mx" store compare good 1700000300000000000
# KCIDB: the fake's run 3 (debug: a kernel splat after t.a passed).
"$mx" store kcidb 1700000200000000000 "$t/rs/k.json" >"$t/rs/k.log" 2>&1
check "kcidb: run exported and valid against the schema" grep -q 'valid against' "$t/rs/k.log"
check "kcidb: the guest with a kernel splat has no PASS, its boot is ERROR" /usr/bin/python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
dbg = [x for x in d["tests"] if x["misc"]["cell"] == "6.1-debug-x86_64"]
assert dbg and all(x["status"] in ("ERROR", "MISS") for x in dbg), dbg
assert [x["status"] for x in dbg if x["path"] == "select.boot"] == ["ERROR"]
assert len(d["checkouts"]) == 2 and any(c["patchset_hash"] for c in d["checkouts"])
' "$t/rs/k.json"
"$mx" store kcidb 1700000000000000000 "$t/rs/k1.json" >/dev/null 2>&1
check "kcidb: a hung guest is MISS" /usr/bin/python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert {x["status"] for x in d["tests"] if x["misc"]["cell"] == "6.1-debug-x86_64"} == {"MISS"}
' "$t/rs/k1.json"
fails_with "kcidb: an origin the schema forbids -> one line, no file" "KCIDB_ORIGIN=Bad-Origin: KCIDB allows only" \
	sh -c "KCIDB_ORIGIN=Bad-Origin '$mx' store kcidb '$t/rs/k2.json'; rc=\$?; [ ! -e '$t/rs/k2.json' ] && exit \$rc"
printf '{"required": ["nothing"]}\n' >"$t/rs/strict.json"
fails_with "kcidb: a document the schema rejects -> no file, no partial one" "not valid against" \
	sh -c "KCIDB_SCHEMA='$t/rs/strict.json' '$mx' store kcidb '$t/rs/k3/k.json'; rc=\$?;
	       [ -z \"\$(ls -A '$t/rs/k3' 2>/dev/null)\" ] && exit \$rc"
mkdir -p "$t/rs/clean/results" && : >"$t/rs/clean/results.db"
check "make clean keeps the results store" sh -c \
	"make -s -C '$top' clean B='$t/rs/clean' >/dev/null && [ -f '$t/rs/clean/results.db' ] && [ ! -d '$t/rs/clean/results' ]"
if command -v chromium >/dev/null; then
	"$mx" store dashboard 1700000200000000000 "$t/rs/rep" >/dev/null
	check "dashboard in headless Chromium: grid counts = report.txt's, a cell page, its console log" \
		"$top/scripts/results/dashboard-check.sh" "$t/rs/rep" "$t/rs/shot.png"
else
	skip "dashboard in headless Chromium" "chromium not installed (make dashboard-check installs it)"
fi
unset RESULTS_DB
