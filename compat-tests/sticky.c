// SPDX-License-Identifier: GPL-2.0
/*
 * Rule: with personality STICKY_TIMEOUTS the caller's timeout is left bit
 * for bit unchanged, on timeout and on a handled signal, including a
 * non-normalised timeval {0, 1500000}. A zero timeout is no reason for
 * EINTR: a signal with no handler that the pselect6/ppoll mask lets in
 * (pending, blocked by the caller, ignored by default) is dequeued and the
 * call restarted with its zero timeout, as a writable one is: 0.
 */
#include "scenario.h"

static const struct untouched variants[] = {
	{ "timeout", ACT_NONE, 20000000 },
	{ "signal", ACT_SIGNAL, 1500000000 },
	{ "zero_pending", ACT_PENDING, 0 },
};

static bool run(const struct entry *e, const void *p, const char *name)
{
	const struct untouched *v = p;
	union tmo t;

	/* a timeval the kernel would have to normalise: it must not */
	if (v->action == ACT_SIGNAL && e->kind == TK_TIMEVAL)
		tmo_set(e->kind, &t, 0, 1500000);
	else
		tmo_set_ns(e->kind, &t, v->ns);
	return untouched_case(e, W_STICKY, v->action, &t, name);
}

int main(void)
{
	run_variants(VARIANTS(variants, skip_untouched, run));
}
