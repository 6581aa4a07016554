// SPDX-License-Identifier: GPL-2.0
/*
 * Rule (fs/select.c select_estimate_accuracy): every select/poll/epoll sleep
 * is armed (hrtimer_start: expires - softexpires) with slack = max(timer_slack_ns,
 * remaining / 1000, or / 200 when nice > 0, capped at 100 ms), 0 for SCHED_FIFO,
 * and its soft expiry is the deadline, in [t0 + T, t1 + T].
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "scenario.h"

#define TRACING "/sys/kernel/tracing/"
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

static int put(const char *file, const char *val)
{
	int fd = open(file, O_WRONLY | O_TRUNC);
	ssize_t n = -1;

	if (fd >= 0) {
		n = write(fd, val, strlen(val));
		close(fd);
	}
	return n == (ssize_t)strlen(val) ? 0 : -1;
}

/* Trace hrtimer_start of this process and the children it forks. */
static void trace_setup(void)
{
	char pid[16];

	snprintf(pid, sizeof(pid), "%d", getpid());
	if (put(TRACING "tracing_on", "0") || put(TRACING "trace", "") ||
	    put(TRACING "options/event-fork", "1") ||
	    put(TRACING "set_event_pid", pid) ||
	    put(TRACING "events/timer/hrtimer_start/enable", "1"))
		ksft_exit_fail_msg("tracefs: %s (CONFIG_FTRACE, /sys/kernel/tracing)\n",
				   strerror(errno));
}

/*
 * The hrtimer_wakeup timer @pid armed: 6.1 prints "comm-pid [cpu] ...
 * hrtimer_start: hrtimer=%p function=%ps expires=%llu softexpires=%llu".
 * Returns the number of such timers; the first is in @hard/@soft.
 */
static int find_sleep(int pid, long long *hard, long long *soft)
{
	char line[512], tag[24];
	int n = 0;
	FILE *f = fopen(TRACING "trace", "r");

	if (!f)
		return -1;
	snprintf(tag, sizeof(tag), "-%d ", pid);
	while (fgets(line, sizeof(line), f)) {
		char *ev = strstr(line, " hrtimer_start: ");
		char *ex, *sx, *who = strstr(line, tag);

		if (!ev || !who || who > ev ||
		    !strstr(ev, " function=hrtimer_wakeup "))
			continue;
		ex = strstr(ev, " expires=");
		sx = strstr(ev, " softexpires=");
		if (!ex || !sx)
			continue;
		if (!n++) {
			*hard = atoll(ex + 9);
			*soft = atoll(sx + 13);
		}
	}
	fclose(f);
	return n;
}

static void trace_off(void)
{
	put(TRACING "events/timer/hrtimer_start/enable", "0");
}

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
	put(TRACING "trace", "");
	put(TRACING "tracing_on", "1");
	n = run_scenario(&s, &o);
	put(TRACING "tracing_on", "0");
	apply(p, false);
	if (n)
		return false;
	n = find_sleep(o.pid, &hard, &soft);
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
