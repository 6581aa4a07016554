// SPDX-License-Identifier: GPL-2.0
/*
 * Rule: huge but valid timeouts are accepted - including a timeval whose
 * tv_usec carries past the largest tv_sec, which saturates - and the time
 * written back is normalised, 0 <= R <= T, and clamped to the largest value
 * the caller's type holds, never negative; a stopped and continued call
 * with such a timeout still sleeps instead of failing with EINVAL.
 */
#include <limits.h>
#include <string.h>
#include "scenario.h"

/* The largest normalised timeout of each kind. */
static void set_max(const struct entry *e, union tmo *t)
{
	switch (e->kind) {
	case TK_TIMEVAL:
		tmo_set(e->kind, t, ABI_LONG_MAX, 999999);
		break;
	case TK_OLD_TS:
		tmo_set(e->kind, t, ABI_LONG_MAX, 999999999);
		break;
	case TK_TS64:
		tmo_set(e->kind, t, INT64_MAX, 999999999);
		break;
	case TK_MSEC:
		t->ms = INT_MAX;
		break;
	}
}

static bool written_back_ok(const struct scenario *s, const struct outcome *o)
{
	const struct entry *e = s->e;
	union tmo zero = { 0 }, max;

	if (!e->writeback)
		return true;
	set_max(e, &max);
	if (!tmo_normalised(e->kind, &o->after) ||
	    !tmo_le(e->kind, &zero, &o->after) ||
	    !tmo_le(e->kind, &o->after, &s->tmo)) {
		ksft_print_msg("%s: wrote back %s for %s\n", e->name,
			       tmo_str(e->kind, &o->after),
			       tmo_str(e->kind, &s->tmo));
		return false;
	}
	/*
	 * T - elapsed exceeds what the type holds: exactly the clamp value
	 * (a call restarted from that clamp has less left).
	 */
	if (e->kind == TK_TIMEVAL && sizeof(long) == 4 &&
	    s->tmo.tv.tv_usec >= 2000000 && s->action == ACT_SIGNAL &&
	    memcmp(&o->after.tv, &max.tv, sizeof(max.tv))) {
		ksft_print_msg("%s: wrote back %s, not the clamp %s\n", e->name,
			       tmo_str(e->kind, &o->after),
			       tmo_str(e->kind, &max));
		return false;
	}
	return true;
}

struct kase {
	const char *name;
	bool carry;		/* tv_usec of 1000000 or 2000000 on top */
	int64_t usec;
	enum action action;
	bool ready;		/* wait on a writable pipe */
	long ret;		/* expected: 1 ready, -1 EINTR */
};

static const struct kase cases[] = {
	{ "max_ready", .ready = true, .ret = 1 },
	{ "max_signal", .action = ACT_SIGNAL, .ret = -1 },
	{ "carry_ready", .carry = true, .usec = 1000000, .ready = true, .ret = 1 },
	{ "carry_signal", .carry = true, .usec = 2000000,
	  .action = ACT_SIGNAL, .ret = -1 },
	{ "carry_restart", .carry = true, .usec = 2000000,
	  .action = ACT_STOP_CONT_USR1, .ret = -1 },
};
#define NR_CASES (sizeof(cases) / sizeof(cases[0]))

int main(void)
{
	const struct entry *e;
	unsigned int i, n = 0;

	for_each_entry(e)
		for (i = 0; i < NR_CASES; i++)
			n += !cases[i].carry || e->kind == TK_TIMEVAL;
	ksft_print_header();
	ksft_set_plan(n);
	for_each_entry(e) {
		for (i = 0; i < NR_CASES; i++) {
			const struct kase *c = &cases[i];
			struct scenario s = { .e = e, .out = c->ready,
					      .action = c->action };
			struct outcome o;

			if (c->carry && e->kind != TK_TIMEVAL)
				continue;
			if (c->carry)
				tmo_set(e->kind, &s.tmo, ABI_LONG_MAX, c->usec);
			else
				set_max(e, &s.tmo);
			if (run_scenario(&s, &o)) {
				ksft_test_result_fail("%s_%s\n", e->name, c->name);
				continue;
			}
			ksft_print_msg("%s_%s: T %s: %s\n", e->name, c->name,
				       tmo_str(e->kind, &s.tmo),
				       outcome_str(&s, &o));
			ksft_check(o.ret == c->ret &&
				   (c->ret > 0 || o.err == EINTR) &&
				   written_back_ok(&s, &o),
				   "%s_%s", e->name, c->name);
		}
	}
	ksft_finished();
}
