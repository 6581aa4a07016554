// SPDX-License-Identifier: GPL-2.0
/*
 * Benchmark, not a test: what the select/poll/epoll entry points of the
 * ABI cost, the paths the series touches. Its cells run under QEMU
 * -icount shift=0 (the Makefile's "count" clock), where a nanosecond of
 * guest time is one instruction, so every figure below is an instruction
 * count (docs/bench.md).
 *
 * cost: a zero-timeout call, the path the series touches on every
 * return. The median, p99 and minimum over batches of the batch's
 * CLOCK_MONOTONIC ns per call. Every call waits on one idle pipe.
 *
 * restart: one stop/continue. A child makes a call with a RESTART_TMO_NS
 * timeout (writable, STICKY_TIMEOUTS or read-only) on an idle pipe; its
 * own CLOCK_THREAD_CPUTIME_ID is read around the call. Alone, the call
 * times out; "once", the parent sends SIGSTOP when it sees it asleep and
 * SIGCONT when it has stopped, and the kernel restarts it (re-executed,
 * or through restart_syscall) or fails it with EINTR. extra_ns is the
 * median "once" minus the median "alone": what one stop/continue and its
 * restart cost the caller. Idle time, the parent and the wake-up
 * interrupts of the idle CPU are not the child's CPU time.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <linux/eventpoll.h>

#include "proc.h"
#include "report.h"
#include "stats.h"

#define BATCHES 21
#define CALLS 500
/* Asleep long before the parent's first look (it polls every 1 ms). */
#define RESTART_TMO_NS 50000000LL
#define REPS 9	/* samples per figure, after one dropped warm-up call */
#define KSIGSET_SIZE 8	/* _NSIG / 8 on every ABI here */

/*
 * An epoll entry point waits on one epoll instance (of the idle pipe
 * of its first call), made once and inherited by the restart children:
 * the tests' wrapper makes and closes one per call, and its file's
 * freeing, deferred to RCU callbacks at the tick, would be counted. The
 * other entry points are called as entry_call() calls them.
 */
static long bench_call(const struct entry *e, const struct call *c)
{
	static long ep = -1;
	struct epoll_event ev = { EPOLLIN, 0 };
	int ms = c->tmo ? *(int *)c->tmo : -1;

	if (e->family != F_EPOLL)
		return entry_call(e, c);
	if (ep < 0) {
		ep = syscall(__NR_epoll_create1, 0);
		if (ep < 0 || syscall(__NR_epoll_ctl, ep, EPOLL_CTL_ADD, c->fd, &ev))
			ksft_exit_fail_msg("epoll: %s\n", strerror(errno));
	}
	if (e->kind == TK_MSEC && !e->sigmask)
		return syscall(e->nr, ep, &ev, 1, ms);
	if (e->kind == TK_MSEC)
		return syscall(e->nr, ep, &ev, 1, ms, c->mask, KSIGSET_SIZE);
	return syscall(e->nr, ep, &ev, 1, c->tmo, c->mask, KSIGSET_SIZE);
}

/* The median of BATCHES batches of CALLS calls, per call. */
static int cost(const struct entry *e, int fd)
{
	struct csv_row r = { 0 };
	union tmo t;
	struct call c = { .fd = fd, .tmo = &t };
	int64_t v[BATCHES];
	int b, i;

	for (b = 0; b < BATCHES; b++) {
		int64_t t0 = mono_ns();

		for (i = 0; i < CALLS; i++) {
			tmo_set_ns(e->kind, &t, 0);
			if (bench_call(e, &c) != 0)
				return -1;
		}
		v[b] = (mono_ns() - t0) / CALLS;
	}
	csv_col(&r, "abi", "%s", ABI_NAME);
	csv_col(&r, "call", "%s", e->name);
	csv_stats(&r, "batches", v, BATCHES);
	csv_emit("cost", &r);
	return 0;
}

/* The caller's own CPU time: its instructions under shift=0. */
static int64_t cpu_ns(void)
{
	struct __kernel_timespec ts;
#ifdef __NR_clock_gettime64
	long nr = __NR_clock_gettime64;
#else
	long nr = __NR_clock_gettime;
#endif

	if (syscall(nr, CLOCK_THREAD_CPUTIME_ID, &ts))
		_exit(2);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

struct sample {
	int64_t ns;
	long ret;
	int err;
};

/*
 * REPS + 1 calls, each announced on @ready; the first is dropped (its
 * page faults after fork). A call with a mask argument gets an empty
 * mask, as glibc's pselect() and ppoll() pass one.
 */
static void restart_child(const struct entry *e, enum wmode m, int ready,
			  int report)
{
	struct sample s[REPS + 1];
	uint64_t mask = 0;
	union tmo v, *t = tmo_page();
	struct call c = { .tmo = t, .mask = e->sigmask ? &mask : NULL };
	int p[2], i;

	if (wmode_enter(m))
		_exit(2);
	idle_pipe(p);
	c.fd = p[0];
	tmo_set_ns(e->kind, &v, RESTART_TMO_NS);
	for (i = 0; i <= REPS; i++) {
		int64_t c0;

		tmo_arm(t, m, &v);
		if (write(ready, "", 1) != 1)
			_exit(2);
		c0 = cpu_ns();
		s[i].ret = bench_call(e, &c);
		s[i].err = errno;
		s[i].ns = cpu_ns() - c0;
	}
	if (write(report, s + 1, sizeof(s[0]) * REPS) != sizeof(s[0]) * REPS)
		_exit(2);
	_exit(0);
}

/* @s: REPS calls of @e in mode @m, each stopped and continued once if @stop. */
static int restart_run(const struct entry *e, enum wmode m, bool stop,
		       struct sample *s)
{
	int ready[2], report[2], status = -1, i, bad = 0;
	int64_t at, at2;
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
		restart_child(e, m, ready[1], report[1]);
	}
	close(ready[1]);
	close(report[1]);
	for (i = 0; i <= REPS && !bad; i++) {
		bad = read(ready[0], &c, 1) != 1 || wait_sleeping(pid, &at);
		if (!bad && stop)
			bad = stop_child(pid, &at, &at2, &status) ||
			      signal_child(pid, SIGCONT, &at);
	}
	if (bad)
		kill(pid, SIGKILL);
	bad |= read(report[0], s, sizeof(*s) * REPS) != sizeof(*s) * REPS;
	waitpid(pid, &status, 0);
	close(ready[0]);
	close(report[0]);
	if (bad || !WIFEXITED(status) || WEXITSTATUS(status)) {
		ksft_print_msg("%s: restart child failed, status %#x\n",
			       e->name, status);
		return -1;
	}
	return 0;
}

static int cmp_ns(const void *a, const void *b)
{
	const struct sample *x = a, *y = b;

	return x->ns < y->ns ? -1 : x->ns > y->ns;
}

static const char *const wmode_names[] = {
	[W_PLAIN] = "plain", [W_STICKY] = "sticky", [W_READONLY] = "readonly",
};

/* One row: the same call alone and stopped once, in mode @m. */
static int restart_cost(const struct entry *e, enum wmode m)
{
	struct sample alone[REPS], once[REPS];
	struct csv_row r = { 0 };
	int i;

	if (restart_run(e, m, false, alone) || restart_run(e, m, true, once))
		return -1;
	/* Every "once" call must have ended alike: the result is a column. */
	for (i = 1; i < REPS; i++)
		if (once[i].ret != once[0].ret || once[i].err != once[0].err) {
			ksft_print_msg("%s %s: stopped calls ended unlike\n",
				       e->name, wmode_names[m]);
			return -1;
		}
	qsort(alone, REPS, sizeof(alone[0]), cmp_ns);
	qsort(once, REPS, sizeof(once[0]), cmp_ns);
	csv_col(&r, "abi", "%s", ABI_NAME);
	csv_col(&r, "call", "%s", e->name);
	csv_col(&r, "mode", "%s", wmode_names[m]);
	csv_col(&r, "result", "%s", once[0].ret < 0 ?
		(once[0].err == EINTR ? "EINTR" : strerror(once[0].err)) : "0");
	csv_col(&r, "reps", "%d", REPS);
	csv_col(&r, "alone_ns", "%lld", (long long)alone[REPS / 2].ns);
	csv_col(&r, "once_ns", "%lld", (long long)once[REPS / 2].ns);
	csv_col(&r, "extra_ns", "%lld",
		(long long)(once[REPS / 2].ns - alone[REPS / 2].ns));
	csv_col(&r, "once_min_ns", "%lld", (long long)once[0].ns);
	csv_col(&r, "once_max_ns", "%lld", (long long)once[REPS - 1].ns);
	csv_emit("restart", &r);
	return 0;
}

int main(void)
{
	const struct entry *e;
	struct sched_param sp = { 0 };
	int p[2], bad = 0, m;

	ksft_print_header();
	ksft_set_plan(2);
	idle_pipe(p);
	for_each_entry(e)
		bad |= cost(e, p[0]);
	ksft_test_result(!bad, "zero_timeout_cost\n");
	bad = 0;
	/*
	 * The parent runs SCHED_FIFO (its children not): a child woken by
	 * SIGSTOP or SIGCONT never preempts it, so the child always stops
	 * with the parent already in waitpid() and wakes it, on every boot
	 * (otherwise vruntime decides, and the child's figures move by a
	 * wake-up between boots).
	 */
	sp.sched_priority = 1;
	if (sched_setscheduler(0, SCHED_FIFO | SCHED_RESET_ON_FORK, &sp))
		ksft_exit_fail_msg("sched_setscheduler: %s\n", strerror(errno));
	/* Only a call that writes back has a sticky or read-only mode. */
	for_each_entry(e)
		for (m = W_PLAIN; m <= (e->writeback ? W_READONLY : W_PLAIN); m++)
			bad |= restart_cost(e, m);
	ksft_test_result(!bad, "restart_cost\n");
	ksft_finished();
}
