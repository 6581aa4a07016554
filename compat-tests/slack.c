// SPDX-License-Identifier: GPL-2.0
/*
 * Rule (fs/select.c select_estimate_accuracy): every select/poll/epoll sleep
 * is armed (hrtimer_start: expires - softexpires) with slack = max(timer_slack_ns,
 * remaining / 1000, or / 200 when nice > 0, capped at 100 ms), 0 for SCHED_FIFO,
 * and its soft expiry is the deadline, in [t0 + T, t1 + T].
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "scenario.h"
#include "trace.h"

#define MAX_SLACK 100000000LL	/* 100 ms, as in fs/select.c */

struct policy {
	const char *name;
	int64_t t_ns;		/* requested timeout */
	unsigned long slack;	/* timer_slack_ns to set, 0: the default */
	int nice;
	bool fifo;
};

static const struct policy policies[] = {
	{ "default_10ms", 10000000 },		/* timer_slack_ns wins */
	{ "default_1s", 1000000000 },		/* 0.1% of the remaining time */
	{ "default_200s", 200000000000LL },	/* capped at 100 ms */
	{ "slack1_1s", 1000000000, .slack = 1 },
	{ "slack10ms_1s", 1000000000, .slack = 10000000 },
	{ "nice5_1s", 1000000000, .nice = 5 },	/* 0.5% */
	{ "fifo_1s", 1000000000, .fifo = true },	/* no slack at all */
};

/* 6.1's __estimate_accuracy() for @r ns remaining, then the policy. */
static int64_t prescribed(const struct policy *p, int64_t r, long slack_ns)
{
	int64_t est;

	if (p->fifo)
		return 0;
	est = r < 0 ? 0 : r / (p->nice > 0 ? 200 : 1000);
	if (est > MAX_SLACK)
		est = MAX_SLACK;
	return est < slack_ns ? slack_ns : est;
}

static int apply(const struct policy *p, bool on)
{
	struct sched_param sp = { .sched_priority = on ? 10 : 0 };

	if (p->slack && syscall(__NR_prctl, PR_SET_TIMERSLACK,
				on ? p->slack : 0, 0, 0, 0))
		return -1;
	if (p->nice && syscall(__NR_setpriority, PRIO_PROCESS, 0,
			       on ? p->nice : 0))
		return -1;
	if (p->fifo && syscall(__NR_sched_setscheduler, 0,
			       on ? SCHED_FIFO : SCHED_OTHER, &sp))
		return -1;
	return 0;
}

static bool check(const struct entry *e, const void *v, const char *name)
{
	const struct policy *p = v;
	struct scenario s = { .e = e, .action = ACT_SIGNAL };
	struct outcome o;
	struct sleep_ev sl;
	long long hard, soft;
	int64_t t, lo, hi, slack;
	long slack_ns;
	int n;

	/*
	 * Long sleeps are cut short by a signal; a short one just times out
	 * (a signal could come too late to find it asleep) - its trace event
	 * is the same.
	 */
	if (p->t_ns < 100000000)
		s.action = ACT_NONE;
	tmo_set_ns(e->kind, &s.tmo, p->t_ns);
	t = tmo_ns(e->kind, &s.tmo);
	if (apply(p, true)) {
		ksft_print_msg("%s: policy: %s\n", name, strerror(errno));
		return false;
	}
	slack_ns = syscall(__NR_prctl, PR_GET_TIMERSLACK, 0, 0, 0, 0);
	trace_start();
	n = run_scenario(&s, &o);
	trace_stop();
	apply(p, false);
	if (n)
		return false;
	n = trace_sleeps(o.pid, &sl, 1);
	hard = sl.hard;
	soft = sl.soft;
	if (n != 1) {
		ksft_print_msg("%s: %d hrtimer_wakeup timers armed by pid %d\n",
			       name, n, o.pid);
		return false;
	}
	/*
	 * The estimate saw the deadline minus some instant in [t0, t1]: the
	 * remaining time lies in [soft - t1, min(T, soft - t0)].
	 */
	lo = prescribed(p, soft - o.t1, slack_ns);
	hi = prescribed(p, soft - o.t0 < t ? soft - o.t0 : t, slack_ns);
	slack = hard - soft;
	ksft_print_msg("%s: T %lld ns, timer_slack_ns %ld: slack %lld ns, prescribed [%lld, %lld]\n",
		       name, (long long)t, slack_ns,
		       (long long)slack, (long long)lo, (long long)hi);
	if (soft < o.t0 + t || soft > o.t1 + t)
		ksft_print_msg("%s: softexpires %lld outside [t0 + T, t1 + T] = [%lld, %lld]\n",
			       name, soft, (long long)(o.t0 + t),
			       (long long)(o.t1 + t));
	return slack >= lo && slack <= hi && soft >= o.t0 + t &&
	       soft <= o.t1 + t;
}

int main(void)
{
	trace_setup();
	atexit(trace_off);
	run_variants(VARIANTS(policies, NULL, check));
}
