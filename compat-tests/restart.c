// SPDX-License-Identifier: GPL-2.0
/*
 * Rule: a call stopped by SIGSTOP for longer than its timeout T and
 * continued by SIGCONT, with no handler run, sleeps on for the time it had
 * left at the stop (stopped time does not count) and returns 0 - also when
 * STICKY_TIMEOUTS or a read-only timeout keep that time from being written
 * back (then the timeout is left bit for bit; a writable one reads 0).
 * Stopped again in the restarted call: the same, from the time it had left
 * at the second stop (no EINTR, not the first stop's time, not T).
 * Its descriptor made readable during the stop: the restarted call
 * returns 1 at once after SIGCONT, reporting that descriptor and no other
 * (it still watches its fd sets; the write and except sets, a second
 * restart and the mask read again at the restart: restart_fds.c).
 * A handled SIGUSR1 sent during the stop or into the restarted call: EINTR,
 * the handler ran once, the caller's sigprocmask is unchanged. One blocked
 * by the pselect6/ppoll mask does not interrupt: the restarted call sleeps
 * under that mask again, and the handler runs once it returns. poll
 * restarts towards its original end time (0 right after SIGCONT); epoll
 * fails with EINTR (signal(7)).
 *
 * Bounds from CLOCK_MONOTONIC instants of parent and child only: t0 and t1
 * right before and after the call (child); asleep (state 'S' read), stop
 * (before kill(SIGSTOP)), stopped (stop observed), cont (before
 * kill(SIGCONT)) (parent), the stop held 1.5 T. The time left at the stop
 * lies in [T - (stopped - t0), T - (stop - asleep)]: the call must end with
 * cont + T - (stopped - t0) <= t1 < cont + T - (stop - asleep) + T/16 (the
 * margin covers the wake-up; guests run in virtual time, where correct
 * kernels ended at most 0.2 ms past the upper end). A restart with the full
 * timeout ends at cont + T; one towards the original end time right after
 * cont. Stopped twice, the restarted call slept at least stop2 - asleep2
 * and at most stopped2 - cont before the second stop, so both ends move by
 * those and t1 is measured from cont2: a restart with the time left at the
 * first stop ends about stop2 - asleep2 = T/8 past the upper end, twice
 * the margin.
 */
#include <errno.h>
#include "scenario.h"

#define T_NS 400000000LL

struct variant {
	const char *name;
	enum wmode mode;
	enum action action;
	bool masked;		/* the call's mask blocks SIGUSR1 */
	bool eintr;		/* expected: EINTR (else 0 after the time left) */
	bool or_resumes;	/* or, by the arch's restart path, 0 as writable */
	int handled;		/* expected SIGUSR1 handler runs */
	bool ready;		/* its descriptor made readable while stopped */
};

static const struct variant variants[] = {
	/* stopped for 1.5 T, continued, no signal */
	{ "plain", W_PLAIN, ACT_STOP },
	{ "sticky", W_STICKY, ACT_STOP },
	{ "readonly", W_READONLY, ACT_STOP },
	/* stopped again in the restarted call, continued, no signal */
	{ "plain_twice", W_PLAIN, ACT_STOP_TWICE },
	{ "sticky_twice", W_STICKY, ACT_STOP_TWICE },
	{ "readonly_twice", W_READONLY, ACT_STOP_TWICE },
	/* a handled, unblocked SIGUSR1 sent while stopped */
	{ "plain_stop_signal", W_PLAIN, ACT_STOP_SIGNAL, .eintr = true, .handled = 1 },
	{ "sticky_stop_signal", W_STICKY, ACT_STOP_SIGNAL, .eintr = true, .handled = 1 },
	{ "readonly_stop_signal", W_READONLY, ACT_STOP_SIGNAL, .eintr = true,
	  .handled = 1 },
	/*
	 * SIGUSR1 blocked by the call's mask, sent while stopped: at SIGCONT
	 * the caller's mask comes back, the handler runs, and the writable call
	 * is re-executed with the time it wrote back.
	 */
	{ "plain_stop_masked", W_PLAIN, ACT_STOP_SIGNAL, .masked = true, .handled = 1 },
	/*
	 * The one difference the series keeps (its cover letter): the handler
	 * that runs at SIGCONT, before a restart_block restart, cancels it
	 * (sigreturn sets restart_block.fn = do_no_restart_syscall), so a
	 * sticky or read-only call returns EINTR after it, as poll() and
	 * nanosleep() do; restart_syscall(2). A native arm kernel restarts
	 * inside the kernel before it delivers the handler (entry-common.S
	 * syscall_restart), with the call's mask applied again, so there the
	 * call ends as the writable one: either outcome, each exactly.
	 */
	{ "sticky_stop_masked", W_STICKY, ACT_STOP_SIGNAL, .masked = true,
	  .eintr = true, .or_resumes = true, .handled = 1 },
	{ "readonly_stop_masked", W_READONLY, ACT_STOP_SIGNAL, .masked = true,
	  .eintr = true, .or_resumes = true, .handled = 1 },
	/*
	 * Its descriptor made readable while it is stopped: the restarted
	 * call still watches it (the restart keeps the fd sets and nfds) and
	 * returns 1 at once after SIGCONT, not 0 after the time left.
	 */
	{ "plain_stop_ready", W_PLAIN, ACT_STOP_READY, .ready = true },
	{ "sticky_stop_ready", W_STICKY, ACT_STOP_READY, .ready = true },
	{ "readonly_stop_ready", W_READONLY, ACT_STOP_READY, .ready = true },
	/* a handled SIGUSR1 into the restarted call */
	{ "plain_cont_signal", W_PLAIN, ACT_STOP_CONT_SIGNAL, .eintr = true, .handled = 1 },
	{ "sticky_cont_signal", W_STICKY, ACT_STOP_CONT_SIGNAL, .eintr = true,
	  .handled = 1 },
	{ "readonly_cont_signal", W_READONLY, ACT_STOP_CONT_SIGNAL, .eintr = true,
	  .handled = 1 },
	/* SIGUSR1 blocked by the call's mask into the restarted call */
	{ "mask", W_PLAIN, ACT_STOP_CONT_SIGNAL, .masked = true, .handled = 1 },
	{ "sticky_mask", W_STICKY, ACT_STOP_CONT_SIGNAL, .masked = true, .handled = 1 },
	{ "readonly_mask", W_READONLY, ACT_STOP_CONT_SIGNAL, .masked = true,
	  .handled = 1 },
};

static const char *skip(const struct entry *e, const void *p)
{
	const struct variant *v = p;

	/*
	 * The bounds need a guest whose time no host load can stretch: the
	 * host-time (KASAN) guest runs the restart paths through storm.
	 */
	if (!virtual_time())
		return "host-time guest: restart bounds need virtual time";

	if (v->ready && entry_on_stop(e) != STOP_RESUMES)
		return "its stop ends the call or restarts to the end time: restart.c's _plain case";
	if (!e->writeback && (v->mode != W_PLAIN || v->action != ACT_STOP))
		return "no write-back: its stop semantics are the _plain case";
	if (v->masked && !e->sigmask)
		return "no signal mask argument";
	return NULL;
}

/* The call's end against the instants, for a call that returned 0. */
static bool ends_in_time(const struct outcome *o, int64_t g, const char *name)
{
	int64_t after = o->t1 - (o->at.cont2 ? o->at.cont2 : o->at.cont);
	int64_t left_min, left_max;

	left_at_stop(o, T_NS, g, &left_min, &left_max);
	if (after < left_min || after >= left_max + T_NS / 16)
		ksft_print_msg("%s: returned %.1f ms after SIGCONT, not in [%.1f, %.1f + %.1f) ms: not the time left at the %sstop\n",
			       name, after / 1e6, left_min / 1e6, left_max / 1e6,
			       T_NS / 16 / 1e6, o->at.cont2 ? "second " : "");
	return after >= left_min && after < left_max + T_NS / 16;
}

static bool check(const struct variant *v, const struct scenario *s,
		  const struct outcome *o, const char *name)
{
	const struct entry *e = s->e;
	const struct instants *at = &o->at;
	int64_t g = tmo_granule_ns(e->kind);
	/* slept at least, at most, before the last interruption */
	int64_t slept_min = at->stop - at->asleep +
			    (at->asleep2 ? at->signal - at->asleep2 : 0);
	int64_t slept_max = elapsed(o) - (at->cont - at->stopped);
	bool ok = o->mask_after == o->mask_before && !o->clobbered;

	switch (entry_on_stop(e)) {
	case STOP_EINTR:
		return ok && o->ret == -1 && o->err == EINTR && !o->handled;
	case STOP_ABSOLUTE:
		return ok && o->ret == 0 && o->t1 >= o->t0 + T_NS &&
		       o->t1 < at->cont + T_NS / 4;
	case STOP_RESUMES:
		break;
	}
	ok = ok && o->handled == v->handled;
	if (v->ready)
		return ready_after_stop(s, o, T_NS, T_NS / 16, name) && ok;
	if (v->eintr && v->or_resumes && o->ret == 0)
		goto resumes;
	if (v->eintr) {
		ok = ok && o->ret == -1 && o->err == EINTR;
		if (v->mode != W_PLAIN)
			return ok && unchanged(s, o);
		return ok && remaining_within(s, o, T_NS - slept_max - 2 * g,
					      T_NS - slept_min);
	}
resumes:
	ok = ok && o->ret == 0 && ends_in_time(o, g, name);
	if (v->mode != W_PLAIN)
		return ok && unchanged(s, o);
	return ok && tmo_ns(e->kind, &o->after) == 0;
}

static bool run(const struct entry *e, const void *p, const char *name)
{
	const struct variant *v = p;
	struct scenario s = { .e = e, .mode = v->mode, .mask_usr1 = v->masked,
			      .action = v->action, .delay_ns = T_NS / 2,
			      .hold_ns = T_NS * 3 / 2 };
	struct outcome o;
	int64_t left_min, left_max;
	int tries;

	tmo_set_ns(e->kind, &s.tmo, T_NS);
	for (tries = 1;; tries++) {
		if (run_scenario(&s, &o))
			return false;
		ksft_print_msg("%s: %s\n", name, outcome_str(&s, &o));
		/* a stop that came late leaves too little to tell */
		left_at_stop(&o, T_NS, tmo_granule_ns(e->kind), &left_min,
			     &left_max);
		if (left_min >= T_NS / 8 || tries == 3)
			break;
		ksft_print_msg("%s: stopped too late to tell, again\n", name);
	}
	return check(v, &s, &o, name);
}

int main(void)
{
	run_variants(VARIANTS(variants, skip, run));
}
