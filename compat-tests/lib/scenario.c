// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "scenario.h"
#include "uring.h"

/*
 * The parent's end of what it acts on, made before the fork: ACT_COMPLETE,
 * the pipe the caller's io_uring read waits on; ACT_STOP_READY and
 * ACT_STOP_TWICE_READY, the pipe (a full one: out) or AF_UNIX stream pair
 * (pri) the call itself waits on; ACT_STOP_FAULT and ACT_STOP_TWICE_FAULT,
 * the memfd [0] the call's signal mask is mapped from.
 */
static int pfd[2] = { -1, -1 };

static bool stop_ready(const struct scenario *s)
{
	return s->action == ACT_STOP_READY || s->action == ACT_STOP_TWICE_READY;
}

/* Stopped again once the restarted call sleeps. */
static bool stops_twice(const struct scenario *s)
{
	return s->action == ACT_STOP_TWICE || s->action == ACT_STOP_TWICE_READY ||
	       s->action == ACT_STOP_TWICE_FAULT;
}

static size_t page_size(void)
{
	return sysconf(_SC_PAGESIZE);
}

/* A pipe with no room left: its write end is not writable. */
static int full_pipe(int p[2])
{
	char buf[4096] = { 0 };

	if (pipe(p) || fcntl(p[0], F_SETFL, O_NONBLOCK) ||
	    fcntl(p[1], F_SETFL, O_NONBLOCK))
		return -1;
	while (write(p[1], buf, sizeof(buf)) > 0)
		;
	return errno == EAGAIN ? 0 : -1;
}

static int parent_fds(const struct scenario *s)
{
	pfd[0] = pfd[1] = -1;
	if (s->action == ACT_COMPLETE || (stop_ready(s) && !s->out && !s->pri))
		return pipe(pfd);
	if (stop_ready(s) && s->out)
		return full_pipe(pfd);
	if (stop_ready(s))
		return socketpair(AF_UNIX, SOCK_STREAM, 0, pfd);
	if (action_faults_mask(s->action)) {
		pfd[0] = memfd_create("sigmask", 0);
		return pfd[0] < 0 ? -1 : ftruncate(pfd[0], page_size());
	}
	return 0;
}

/* What the _READY and _FAULT actions do while the call is stopped. */
static int while_stopped(const struct scenario *s, struct instants *at)
{
	char buf[4096];
	ssize_t n, drained = 0;

	at->complete = mono_ns();
	if (action_faults_mask(s->action))
		return ftruncate(pfd[0], 0);
	if (s->pri)
		return send(pfd[1], "!", 1, MSG_OOB) == 1 ? 0 : -1;
	if (!s->out)
		return write(pfd[1], "", 1) == 1 ? 0 : -1;
	while ((n = read(pfd[0], buf, sizeof(buf))) > 0)
		drained += n;
	return drained && errno == EAGAIN ? 0 : -1;
}

void timed_call(const struct entry *e, const struct call *c, struct outcome *o)
{
	fds_clobbered = false;
	fds_ready = 0;
	o->t0 = mono_ns();
	o->ret = entry_call(e, c);
	o->err = errno;
	o->t1 = mono_ns();
	o->clobbered = fds_clobbered;
	o->ready = fds_ready;
}

static void child(const struct scenario *s, int ready, int report)
{
	struct outcome o = { 0 };
	uint64_t mask = s->mask_usr1 ? SIGBIT(SIGUSR1) : 0, *maskp = &mask;
	union tmo *page = tmo_page();
	struct call c = { .out = s->out, .pri = s->pri };
	struct uring u;
	int p[2];

	count_usr1(s->sa_restart);
	block_signals(CALLER_MASK);
	if (s->action == ACT_PENDING) {
		/* blocked, so it is queued although its action is to ignore it */
		signal(PENDING_SIG, SIG_DFL);
		block_signals(SIGBIT(PENDING_SIG));
		if (kill(getpid(), PENDING_SIG))
			_exit(2);
	}
	if (wmode_enter(s->mode))
		_exit(2);
	c.tmo = tmo_place(page, s->mode, &s->tmo, s->e->kind);
	idle_pipe(p);
	c.fd = s->out ? p[1] : p[0];
	if (stop_ready(s))
		c.fd = s->out ? pfd[1] : pfd[0];
	/* the mask where the parent can take it away: a page of its memfd */
	if (action_faults_mask(s->action)) {
		maskp = mmap(NULL, page_size(), PROT_READ | PROT_WRITE,
			     MAP_SHARED, pfd[0], 0);
		if (maskp == MAP_FAILED)
			_exit(2);
		*maskp = mask;
	}
	c.mask = s->e->sigmask ? maskp : NULL;
	o.pid = getpid();
	if (s->action == ACT_COMPLETE &&
	    uring_read(&u, pfd[0], s->reads ? s->reads : 1))
		_exit(2);
	if (s->action == ACT_URING_TICKS &&
	    uring_ticks(&u, s->ticks, s->delay_ns))
		_exit(2);

	if (s->child_setup && s->child_setup(s))
		_exit(2);
	if (write(ready, "", 1) != 1)
		_exit(2);
	o.mask_before = blocked_mask();
	timed_call(s->e, &c, &o);
	o.mask_after = blocked_mask();
	o.pending = pending_mask();
	o.handled = usr1_count();
	memcpy(&o.after, c.tmo, tmo_size(s->e->kind));
	if (s->action == ACT_COMPLETE) {
		o.completion = uring_result(&u);
		o.completions = uring_done(&u);
	}
	if (s->action == ACT_URING_TICKS)
		o.completion = uring_done(&u);
	if (write(report, &o, sizeof(o)) != sizeof(o))
		_exit(2);
	_exit(0);
}

/* 0: done; 1: the child ended first; -2: it never slept. */
static int act(const struct scenario *s, pid_t pid, struct instants *at,
	       int *status, bool *reaped)
{
	int r;

	if (s->action == ACT_NONE || s->action == ACT_PENDING ||
	    s->action == ACT_URING_TICKS)
		return 0;
	r = wait_sleeping(pid, &at->asleep);
	if (r)
		return r == -1 ? 1 : -2;
	sleep_until(at->asleep + s->delay_ns);
	if (s->action == ACT_SIGNAL)
		return signal_child(pid, s->sig ? s->sig : SIGUSR1,
				    &at->signal) ? 1 : 0;
	if (s->action == ACT_COMPLETE) {
		int i, n = s->reads ? s->reads : 1;

		at->complete = mono_ns();
		for (i = 0; i < n; i++) {
			if (i)
				sleep_until(at->asleep + (i + 1) * s->delay_ns);
			if (write(pfd[1], "", 1) != 1)
				return 1;
		}
		return 0;
	}
	if (stop_child(pid, &at->stop, &at->stopped, status)) {
		*reaped = WIFEXITED(*status) || WIFSIGNALED(*status);
		return 1;
	}
	if (s->action == ACT_STOP_SIGNAL) {
		sleep_until(at->stopped + s->hold_ns / 2);
		signal_child(pid, SIGUSR1, &at->signal);
	}
	if (s->action == ACT_STOP_READY || s->action == ACT_STOP_FAULT) {
		sleep_until(at->stopped + s->hold_ns / 2);
		if (while_stopped(s, at))
			goto failed;
	}
	sleep_until(at->stopped + s->hold_ns);
	signal_child(pid, SIGCONT, &at->cont);
	if (s->action != ACT_STOP_CONT_SIGNAL && !stops_twice(s))
		return 0;
	r = wait_sleeping(pid, &at->asleep2);
	if (r)
		return r == -1 ? 1 : -2;
	if (s->action == ACT_STOP_CONT_SIGNAL)
		return signal_child(pid, SIGUSR1, &at->signal) ? 1 : 0;
	sleep_until(at->asleep2 + s->delay_ns / 4);
	if (stop_child(pid, &at->stop2, &at->stopped2, status)) {
		*reaped = WIFEXITED(*status) || WIFSIGNALED(*status);
		return 1;
	}
	if (s->action == ACT_STOP_TWICE_READY ||
	    s->action == ACT_STOP_TWICE_FAULT) {
		sleep_until(at->stopped2 + s->hold_ns / 2);
		if (while_stopped(s, at))
			goto failed;
	}
	sleep_until(at->stopped2 + s->hold_ns);
	return signal_child(pid, SIGCONT, &at->cont2) ? 1 : 0;
failed:
	ksft_print_msg("%s: the parent's action while stopped failed: %s\n",
		       s->e->name, strerror(errno));
	kill(pid, SIGCONT);
	return 1;
}

/* 0: reported; 1: timed out before the parent acted; -1: failed. */
static int run_once(const struct scenario *s, struct outcome *o)
{
	int ready[2], report[2], status = -1, ret = -1;
	struct instants at = { 0 };
	bool reaped = false, got;
	int64_t first;
	char c;
	pid_t pid;

	/* A pipe of its own per run: no byte left by another run completes it. */
	if (pipe(ready) || pipe(report) || parent_fds(s))
		ksft_exit_fail_msg("pipe, socketpair or memfd: %s\n",
				   strerror(errno));
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
	if (read(ready[0], &c, 1) == 1)
		ret = act(s, pid, &at, &status, &reaped);
	if (ret == -2) {
		ksft_print_msg("%s: the child never slept\n", s->e->name);
		kill(pid, SIGKILL);
	}
	got = read(report[0], o, sizeof(*o)) == sizeof(*o);
	if (!reaped)
		waitpid(pid, &status, 0);
	close(ready[0]);
	close(report[0]);
	if (pfd[0] >= 0)
		close(pfd[0]);
	if (pfd[1] >= 0)
		close(pfd[1]);
	if (!got && s->may_die && WIFSIGNALED(status)) {
		memset(o, 0, sizeof(*o));
		o->killed = WTERMSIG(status);
		o->pid = pid;
		o->at = at;
		return ret ? -1 : 0;
	}
	if (!got || !WIFEXITED(status) || WEXITSTATUS(status)) {
		ksft_print_msg("%s: child status %#x\n", s->e->name, status);
		return -1;
	}
	o->at = at;
	if (!ret)
		return 0;
	first = at.stop ? at.stop : at.signal ? at.signal : at.complete;
	if (o->ret == 0 && (!first || o->t1 < first)) {
		ksft_print_msg("%s: timed out before the parent acted: %s\n",
			       s->e->name, outcome_str(s, o));
		return 1;
	}
	/*
	 * Stopped so late that what was left could not reach the second stop
	 * (delay_ns / 4 after the restarted call sleeps): not the kernel's
	 * doing either.
	 */
	if (o->ret == 0 && at.cont && stops_twice(s) &&
	    (!at.stop2 || o->t1 < at.stop2) &&
	    tmo_ns(s->e->kind, &s->tmo) - (at.stop - at.asleep) < s->delay_ns / 2) {
		ksft_print_msg("%s: stopped too late to stop again: %s\n",
			       s->e->name, outcome_str(s, o));
		return 1;
	}
	ksft_print_msg("%s: the call ended before the parent's action: %s\n",
		       s->e->name, outcome_str(s, o));
	return -1;
}

/*
 * A loaded guest (the debug one runs stress-ng beside the tests) can let
 * the call time out before the parent saw it asleep: then the action did
 * not happen and the run says nothing about the kernel. Try again, a few
 * times, before calling it a failure.
 */
int run_scenario(const struct scenario *s, struct outcome *o)
{
	int tries, ret = -1;

	for (tries = 1; tries <= 5; tries++) {
		ret = run_once(s, o);
		if (ret <= 0)
			return ret;
	}
	return -1;
}

void left_at_stop(const struct outcome *o, int64_t t_ns, int64_t g,
		  int64_t *min, int64_t *max)
{
	const struct instants *at = &o->at;

	*min = t_ns - (at->stopped - o->t0) - g;
	*max = t_ns - (at->stop - at->asleep);
	if (at->stopped2) {
		*min -= at->stopped2 - at->cont + g;
		*max -= at->stop2 - at->asleep2;
	}
}

bool ready_after_stop(const struct scenario *s, const struct outcome *o,
		      int64_t t_ns, int64_t margin_ns, const char *name)
{
	int64_t after = o->t1 - (o->at.cont2 ? o->at.cont2 : o->at.cont);
	int64_t g = tmo_granule_ns(s->e->kind), left_min, left_max;
	struct call c = { .out = s->out, .pri = s->pri };
	bool ok = o->ret == 1 && after >= 0 && after < margin_ns;

	if (!ok)
		ksft_print_msg("%s: ret %ld %.1f ms after the last SIGCONT: not 1 at once (its descriptor became ready while stopped)\n",
			       name, o->ret, after / 1e6);
	if (o->ret == 1 && o->ready != call_events(&c)) {
		ksft_print_msg("%s: reported %#x for its descriptor, not only %#x\n",
			       name, o->ready, call_events(&c));
		ok = false;
	}
	if (s->mode != W_PLAIN)
		return ok && unchanged(s, o);
	left_at_stop(o, t_ns, g, &left_min, &left_max);
	return ok && remaining_within(s, o, left_min - after - 2 * g, left_max);
}

bool remaining_within(const struct scenario *s, const struct outcome *o,
		      int64_t lo, int64_t hi)
{
	enum tkind k = s->e->kind;
	int64_t r = tmo_ns(k, &o->after);

	if (!tmo_normalised(k, &o->after)) {
		ksft_print_msg("%s: remaining %s not normalised\n", s->e->name,
			       tmo_str(k, &o->after));
		return false;
	}
	if (r < lo || r > hi) {
		ksft_print_msg("%s: remaining %lld ns outside [%lld, %lld]\n",
			       s->e->name, (long long)r, (long long)lo,
			       (long long)hi);
		return false;
	}
	return true;
}

bool remaining_ok(const struct scenario *s, const struct outcome *o)
{
	int64_t t = tmo_ns(s->e->kind, &s->tmo);

	return remaining_within(s, o, t - elapsed(o) -
				(tmo_granule_ns(s->e->kind) - 1), t);
}

bool unchanged(const struct scenario *s, const struct outcome *o)
{
	if (!memcmp(&s->tmo, &o->after, tmo_size(s->e->kind)))
		return true;
	ksft_print_msg("%s: timeout changed to %s\n", s->e->name,
		       tmo_str(s->e->kind, &o->after));
	return false;
}

bool untouched_case(const struct entry *e, enum wmode m, enum action a,
		    const union tmo *t, const char *name)
{
	struct scenario s = { .e = e, .tmo = *t, .mode = m, .action = a };
	struct outcome o;

	if (run_scenario(&s, &o))
		return false;
	ksft_print_msg("%s: %s\n", name, outcome_str(&s, &o));
	/* the call's mask let it in: it must be gone, and nothing else run */
	if (a == ACT_PENDING && (o.pending & SIGBIT(PENDING_SIG) ||
				 o.mask_after != o.mask_before || o.handled))
		return false;
	if (a != ACT_SIGNAL)
		return o.ret == 0 && elapsed(&o) >= tmo_ns(e->kind, t) &&
		       unchanged(&s, &o);
	return o.ret == -1 && o.err == EINTR && unchanged(&s, &o);
}

const char *skip_no_writeback(const struct entry *e, const void *v)
{
	return e->writeback ? NULL : "no write-back";
}

const char *skip_untouched(const struct entry *e, const void *v)
{
	const struct untouched *u = v;

	if (!e->writeback)
		return "no write-back";
	return u->action == ACT_PENDING && !e->sigmask ?
	       "no signal mask argument: the signal stays blocked" : NULL;
}

/* " name +ms" for each step the parent took, relative to t0. */
static int steps_str(char *buf, size_t size, const struct outcome *o)
{
	const struct { const char *name; int64_t t; } steps[] = {
		{ "asleep", o->at.asleep }, { "stop", o->at.stop },
		{ "stopped", o->at.stopped }, { "cont", o->at.cont },
		{ "asleep2", o->at.asleep2 }, { "signal", o->at.signal },
		{ "stop2", o->at.stop2 }, { "stopped2", o->at.stopped2 },
		{ "cont2", o->at.cont2 }, { "complete", o->at.complete },
	};
	size_t i;
	int n = 0;

	for (i = 0; i < ARRAY_SIZE(steps) && n < (int)size; i++)
		if (steps[i].t)
			n += snprintf(buf + n, size - n, " %s %+.1f",
				      steps[i].name,
				      (steps[i].t - o->t0) / 1e6);
	return n;
}

const char *outcome_str(const struct scenario *s, const struct outcome *o)
{
	static char buf[384];
	int n;

	n = snprintf(buf, sizeof(buf),
		     "ret %ld (%s), %.1f ms, left %s, handled %d",
		     o->ret, o->ret < 0 ? strerror(o->err) : "ok",
		     elapsed(o) / 1e6, tmo_str(s->e->kind, &o->after),
		     o->handled);
	if (o->mask_after != o->mask_before && n < (int)sizeof(buf))
		n += snprintf(buf + n, sizeof(buf) - n,
			      ", sigprocmask %#llx -> %#llx",
			      (unsigned long long)o->mask_before,
			      (unsigned long long)o->mask_after);
	if (o->pending && n < (int)sizeof(buf))
		n += snprintf(buf + n, sizeof(buf) - n, ", pending %#llx",
			      (unsigned long long)o->pending);
	if (o->clobbered && n < (int)sizeof(buf))
		n += snprintf(buf + n, sizeof(buf) - n,
			      ", fd_set words past nfds changed");
	if (o->at.asleep && n < (int)sizeof(buf) - 16) {
		n += snprintf(buf + n, sizeof(buf) - n, "; parent at ms:");
		steps_str(buf + n, sizeof(buf) - n, o);
	}
	return buf;
}
