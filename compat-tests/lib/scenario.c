// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/personality.h>

#include "scenario.h"

static volatile sig_atomic_t handled;

static void on_usr1(int sig)
{
	handled++;
}

void timed_call(const struct entry *e, int fd, bool out, void *tmo,
		const uint64_t *mask, struct outcome *o)
{
	o->t0 = mono_ns();
	o->ret = entry_call(e, fd, out, tmo, mask);
	o->err = errno;
	o->t1 = mono_ns();
}

static void child(const struct scenario *s, int ready, int report)
{
	struct outcome o = { 0 };
	uint64_t mask = s->mask_usr1 ? 1ULL << (SIGUSR1 - 1) : 0;
	void *tmo = NULL;
	union tmo buf = s->tmo;
	int p[2];

	handle(SIGUSR1, on_usr1, s->action == ACT_SIGNAL_RESTART);
	if (s->sticky &&
	    syscall(__NR_personality, PER_LINUX | STICKY_TIMEOUTS) < 0)
		_exit(2);
	if (!s->no_tmo)
		tmo = s->readonly ? readonly_copy(&buf, sizeof(buf)) : &buf;
	idle_pipe(p);
	o.pid = getpid();

	if (write(ready, "", 1) != 1)
		_exit(2);
	timed_call(s->e, s->out ? p[1] : p[0], s->out, tmo,
		   s->e->sigmask ? &mask : NULL, &o);
	o.handled = handled;
	if (tmo)
		memcpy(&o.after, tmo, sizeof(o.after));
	if (write(report, &o, sizeof(o)) != sizeof(o))
		_exit(2);
	_exit(0);
}

static int act(const struct scenario *s, pid_t pid)
{
	switch (s->action) {
	case ACT_NONE:
		return 0;
	case ACT_SIGNAL:
	case ACT_SIGNAL_RESTART:
		return wait_sleeping(pid) || kill(pid, SIGUSR1);
	case ACT_STOP_CONT:
		return stop_continue(pid);
	case ACT_STOP_CONT_USR1:
		/* The restarted call must sleep with the caller's mask again. */
		return stop_continue(pid) || wait_sleeping(pid) ||
		       kill(pid, SIGUSR1);
	}
	return -1;
}

/* 0: reported; 1: the call ended before the action landed; -1: failed. */
static int run_once(const struct scenario *s, struct outcome *o)
{
	int ready[2], report[2], status, ret = 0;
	char c;
	pid_t pid;

	if (pipe(ready) || pipe(report))
		ksft_exit_fail_msg("pipe: %s\n", strerror(errno));
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		ksft_exit_fail_msg("fork: %s\n", strerror(errno));
	if (!pid) {
		close(ready[0]);
		close(report[0]);
		child(s, ready[1], report[1]);
	}
	close(ready[1]);
	close(report[1]);
	if (read(ready[0], &c, 1) != 1 || act(s, pid)) {
		kill(pid, SIGKILL);
		ret = 1;
	}
	if (!ret && read(report[0], o, sizeof(*o)) != sizeof(*o))
		ret = -1;
	waitpid(pid, &status, 0);
	if (!ret && (!WIFEXITED(status) || WEXITSTATUS(status))) {
		ksft_print_msg("%s: child status %#x\n", s->e->name, status);
		ret = -1;
	}
	close(ready[0]);
	close(report[0]);
	return ret;
}

/*
 * A loaded guest (the debug one runs stress-ng beside the tests) can let
 * the call time out before the parent saw it asleep: then the action did
 * not happen and the run says nothing about the kernel. Try again, a few
 * times, before calling it a failure.
 */
int run_scenario(const struct scenario *s, struct outcome *o)
{
	int tries, ret;

	for (tries = 1; tries <= 5; tries++) {
		ret = run_once(s, o);
		if (ret <= 0)
			return ret;
		ksft_print_msg("%s: child did not reach its sleep (try %d)\n",
			       s->e->name, tries);
	}
	return -1;
}

bool remaining_ok(const struct scenario *s, const struct outcome *o)
{
	enum tkind k = s->e->kind;
	int64_t t = tmo_ns(k, &s->tmo), r = tmo_ns(k, &o->after);
	int64_t lo = t - elapsed(o) - (tmo_granule_ns(k) - 1);

	if (!tmo_normalised(k, &o->after)) {
		ksft_print_msg("%s: remaining %s not normalised\n", s->e->name,
			       tmo_str(k, &o->after));
		return false;
	}
	if (r < lo || r > t) {
		ksft_print_msg("%s: remaining %lld ns outside [%lld, %lld]\n",
			       s->e->name, (long long)r, (long long)lo,
			       (long long)t);
		return false;
	}
	return true;
}

bool unchanged(const struct scenario *s, const struct outcome *o)
{
	if (!memcmp(&s->tmo, &o->after, tmo_size(s->e->kind)))
		return true;
	ksft_print_msg("%s: timeout changed to %s\n", s->e->name,
		       tmo_str(s->e->kind, &o->after));
	return false;
}

const char *outcome_str(const struct scenario *s, const struct outcome *o)
{
	static char buf[160];

	snprintf(buf, sizeof(buf), "ret %ld (%s), %lld us, left %s",
		 o->ret, o->ret < 0 ? strerror(o->err) : "ok",
		 (long long)(elapsed(o) / 1000),
		 s->no_tmo ? "-" : tmo_str(s->e->kind, &o->after));
	return buf;
}
