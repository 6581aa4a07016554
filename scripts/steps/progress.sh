#!/bin/sh
# progress.sh LOG LABEL LAST: while a long build writes LOG, print a line
# now and then to the console of the make that started the run: the steps
# done (Kbuild's "  CC  ..." lines), elapsed time, and, when LAST holds
# the step count and seconds of an earlier build of the same kernel, the
# share done and an estimate of what is left (until that build's time has
# passed). Killed by its caller.
# make -O holds a recipe's output until the recipe ends, so the lines go to
# MATRIX_CONSOLE (the top make's stdout, appended to): every 15 s on a
# terminal, every 60 s in a log. Nothing without a console.
set -u
log=$1 label=$2 last=$3
out=${MATRIX_CONSOLE:-}
[ -n "$out" ] && [ -w "$out" ] || exit 0
exec 6>>"$out" || exit 0
every=60
[ -t 6 ] && every=15
t0=$(date +%s)
read -r total secs 2>/dev/null <"$last" || total=0 secs=0
case $total$secs in *[!0-9]*) total=0 secs=0 ;; esac
while sleep "$every"; do
	n=$(grep -c '^  [A-Z]' "$log" 2>/dev/null || true)
	el=$(($(date +%s) - t0))
	line="    $label: ${n:-0} steps, $((el / 60))m$((el % 60))s"
	# An incremental build has fewer steps than the last one: past the
	# last build's time its step count says nothing of what is left.
	if [ "$total" -gt 0 ] && [ "$el" -gt "$secs" ]; then
		line="$line, longer than its last build ($((secs / 60))m$((secs % 60))s)"
	elif [ "$total" -gt 0 ] && [ "${n:-0}" -gt 0 ]; then
		pct=$((n * 100 / total))
		[ "$pct" -le 99 ] || pct=99
		left=$((el * total / n - el))
		[ "$left" -ge 0 ] || left=0
		line="$line, ~$pct% of the $total of its last build ($((secs / 60))m$((secs % 60))s), ~$((left / 60))m$((left % 60))s left"
	fi
	echo "$line" >&6
done
