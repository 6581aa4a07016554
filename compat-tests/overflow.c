// SPDX-License-Identifier: GPL-2.0
/*
 * Rule: huge but valid timeouts are accepted - including a timeval whose
 * tv_usec carries past the largest tv_sec, which saturates - and the time
 * written back is normalised, 0 <= R <= T, and clamped to the largest value
 * the caller's type holds, never negative: where T - (t1 - t0) exceeds
 * that value, R is exactly it (whatever the clock's granularity); a stopped
 * and continued call with such a timeout still sleeps instead of failing
 * with EINVAL.
 */
#include <errno.h>
#include <string.h>
#include "scenario.h"

struct kase {
	const char *name;
	bool carry;		/* {largest tv_sec, usec} */
	int64_t usec;
	enum action action;
	bool ready;		/* wait on a writable pipe */
	long ret;		/* expected: 1 ready, -1 EINTR */
};

static const struct kase cases[] = {
	{ "max_ready", .ready = true, .ret = 1 },
	{ "max_signal", .action = ACT_SIGNAL, .ret = -1 },
	/* T - elapsed > the largest timeval for any elapsed < 1 s */
	{ "carry_ready", .carry = true, .usec = 2000000, .ready = true, .ret = 1 },
	{ "carry_signal", .carry = true, .usec = 2000000,
	  .action = ACT_SIGNAL, .ret = -1 },
	{ "carry_restart", .carry = true, .usec = 2000000,
	  .action = ACT_STOP_CONT_SIGNAL, .ret = -1 },
};

static const char *skip(const struct entry *e, const void *p)
{
	const struct kase *c = p;

	return c->carry && e->kind != TK_TIMEVAL ? "no tv_usec to carry" : NULL;
}

/* The clamp is due where T - elapsed exceeds the type (32-bit longs). */
static bool clamp_due(const struct scenario *s, const struct outcome *o,
		      const union tmo *max)
{
	enum tkind k = s->e->kind;

	return k == TK_TIMEVAL && ABI_TV_SEC_32 &&
	       tmo_ns(k, &s->tmo) - elapsed(o) > tmo_ns(k, max);
}

static bool written_back_ok(const struct scenario *s, const struct outcome *o)
{
	const struct entry *e = s->e;
	union tmo zero = { 0 }, max;

	if (!e->writeback)
		return true;
	tmo_set_max(e->kind, &max);
	if (!tmo_normalised(e->kind, &o->after) ||
	    !tmo_le(e->kind, &zero, &o->after) ||
	    !tmo_le(e->kind, &o->after, &s->tmo)) {
		ksft_print_msg("%s: wrote back %s for %s\n", e->name,
			       tmo_str(e->kind, &o->after),
			       tmo_str(e->kind, &s->tmo));
		return false;
	}
	/* A call restarted from the clamp has less left. */
	if (s->action != ACT_STOP_CONT_SIGNAL && clamp_due(s, o, &max) &&
	    memcmp(&o->after, &max, tmo_size(e->kind))) {
		ksft_print_msg("%s: wrote back %s, not the clamp %s\n", e->name,
			       tmo_str(e->kind, &o->after),
			       tmo_str(e->kind, &max));
		return false;
	}
	return true;
}

static bool run(const struct entry *e, const void *p, const char *name)
{
	const struct kase *c = p;
	struct scenario s = { .e = e, .out = c->ready, .action = c->action };
	struct outcome o;

	if (c->carry)
		tmo_set(e->kind, &s.tmo, ABI_LONG_MAX, c->usec);
	else
		tmo_set_max(e->kind, &s.tmo);
	if (run_scenario(&s, &o))
		return false;
	ksft_print_msg("%s: T %s: %s\n", name, tmo_str(e->kind, &s.tmo),
		       outcome_str(&s, &o));
	return o.ret == c->ret && (c->ret > 0 || o.err == EINTR) &&
	       written_back_ok(&s, &o);
}

int main(void)
{
	run_variants(VARIANTS(cases, skip, run));
}
