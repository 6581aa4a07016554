// SPDX-License-Identifier: GPL-2.0
/*
 * Rule: a call stopped by SIGSTOP and continued by SIGCONT, with no handler
 * run, is restarted with all of its arguments, whatever protects its
 * timeout (writable, STICKY_TIMEOUTS, read-only): each fd set and its
 * nfds, and its signal mask, read again.
 * - Its descriptor, in the write set (POLLOUT for ppoll) of a full pipe
 *   that the parent drains while it is stopped, or in the except set
 *   (POLLPRI) of an AF_UNIX stream socket that is sent MSG_OOB data
 *   (EPOLLPRI: CONFIG_AF_UNIX_OOB) while it is stopped: the call returns 1
 *   at once after SIGCONT, reporting that descriptor, for that set, and
 *   nothing else (restart.c's _stop_ready rows: the read set).
 * - Stopped again in the restarted call, its descriptor (read, write or
 *   except set) made ready during the second stop: 1 at once after the
 *   second SIGCONT (a second restart keeps nfds and each set too).
 * - Its signal mask made unreadable during the stop (the mask is in a
 *   shared memfd page the parent truncates), or during a second stop in
 *   the restarted call: the restart reads the mask again and fails with
 *   EFAULT at once after the (last) SIGCONT, as the writable call
 *   re-executed does; not 0, not EINTR.
 * A sticky or read-only timeout is left as passed; a writable one holds the
 * time left at the (last) stop, less the time since SIGCONT. The caller's
 * sigprocmask is unchanged, no handler ran, fd_set words past nfds are
 * untouched. The instants and the window of "at once" (T/16) are
 * restart.c's; poll() and epoll are restart.c's _plain cases.
 */
#include <errno.h>
#include <string.h>

#include "scenario.h"

#define T_NS 400000000LL

struct variant {
	const char *name;
	enum wmode mode;
	enum action action;
	bool out;		/* the write set (POLLOUT) */
	bool pri;		/* the except set (POLLPRI) */
};

static const struct variant variants[] = {
	/* a full pipe drained while stopped: writable */
	{ "plain_stop_writable", W_PLAIN, ACT_STOP_READY, .out = true },
	{ "sticky_stop_writable", W_STICKY, ACT_STOP_READY, .out = true },
	{ "readonly_stop_writable", W_READONLY, ACT_STOP_READY, .out = true },
	/* MSG_OOB data sent while stopped: an exceptional condition */
	{ "plain_stop_except", W_PLAIN, ACT_STOP_READY, .pri = true },
	{ "sticky_stop_except", W_STICKY, ACT_STOP_READY, .pri = true },
	{ "readonly_stop_except", W_READONLY, ACT_STOP_READY, .pri = true },
	/* stopped again in the restarted call, ready during that stop */
	{ "plain_stop_ready_twice", W_PLAIN, ACT_STOP_TWICE_READY },
	{ "sticky_stop_ready_twice", W_STICKY, ACT_STOP_TWICE_READY },
	{ "readonly_stop_ready_twice", W_READONLY, ACT_STOP_TWICE_READY },
	{ "plain_stop_writable_twice", W_PLAIN, ACT_STOP_TWICE_READY, .out = true },
	{ "sticky_stop_writable_twice", W_STICKY, ACT_STOP_TWICE_READY, .out = true },
	{ "readonly_stop_writable_twice", W_READONLY, ACT_STOP_TWICE_READY, .out = true },
	{ "plain_stop_except_twice", W_PLAIN, ACT_STOP_TWICE_READY, .pri = true },
	{ "sticky_stop_except_twice", W_STICKY, ACT_STOP_TWICE_READY, .pri = true },
	{ "readonly_stop_except_twice", W_READONLY, ACT_STOP_TWICE_READY, .pri = true },
	/* its signal mask unreadable at the (second) SIGCONT */
	{ "plain_stop_mask_fault", W_PLAIN, ACT_STOP_FAULT },
	{ "sticky_stop_mask_fault", W_STICKY, ACT_STOP_FAULT },
	{ "readonly_stop_mask_fault", W_READONLY, ACT_STOP_FAULT },
	{ "plain_stop_mask_fault_twice", W_PLAIN, ACT_STOP_TWICE_FAULT },
	{ "sticky_stop_mask_fault_twice", W_STICKY, ACT_STOP_TWICE_FAULT },
	{ "readonly_stop_mask_fault_twice", W_READONLY, ACT_STOP_TWICE_FAULT },
};

static const char *skip(const struct entry *e, const void *p)
{
	const struct variant *v = p;

	/* as restart.c: the bounds need virtual time */
	if (!virtual_time())
		return "host-time guest: restart bounds need virtual time";
	if (entry_on_stop(e) != STOP_RESUMES)
		return "its stop ends the call or restarts to the end time: restart.c's _plain case";
	if (action_faults_mask(v->action) && !e->sigmask)
		return "no signal mask argument";
	return NULL;
}

/* EFAULT at once after the last SIGCONT; the timeout as the stop left it. */
static bool faulted(const struct scenario *s, const struct outcome *o,
		    const char *name)
{
	int64_t after = o->t1 - (o->at.cont2 ? o->at.cont2 : o->at.cont);
	int64_t left_min, left_max;
	bool ok = o->ret == -1 && o->err == EFAULT && after >= 0 &&
		  after < T_NS / 16;

	if (!ok)
		ksft_print_msg("%s: ret %ld (%s) %.1f ms after the last SIGCONT: not EFAULT at once (its mask became unreadable while stopped)\n",
			       name, o->ret, o->ret < 0 ? strerror(o->err) : "ok",
			       after / 1e6);
	if (s->mode != W_PLAIN)
		return ok && unchanged(s, o);
	/* written back at the stop; the call re-executed failed before */
	left_at_stop(o, T_NS, tmo_granule_ns(s->e->kind), &left_min, &left_max);
	return ok && remaining_within(s, o, left_min, left_max);
}

static bool run(const struct entry *e, const void *p, const char *name)
{
	const struct variant *v = p;
	struct scenario s = { .e = e, .mode = v->mode, .action = v->action,
			      .out = v->out, .pri = v->pri,
			      .delay_ns = T_NS / 2, .hold_ns = T_NS * 3 / 2 };
	struct outcome o;
	bool ok;

	tmo_set_ns(e->kind, &s.tmo, T_NS);
	if (run_scenario(&s, &o))
		return false;
	ksft_print_msg("%s: %s\n", name, outcome_str(&s, &o));
	ok = o.mask_after == o.mask_before && !o.clobbered && !o.handled;
	if (action_faults_mask(v->action))
		return faulted(&s, &o, name) && ok;
	return ready_after_stop(&s, &o, T_NS, T_NS / 16, name) && ok;
}

int main(void)
{
	run_variants(VARIANTS(variants, skip, run));
}
