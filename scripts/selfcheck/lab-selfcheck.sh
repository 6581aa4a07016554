#!/bin/bash
# lab-selfcheck.sh CELL...: make lab against a throwaway LAVA lab on this
# machine. Debian 12's lava-server and lava-worker, started here without
# systemd and on 127.0.0.1 only: gunicorn (the API), the scheduler, one
# worker with LAB_DEVICES qemu devices (no_kvm is in each job's context),
# artifacts served by python3 -m http.server from build/lava/jobs. The
# server keeps its data in a database, role and folders of its own, all
# removed at the end (trap): processes by their PID, never by name.
#   1. bad input: unknown identity, a token the server refuses, a job it
#      rejects, a job that ends incomplete, a job cancelled while it runs:
#      each one line naming the cell and the cause, a non-zero exit, no report
#   2. CELL... through make lab itself (make lab LAVA_IDENTITY= ARTIFACT_URL=
#      LAVA_CELLS=: its argument check, export, submit, wait, report), then
#      their verdicts compared with make matrix's cell by cell and as a whole
#      report (scripts/lava/lava.sh compare-lab); make lab's bad input as well
#   LAB_MUTATION_IDS: make mutation of those mutants (this make's TREE=,
#      ARCHES=) here, then on the lab (its bad input first): the same
#      verdict per mutant and arch, each booted cell's verdict rows equal
#   3. the server stopped: one line, non-zero, no report
# Needs root (apt-get, postgres, lava-run). CELLS_JSON: make's cell table.
set -euo pipefail
# With pipefail, no "| grep -q": it may end the writer early (SIGPIPE).
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
B=${B:-$top/build}
D=$B/lab-selfcheck
port=${LAB_PORT:-18461}
aport=${LAB_ARTIFACT_PORT:-18462}
ndev=${LAB_DEVICES:-$(nproc)}
# Debian's LAVA tools run on Debian's python (django is only there), not
# the first python3 on PATH.
py=/usr/bin/python3
t0=$(date +%s)
[ $# -gt 0 ] || { echo "lab-selfcheck: usage: lab-selfcheck.sh CELL..."; exit 2; }
[ "$(id -u)" = 0 ] || { echo "lab-selfcheck: -: runs as root (apt-get, postgres, lava-run)"; exit 2; }

say() { echo "[$(( $(date +%s) - t0 ))s] lab-selfcheck: $*"; }
fail() { echo "lab-selfcheck: $*"; exit 1; }
apt() { DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 install -y -q \
	--no-install-recommends "$@" >>"$D/apt.log" 2>&1 || { tail -n 5 "$D/apt.log"; fail "-: apt-get install $* failed"; }; }
installed() { dpkg-query -W -f='${Status}\n' "$@" 2>/dev/null | grep -c 'install ok installed' || true; }

rm -rf "$D" && mkdir -p "$D"/{server/devices,server/media,worker,lavacli,fake}
: >"$D/pids"

# --- packages ----------------------------------------------------------------
# lava-server's postinst creates its database only when PostgreSQL is up
# (else it is skipped without an error): the cluster first, then lava-server.
[ "$(installed postgresql)" = 1 ] || apt postgresql
pgver=$(pg_lsclusters -h | awk '$2 == "main" { print $1; exit }')
[ -n "$pgver" ] || fail "-: no PostgreSQL cluster 'main' (pg_lsclusters)"
# The machine is left as it was found: a cluster started here is stopped.
if ! pg_lsclusters -h | awk -v v="$pgver" '$1 == v && $2 == "main" { print $4 }' | grep -qx online; then
	pg_ctlcluster "$pgver" main start
	pg_started=$pgver
fi
[ "$(installed lava-server lavacli)" = 2 ] || apt lava-server lavacli
"$top/scripts/lava/lava.sh" deps >/dev/null
if dpkg-query -W -f='${db:Status-Abbrev} ${Package}\n' 'linux-image*' 2>/dev/null | grep '^.[iUFHWt]' >/dev/null; then
	fail "-: a linux-image package is installed on the host"
fi

# --- a server of our own -------------------------------------------------------
id=matrix_lab_$$
worker=matrix-lab-$$
pw=$($py -c 'import secrets; print(secrets.token_hex(16))')
pgq() { runuser -u postgres -- psql -q -v ON_ERROR_STOP=1 "$@" >>"$D/psql.log" 2>&1; }
kill_tree() { # PID and every process under it
	for c in $(pgrep -P "$1"); do kill_tree "$c"; done
	kill -9 "$1" 2>/dev/null
}
teardown() {
	set +e
	# Newest first: the worker before the server it talks to.
	tac "$D/pids" 2>/dev/null | while read -r pid what; do
		kill "$pid" 2>/dev/null || continue
		for _ in 1 2 3 4 5 6 7 8 9 10; do kill -0 "$pid" 2>/dev/null || break; sleep 1; done
		kill -9 "$pid" 2>/dev/null
		echo "lab-selfcheck: stopped $what (pid $pid)"
	done
	# A job still running under a killed worker (lava-run --output-dir in
	# the worker's folder) leaves lava-run and its QEMU behind.
	pgrep -f -- "--output-dir=$D/worker/" | while read -r pid; do kill_tree "$pid"; done
	pgq -c "DROP DATABASE IF EXISTS $id" -c "DROP ROLE IF EXISTS $id"
	rm -f "/etc/lava-server/dispatcher.d/$worker.yaml"
	if [ -n "${pg_started:-}" ]; then
		pg_ctlcluster "$pg_started" main stop && echo "lab-selfcheck: stopped the PostgreSQL cluster it started ($pg_started main)"
	fi
}
trap teardown EXIT
trap 'exit 130' INT TERM
pgq -c "CREATE ROLE $id LOGIN PASSWORD '$pw'" -c "CREATE DATABASE $id OWNER $id"
# prod.py reads LAVA_YAML_SETTINGS_* / LAVA_SETTINGS_* after /etc's files.
export LAVA_YAML_SETTINGS_DATABASES="{default: {ENGINE: django.db.backends.postgresql, NAME: $id, USER: $id, PASSWORD: $pw, HOST: 127.0.0.1, PORT: 5432}}"
export LAVA_SETTINGS_DEVICES_PATH=$D/server/devices
export LAVA_SETTINGS_MEDIA_ROOT=$D/server/media/
export LAVA_SETTINGS_DJANGO_LOGFILE=$D/server/django.log
export LAVA_SETTINGS_HEALTH_CHECKS_PATH=$D/server/health-checks
# lavacli's identities in a private file, not ~/.config.
export XDG_CONFIG_HOME=$D/lavacli
manage() { lava-server manage "$@" 2>>"$D/server/manage.log"; }
say "database $id (PostgreSQL $pgver): migrate"
manage migrate --noinput >"$D/server/migrate.log" || fail "-: lava-server manage migrate failed ($D/server/migrate.log)"
manage users add --superuser --staff matrix >/dev/null
token=$(manage tokens add --user matrix)
manage device-types add qemu >/dev/null
wtoken=$(manage workers add "$worker" | sed -n 's/^Token: //p')
if [ -z "$token" ] || [ -z "$wtoken" ]; then fail "-: no user or worker token"; fi
# The worker machine has no route the guests' side would use: dispatcher_ip
# (the server reads dispatcher.d from /etc only).
mkdir -p /etc/lava-server/dispatcher.d
echo "dispatcher_ip: 127.0.0.1" >"/etc/lava-server/dispatcher.d/$worker.yaml"
for n in $(seq "$ndev"); do
	echo "{% extends 'qemu.jinja2' %}" >"$D/server/devices/$worker-qemu-$n.jinja2"
	manage devices add --device-type qemu --worker "$worker" "$worker-qemu-$n" >/dev/null
done

start() { # NAME CMD...: in the background, its PID kept for the teardown
	name=$1; shift
	"$@" >"$D/$name.log" 2>&1 &
	echo "$! $name" >>"$D/pids"
	# Stopped by the teardown, not reported by the shell.
	disown $!
}
start gunicorn gunicorn3 lava_server.wsgi --bind "127.0.0.1:$port" --workers 2 --timeout 120
start scheduler lava-server manage lava-scheduler --log-file "$D/server/scheduler.log"
# Served before the export below writes it: a folder that is not there
# answers nothing but 404.
mkdir -p "$B/lava/jobs"
start artifacts "$py" -m http.server "$aport" --bind 127.0.0.1 --directory "$B/lava/jobs"
up() { $py -c "import urllib.request,sys; urllib.request.urlopen(sys.argv[1], timeout=2)" "$1" 2>/dev/null; }
for _ in $(seq 60); do up "http://127.0.0.1:$port/api/v0.2/" && up "http://127.0.0.1:$aport/" && break; sleep 1; done
up "http://127.0.0.1:$port/api/v0.2/" || fail "-: the server did not answer on 127.0.0.1:$port ($D/gunicorn.log)"
up "http://127.0.0.1:$aport/" || fail "-: the artifact server did not answer on 127.0.0.1:$aport ($D/artifacts.log)"
start worker lava-worker --url "http://127.0.0.1:$port/" --token "$wtoken" --name "$worker" \
	--worker-dir "$D/worker/" --log-file "$D/worker.log" --level INFO
uri=http://127.0.0.1:$port/RPC2
lavacli identities add --uri "$uri" --username matrix --token "$token" lab >/dev/null
lavacli identities add --uri "$uri" --username matrix --token "not-$token" badtoken >/dev/null
online() { lavacli -i lab workers show "$worker" 2>/dev/null | grep 'state *: Online' >/dev/null; }
for _ in $(seq 60); do online && break; sleep 1; done
online || fail "-: worker $worker not online ($D/worker.log)"
say "server up: 127.0.0.1:$port, worker $worker, $ndev qemu devices, artifacts at 127.0.0.1:$aport"

# --- make mutation on the lab (LAB_MUTATION_IDS) -----------------------------------------
# make mutation MUTATION_IDS=... (TREE=, ARCHES= as this make's) run
# here first, then with LAVA_IDENTITY on this lab: its bad input refused
# before any work (one line, exit 2), then each mutant's verdict per arch
# (build/lab/report/mutation/table.tsv) equal to the local run's
# (build/report/mutation/table.tsv), and each booted cell's verdict rows
# equal (lava.sh compare-mutation). First: make lab's steps below export
# its own cells' jobs afresh.
export ARTIFACT_URL=http://127.0.0.1:$aport
mkflags=$(printf '%s' "${MAKEFLAGS:-}" | sed 's/ *--jobserver-[a-z]*=[^ ]*//g')
pass=0
if [ -n "${LAB_MUTATION_IDS:-}" ]; then
	mkmut() { env -u MAKELEVEL -u MFLAGS MAKEFLAGS="$mkflags" make -C "$top" --no-print-directory mutation \
		MUTATION_IDS="$LAB_MUTATION_IDS" "$@"; }
	mutbad() { # NAME PATTERN KNOBS...: one line "*** KNOB=...: cause", exit 2
		rc=0; mkmut "${@:3}" >"$D/out" 2>&1 || rc=$?
		if [ "$rc" != 2 ] || [ "$(grep -c '\*\*\* ' "$D/out")" != 1 ] || [ "$(wc -l <"$D/out")" != 1 ] ||
			! grep -- "$2" "$D/out" >/dev/null; then
			cat "$D/out"; fail "$1: not one line with '$2' and exit 2"
		fi
		pass=$((pass + 1)); echo "ok $pass $1 (exit $rc): $(cat "$D/out")"
	}
	say "make mutation on the lab: $LAB_MUTATION_IDS"
	mutbad "make mutation: LAVA_IDENTITY without ARTIFACT_URL" "ARTIFACT_URL=: where the lab" LAVA_IDENTITY=lab ARTIFACT_URL=
	mutbad "make mutation: ARTIFACT_URL not a URL" "ARTIFACT_URL='127.0.0.1:$aport' is not a URL" \
		LAVA_IDENTITY=lab ARTIFACT_URL="127.0.0.1:$aport"
	mutbad "make mutation: unknown identity" "LAVA_IDENTITY=nosuch: no such lavacli identity" \
		LAVA_IDENTITY=nosuch ARTIFACT_URL="$ARTIFACT_URL"
	mutbad "make mutation: token the server refuses" "LAVA_IDENTITY=badtoken: the server refuses" \
		LAVA_IDENTITY=badtoken ARTIFACT_URL="$ARTIFACT_URL"
	# No report of an earlier run may pass for this one's.
	rm -rf "$B/report/mutation" "$B/lab/report/mutation"
	# Each run's cell table its own (make lab's below is build/cells.json).
	rc=0; mkmut LAVA_IDENTITY= CELLS_JSON="$D/mutation-local.json" >"$D/mutation-local.out" 2>&1 || rc=$?
	grep -E '^(mutation: |[a-z0-9_]+: [0-9]+ generated)' "$D/mutation-local.out" || true
	[ -s "$B/report/mutation/table.tsv" ] || { tail -n 20 "$D/mutation-local.out"; fail "make mutation (local): no report"; }
	rc=0; mkmut LAVA_IDENTITY=lab ARTIFACT_URL="$ARTIFACT_URL" CELLS_JSON="$D/mutation-lab.json" \
		>"$D/mutation-lab.out" 2>&1 || rc=$?
	grep -E '^(mutation: |[a-z0-9_]+: [0-9]+ generated|    .*: LAVA job )' "$D/mutation-lab.out" || true
	[ -s "$B/lab/report/mutation/table.tsv" ] || { tail -n 20 "$D/mutation-lab.out"; fail "make mutation (lab): no report"; }
	if ! diff "$B/report/mutation/table.tsv" "$B/lab/report/mutation/table.tsv"; then
		fail "make mutation: the lab's verdicts differ from the local run's"
	fi
	"$top/scripts/lava/lava.sh" compare-mutation "$B/report/mutation/booted" "$B/results" "$B/lab/results" \
		>"$D/compare-mutation.out" 2>&1 || { cat "$D/compare-mutation.out"; fail "make mutation: a cell's verdict rows differ"; }
	cat "$D/compare-mutation.out"
	# Kept: make lab's own steps below start with no build/lab/report.
	cp -r "$B/lab/report/mutation" "$D/mutation-report"
	pass=$((pass + 1)); echo "ok $pass make mutation on the lab: $(wc -l <"$B/lab/report/mutation/table.tsv") mutants' verdicts equal to the local run's (exit $rc)"
fi

# --- make lab's own steps ---------------------------------------------------------
"$top/scripts/lava/lava.sh" export "$@" >"$D/export.log" || { cat "$D/export.log"; fail "-: export failed"; }
# make lab itself, as a lab user runs it: a make of its own (not this
# make's jobserver), with this make's variables (ARCHES=, TREES=, ...).
# No report of an earlier make lab may pass for this one's.
rm -rf "$B/lab/report"
mklab() { env -u MAKELEVEL -u MFLAGS MAKEFLAGS="$mkflags" make -C "$top" --no-print-directory lab \
	LAVA_IDENTITY="$1" ARTIFACT_URL="$2" LAVA_CELLS="${*:3}"; }

# expect NAME PATTERN REPORT CMD...: CMD fails and prints one "lab: " line
# matching PATTERN; REPORT none: no report written (under $REPDIR/lab, by
# default the fake jobs' build dir), fail: a report that fails and names
# the cause under the cell.
expect() {
	name=$1 pat=$2 rep=$3; shift 3
	rc=0; "$@" >"$D/out" 2>&1 || rc=$?
	judge "$name" "$pat" "$rep" "$rc"
}
# The "lab: " lines of the output; make's own check of a knob, before any
# work, says it as every knob check does: "<makefile>:N: *** lab: ...  Stop.".
lablines() { grep -E '^([^ :]+:[0-9]+: \*\*\* )?lab: ' "$D/out" || true; }
judge() {
	[ "$4" != 0 ] || { cat "$D/out"; fail "$1: exit 0"; }
	grep -q -- "$2" "$D/out" || { cat "$D/out"; fail "$1: no '$2'"; }
	[ "$(lablines | wc -l)" = 1 ] || { cat "$D/out"; fail "$1: not one line"; }
	case $3 in
	none) [ ! -e "${REPDIR:-$lab}/lab/report" ] || fail "$1: a report was written" ;;
	fail) if ! tail -n 1 "$lab/lab/report/report.txt" | grep -q '^matrix: FAIL' ||
		! grep -q "guest: LAVA job" "$lab/lab/report/report.txt"; then
		fail "$1: no failing report naming the job"
	fi ;;
	esac
	pass=$((pass + 1)); echo "ok $pass $1 (exit $4): $(lablines)"
}
c=$1
# Jobs to break, in a build dir of their own (B): copies of the first cell's.
lab=$D/fake
mkdir -p "$lab/lava/jobs"
fake() { # NAME SED: a job of CELL's, edited
	cp -r "$B/lava/jobs/$c" "$lab/lava/jobs/$1"
	sed -i "$2" "$lab/lava/jobs/$1/job.yaml"
}
fake "rejected-$c" 's/^device_type: qemu$/device_type: no-such-type/'
fake "incomplete-$c" "s|$ARTIFACT_URL/$c/initramfs.cpio|$ARTIFACT_URL/no-such-file|"
fake "cancelled-$c" 's/^priority: medium$/priority: low/'
labrun() { B=$lab LAVA_IDENTITY=$1 "$top/scripts/lava/lava.sh" lab "${@:2}"; }
say "bad input"
REPDIR=$B expect "make lab: ARTIFACT_URL not a URL" "lab: $c: ARTIFACT_URL='127.0.0.1:$aport' is not a URL" none \
	mklab lab "127.0.0.1:$aport" "$c"
REPDIR=$B expect "make lab: unknown identity" "lab: $c: LAVA_IDENTITY=nosuch: no such lavacli identity" none \
	mklab nosuch "$ARTIFACT_URL" "$c"
expect "unknown identity" "lab: rejected-$c: LAVA_IDENTITY=nosuch: no such lavacli identity" none \
	labrun nosuch "rejected-$c"
expect "token the server refuses" "lab: rejected-$c: .*refuses" none labrun badtoken "rejected-$c"
expect "job the server rejects" "lab: rejected-$c: the server rejects the job" none labrun lab "rejected-$c"
expect "job that ends incomplete" "lab: incomplete-$c: LAVA job [0-9]* Incomplete" fail labrun lab "incomplete-$c"
# Cancelled once the worker runs it.
labrun lab "cancelled-$c" >"$D/out" 2>&1 &
lp=$!
j=
for _ in $(seq 120); do
	j=$(sed -n "s/^cancelled-$c //p" "$lab/lab/jobs" 2>/dev/null)
	[ -n "$j" ] && lavacli -i lab jobs show "$j" 2>/dev/null | grep 'state *: Running' >/dev/null && break
	sleep 1
done
[ -n "$j" ] || fail "cancelled job: never submitted"
lavacli -i lab jobs cancel "$j" >/dev/null
rc=0; wait "$lp" || rc=$?
judge "job cancelled while it runs" "lab: cancelled-$c: LAVA job $j Canceled" fail "$rc"

# --- the cells, against make matrix's ------------------------------------------------
say "make lab: $# cells"
rc=0
mklab lab "$ARTIFACT_URL" "$@" >"$D/lab.out" 2>&1 || rc=$?
sed -n '/^lab: /p' "$D/lab.out"
tail -n 1 "$D/lab.out"
say "compare with make matrix"
crc=0; "$top/scripts/lava/lava.sh" compare-lab "$@" >"$D/compare.out" 2>&1 || crc=$?
cat "$D/compare.out"
[ "$crc" = 0 ] || fail "compare: the lab's verdicts differ from make matrix's"
pass=$((pass + 1)); echo "ok $pass $# cells: verdicts equal to make matrix's (lab exit $rc)"

# --- the server stopped ------------------------------------------------------------------
gp=$(awk '$2 == "gunicorn" { print $1 }' "$D/pids")
kill "$gp" && while kill -0 "$gp" 2>/dev/null; do sleep 1; done
expect "server down" "lab: rejected-$c: .*cannot reach the server" none labrun lab "rejected-$c"
say "$pass passed, 0 failed ($(( $(date +%s) - t0 )) s)"
