// SPDX-License-Identifier: GPL-2.0
/*
 * Benchmark, not a test: how late every select/poll/epoll entry point of
 * the ABI and clock_nanosleep wake up for requests from 1 us to 100 ms
 * (log-spaced), at timer_slack_ns 1 and at the default. One "# csv:
 * lateness,..." line per series point (columns: below). Lateness is (t1 - t0) - T from CLOCK_MONOTONIC around a call that timed
 * out. Only the harness's own failures (a call that did not time out) fail.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "scenario.h"
#include "stats.h"

static const int64_t requests_us[] = {
	1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000,
	20000, 50000, 100000,
};
#define NR_REQ (sizeof(requests_us) / sizeof(requests_us[0]))
static const unsigned long slacks[] = { 1, 0 };	/* 0: the default */

/* 101 samples make a p99; the long requests would take too long under TCG. */
static int samples_for(int64_t us)
{
	return us <= 1000 ? 101 : us <= 5000 ? 41 : 11;
}

/* clock_nanosleep through the ABI's 64-bit-time entry point. */
static long sleep_ns(int64_t ns)
{
#ifdef __NR_clock_nanosleep_time64
	struct __kernel_timespec ts = { ns / 1000000000, ns % 1000000000 };

	return syscall(__NR_clock_nanosleep_time64, CLOCK_MONOTONIC, 0, &ts, NULL);
#else
	struct __kernel_timespec ts = { ns / 1000000000, ns % 1000000000 };

	return syscall(__NR_clock_nanosleep, CLOCK_MONOTONIC, 0, &ts, NULL);
#endif
}

/* One series; returns -1 when a call did not time out. */
static int series(const struct entry *e, unsigned long slack, int64_t us,
		  int fd)
{
	int n = samples_for(us), i;
	struct csv_row r = { 0 };
	union tmo t;
	struct call c = { .fd = fd, .tmo = &t };
	int64_t v[101];

	if (e && e->kind == TK_MSEC && us % 1000)
		return 0;	/* not expressible in milliseconds */
	for (i = 0; i < n; i++) {
		struct outcome o;

		if (e) {
			tmo_set_ns(e->kind, &t, us * 1000);
			timed_call(e, &c, &o);
		} else {
			o.t0 = mono_ns();
			o.ret = sleep_ns(us * 1000);
			o.t1 = mono_ns();
		}
		if (o.ret != 0)
			return -1;
		v[i] = elapsed(&o) - us * 1000;
	}
	csv_col(&r, "abi", "%s", ABI_NAME);
	csv_col(&r, "call", "%s", e ? e->name : "clock_nanosleep");
	csv_col(&r, "slack_ns", "%lu", slack);
	csv_col(&r, "req_ns", "%lld", (long long)us * 1000);
	csv_stats(&r, "samples", v, n);
	csv_emit("lateness", &r);
	return 0;
}

int main(void)
{
	const struct entry *e;
	struct timespec res;
	unsigned int i, s;
	int p[2], bad = 0;

	ksft_print_header();
	ksft_set_plan(1);
	idle_pipe(p);
	syscall(__NR_clock_getres, CLOCK_MONOTONIC, &res);
	ksft_print_msg("clock_getres(CLOCK_MONOTONIC) %ld ns\n", (long)res.tv_nsec);
	for (s = 0; s < 2; s++) {
		if (syscall(__NR_prctl, PR_SET_TIMERSLACK, slacks[s], 0, 0, 0))
			ksft_exit_fail_msg("PR_SET_TIMERSLACK\n");
		for (i = 0; i < NR_REQ; i++) {
			bad |= series(NULL, slacks[s] ? slacks[s] : 50000,
				      requests_us[i], p[0]);
			for_each_entry(e)
				bad |= series(e, slacks[s] ? slacks[s] : 50000,
					      requests_us[i], p[0]);
		}
	}
	ksft_test_result(!bad, "lateness_sweep\n");
	ksft_finished();
}
