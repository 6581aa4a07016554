// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kselftest.h"
#include "trace.h"

#define TRACING "/sys/kernel/tracing/"

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

void trace_setup(void)
{
	char pid[16];

	snprintf(pid, sizeof(pid), "%d", getpid());
	if (put(TRACING "tracing_on", "0") || put(TRACING "trace", "") ||
	    put(TRACING "trace_clock", "mono") ||
	    put(TRACING "options/event-fork", "1") ||
	    put(TRACING "set_event_pid", pid) ||
	    put(TRACING "events/timer/hrtimer_start/enable", "1") ||
	    put(TRACING "events/timer/hrtimer_cancel/enable", "1"))
		ksft_exit_fail_msg("tracefs: %s (CONFIG_FTRACE, /sys/kernel/tracing)\n",
				   strerror(errno));
}

void trace_start(void)
{
	put(TRACING "trace", "");
	put(TRACING "tracing_on", "1");
}

void trace_stop(void)
{
	put(TRACING "tracing_on", "0");
}

void trace_off(void)
{
	put(TRACING "events/timer/hrtimer_start/enable", "0");
	put(TRACING "events/timer/hrtimer_cancel/enable", "0");
}

/* "comm-pid [cpu] flags  123.456789: event: ..." -> ns */
static int64_t stamp(const char *line, const char *ev)
{
	const char *p = ev;
	long long s, us;

	while (p > line && p[-1] != ' ')
		p--;
	if (sscanf(p, "%lld.%lld:", &s, &us) != 2)
		return 0;
	return s * 1000000000LL + us * 1000;
}

static int field(const char *ev, const char *key, char *out, size_t size)
{
	const char *p = strstr(ev, key);
	size_t n;

	if (!p)
		return -1;
	p += strlen(key);
	n = strcspn(p, " \n");
	if (n >= size)
		n = size - 1;
	memcpy(out, p, n);
	out[n] = 0;
	return 0;
}

/*
 * 6.1 prints "hrtimer_start: hrtimer=%p function=%ps expires=%llu
 * softexpires=%llu mode=..." and "hrtimer_cancel: hrtimer=%p".
 */
int trace_sleeps(int pid, struct sleep_ev *ev, int max)
{
	char line[512], tag[24], timer[32] = "", t[32];
	int n = 0;
	FILE *f = fopen(TRACING "trace", "r");

	if (!f)
		return -1;
	snprintf(tag, sizeof(tag), "-%d ", pid);
	while (fgets(line, sizeof(line), f)) {
		char *st = strstr(line, " hrtimer_start: ");
		char *ca = strstr(line, " hrtimer_cancel: ");
		char *who = strstr(line, tag), *e = st ? st : ca;
		char v[32];

		if (!e || !who || who > e || field(e, "hrtimer=", t, sizeof(t)))
			continue;
		if (ca) {
			if (n && n <= max && !strcmp(t, timer) &&
			    !ev[n - 1].cancel)
				ev[n - 1].cancel = stamp(line, e);
			continue;
		}
		if (!strstr(e, " function=hrtimer_wakeup "))
			continue;
		if (n < max) {
			ev[n].start = stamp(line, e);
			ev[n].cancel = 0;
			field(e, " expires=", v, sizeof(v));
			ev[n].hard = atoll(v);
			field(e, "softexpires=", v, sizeof(v));
			ev[n].soft = atoll(v);
		}
		snprintf(timer, sizeof(timer), "%s", t);
		n++;
	}
	fclose(f);
	return n;
}
