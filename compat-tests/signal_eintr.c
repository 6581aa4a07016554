// SPDX-License-Identifier: GPL-2.0
/*
 * Rule (signal(7)): the select, poll and epoll families are never
 * restarted after a signal handler ran, with or without SA_RESTART: EINTR.
 */
#include <errno.h>
#include "scenario.h"

static const struct variant {
	const char *name;
	bool sa_restart;
} variants[] = {
	{ "", false },
	{ "sa_restart", true },
};

static bool run(const struct entry *e, const void *p, const char *name)
{
	const struct variant *v = p;
	struct scenario s = { .e = e, .action = ACT_SIGNAL,
			      .sa_restart = v->sa_restart };
	struct outcome o;

	tmo_set_ns(e->kind, &s.tmo, 2000000000LL);
	if (run_scenario(&s, &o))
		return false;
	ksft_print_msg("%s: %s\n", name, outcome_str(&s, &o));
	return o.ret == -1 && o.err == EINTR && o.handled == 1;
}

int main(void)
{
	run_variants(VARIANTS(variants, NULL, run));
}
