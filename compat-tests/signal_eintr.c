// SPDX-License-Identifier: GPL-2.0
/*
 * Rule (signal(7)): the select, poll and epoll families are never
 * restarted after a signal handler ran, with or without SA_RESTART: EINTR,
 * the handler ran once, the caller's sigprocmask is back. So too when the
 * timeout is not written back (STICKY_TIMEOUTS, read-only: left bit for
 * bit), and for SIGUSR2, which the caller blocks and only the
 * pselect6/ppoll/epoll_pwait mask lets in: the handler runs under the
 * call's mask, with the caller's mask saved for sigreturn, never with the
 * restart code (ERESTART_RESTARTBLOCK is 516) left as the errno.
 */
#include <errno.h>
#include <signal.h>
#include "scenario.h"

static const struct variant {
	const char *name;
	enum wmode mode;
	bool sa_restart;
	int sig;		/* 0: SIGUSR1 */
} variants[] = {
	{ "", W_PLAIN },
	{ "sa_restart", W_PLAIN, true },
	{ "sticky_sa_restart", W_STICKY, true },
	{ "readonly_sa_restart", W_READONLY, true },
	{ "caller_blocked", W_PLAIN, .sig = SIGUSR2 },
	{ "sticky_caller_blocked", W_STICKY, .sig = SIGUSR2 },
	{ "readonly_caller_blocked", W_READONLY, .sig = SIGUSR2 },
	{ "sticky_caller_blocked_sa_restart", W_STICKY, true, SIGUSR2 },
};

static const char *skip(const struct entry *e, const void *p)
{
	const struct variant *v = p;

	if (v->mode != W_PLAIN && !e->writeback)
		return "no write-back: the plain case is the same call";
	if (v->sig == SIGUSR2 && !e->sigmask)
		return "no signal mask argument: SIGUSR2 stays blocked";
	return NULL;
}

static bool run(const struct entry *e, const void *p, const char *name)
{
	const struct variant *v = p;
	struct scenario s = { .e = e, .mode = v->mode, .action = ACT_SIGNAL,
			      .sa_restart = v->sa_restart, .sig = v->sig };
	struct outcome o;
	bool ok;

	tmo_set_ns(e->kind, &s.tmo, 2000000000LL);
	if (run_scenario(&s, &o))
		return false;
	ksft_print_msg("%s: %s\n", name, outcome_str(&s, &o));
	ok = o.ret == -1 && o.err == EINTR && o.handled == 1 &&
	     o.mask_after == o.mask_before;
	return ok && (v->mode == W_PLAIN || unchanged(&s, &o));
}

int main(void)
{
	run_variants(VARIANTS(variants, skip, run));
}
