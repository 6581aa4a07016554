// SPDX-License-Identifier: GPL-2.0
/*
 * Rule: a timeout in read-only memory does not turn a completed call into
 * a failure: on timeout the call returns 0; on a handled signal EINTR; a
 * zero timeout with a signal that has no handler pending, which the
 * pselect6/ppoll mask lets in, is restarted as a writable one is: 0.
 */
#include "scenario.h"

static const struct untouched variants[] = {
	{ "timeout", ACT_NONE, 10000000 },
	{ "signal", ACT_SIGNAL, 2000000000LL },
	{ "zero_pending", ACT_PENDING, 0 },
};

static bool run(const struct entry *e, const void *p, const char *name)
{
	const struct untouched *v = p;
	union tmo t;

	tmo_set_ns(e->kind, &t, v->ns);
	return untouched_case(e, W_READONLY, v->action, &t, name);
}

int main(void)
{
	run_variants(VARIANTS(variants, skip_untouched, run));
}
