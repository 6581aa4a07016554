#!/bin/sh
# timed.sh TIMESDIR "STAGE" CMD...: run CMD and record one line of the
# time table ("STAGE<TAB>seconds<TAB>run<TAB>note") in TIMESDIR. CMD may
# write its note ("up to date", "ccache 812/815 hits", "reused") to the
# file named by $TIMED_NOTE. RUN_ID tells this make run's lines apart from
# those of earlier runs (the report marks stages it did not redo).
set -u
dir=$1 stage=$2; shift 2
mkdir -p "$dir"
TIMED_NOTE=$(mktemp)
export TIMED_NOTE
t0=$(date +%s.%N)
"$@"
rc=$?
t1=$(date +%s.%N)
note=$(cat "$TIMED_NOTE"); rm -f "$TIMED_NOTE"
[ $rc -eq 0 ] || note="failed (exit $rc)${note:+; $note}"
f=$dir/$(printf '%s' "$stage" | tr -c 'A-Za-z0-9_.-' '_')
# A sub-make of the same run (make check's) finding a stage done keeps the
# record of the work done earlier in this run.
case $rc:$note in
0:"up to date"* | 0:reused*)
	[ "$(cut -f3 "$f" 2>/dev/null)" != "${RUN_ID:-0}" ] || exit 0 ;;
esac
printf '%s\t%s\t%s\t%s\n' "$stage" "$(awk "BEGIN { printf \"%.1f\", $t1 - $t0 }")" "${RUN_ID:-0}" \
	"${note:-done}" >"$f"
exit $rc
