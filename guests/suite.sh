#!/bin/busybox sh
# shellcheck shell=dash
# guests/suite.sh, sourced by guests/init (and by selfcheck, on the host):
# one KTAP suite of test programs. Each program runs in a session of its own
# and is killed at TEST_TIMEOUT seconds, then whatever it left in that
# session, so a hang costs that program (a case of compat-tests costs only
# itself: compat-tests/lib/guard.h) and the next program and ABI run.

# sweep SID: kill every process left in session SID (a test's children a
# hang left behind would keep the suite's pipe open for ever).
sweep() {
	want=$1
	for f in /proc/[0-9]*/stat; do
		read -r s 2>/dev/null <"$f" || continue
		# shellcheck disable=SC2086 # the fields after comm: state ppid pgrp session
		set -- ${s##*) }
		pid=${f#/proc/}
		[ "$4" != "$want" ] || kill -KILL "${pid%/stat}" 2>/dev/null
	done
}

# cs UPTIME: /proc/uptime's seconds as hundredths, no leading 0 (not octal).
cs() {
	x=${1%.*}${1#*.}
	while [ "${#x}" -gt 1 ] && [ "${x#0}" != "$x" ]; do x=${x#0}; done
	echo "$x"
}

# run_test PROG: PROG in a session of its own, killed at TEST_TIMEOUT, then
# whatever it left in that session; its exit status (or "timeout") in
# $TMPDIR/rc, how long it ran (s, /proc/uptime's hundredths) in $TMPDIR/time.
run_test() {
	t0=$(date +%s)
	read -r u0 _ </proc/uptime
	timeout -s KILL "$TEST_TIMEOUT" setsid "$1" &
	sid=$!
	wait "$sid"
	rc=$?
	[ "$rc" != 137 ] || [ $(($(date +%s) - t0)) -lt "$TEST_TIMEOUT" ] || rc=timeout
	read -r u1 _ </proc/uptime
	echo "$rc" >"${TMPDIR:-/tmp}/rc"
	c=$(($(cs "$u1") - $(cs "$u0")))
	printf '%d.%02d\n' $((c / 100)) $((c % 100)) >"${TMPDIR:-/tmp}/time"
	sweep "$sid"
}

# run_suite NAME DIR: one KTAP document, one subtest per executable.
run_suite() {
	name=$1 dir=$2
	set -- "$dir"/*
	[ -e "$1" ] || set --
	echo "matrix: abi $name begin"
	echo "KTAP version 1"
	echo "1..$#"
	i=0
	for p in "$@"; do
		i=$((i + 1)) t=${p##*/}
		# SIGPIPE ignored (inherited through exec and fork): 39 cases of
		# epoll_wakeup_test never stop their emitter thread (they take
		# pthread_tryjoin_np()'s error number for -1) and close the
		# sockets it may still write to; a late write gets EPIPE
		# instead of killing the test after its assertions (epoll57,
		# once). No test here expects SIGPIPE.
		{ trap '' PIPE; run_test "$p" 2>&1; } | sed 's/^/    /'
		rc=$(cat "${TMPDIR:-/tmp}/rc")
		# Guest time, what a kselftest settings timeout counts (docs/series.md).
		echo "# time $t $(cat "${TMPDIR:-/tmp}/time") s"
		case $rc in
		0) echo "ok $i $t" ;;
		4) echo "ok $i $t # SKIP" ;;
		timeout) echo "not ok $i $t # timeout: killed after $TEST_TIMEOUT s" ;;
		*) echo "not ok $i $t # exit status $rc" ;;
		esac
	done
	echo "matrix: abi $name end"
}
