// SPDX-License-Identifier: GPL-2.0
/*
 * Rule: a call interrupted by a handled signal writes back the remaining
 * time R with T - (t1 - t0) - granule < R <= T, normalised (select(2)).
 */
#include <errno.h>
#include "scenario.h"

static const struct { const char *name; } variants[] = { { "" } };

static bool run(const struct entry *e, const void *v, const char *name)
{
	struct scenario s = { .e = e, .action = ACT_SIGNAL };
	struct outcome o;

	tmo_set_ns(e->kind, &s.tmo, 2000000000LL);
	if (run_scenario(&s, &o))
		return false;
	ksft_print_msg("%s: %s\n", name, outcome_str(&s, &o));
	return o.ret == -1 && o.err == EINTR && remaining_ok(&s, &o);
}

int main(void)
{
	run_variants(VARIANTS(variants, skip_no_writeback, run));
}
