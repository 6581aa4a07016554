// SPDX-License-Identifier: GPL-2.0
/*
 * Rule: a call that times out returns 0 no earlier than T after it was
 * made (t1 - t0 >= T) and leaves R == 0 exactly; a zero timeout returns 0
 * at once and leaves {0, 0}.
 */
#include "scenario.h"

/* Requests in ns: sub-granule, one tick-ish, a plain 10 ms, and zero. */
static const struct variant {
	const char *name;
	int64_t ns;
} variants[] = {
	{ "1000ns", 1000 },
	{ "1000000ns", 1000000 },
	{ "10000000ns", 10000000 },
	{ "zero", 0 },
};

static bool run(const struct entry *e, const void *p, const char *name)
{
	const struct variant *v = p;
	struct scenario s = { .e = e };
	struct outcome o;
	int64_t t;

	tmo_set_ns(e->kind, &s.tmo, v->ns);
	/* poll's milliseconds round 1 us down to nothing: use 1 ms */
	if (v->ns && !tmo_ns(e->kind, &s.tmo))
		tmo_set_ns(e->kind, &s.tmo, 1000000);
	t = tmo_ns(e->kind, &s.tmo);
	if (run_scenario(&s, &o))
		return false;
	ksft_print_msg("%s: T %lld ns: %s\n", name, (long long)t,
		       outcome_str(&s, &o));
	/* "At once": far below any timer; 1 s tolerates TCG. */
	if (!v->ns)
		return o.ret == 0 && unchanged(&s, &o) &&
		       elapsed(&o) < 1000000000LL;
	return o.ret == 0 && elapsed(&o) >= t &&
	       (!e->writeback || tmo_ns(e->kind, &o.after) == 0);
}

int main(void)
{
	run_variants(VARIANTS(variants, NULL, run));
}
