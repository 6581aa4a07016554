// SPDX-License-Identifier: GPL-2.0
/*
 * Rule: a call interrupted by a handled signal writes back the remaining
 * time R with T - (t1 - t0) - granule < R <= T, normalised (select(2)).
 */
#include "scenario.h"

int main(void)
{
	const struct entry *e;

	ksft_print_header();
	ksft_set_plan(count_entries(has_writeback));
	for_each_entry(e) {
		struct scenario s = { .e = e, .action = ACT_SIGNAL };
		struct outcome o;

		if (!e->writeback)
			continue;
		tmo_set_ns(e->kind, &s.tmo, 2000000000LL);
		if (run_scenario(&s, &o)) {
			ksft_test_result_fail("%s\n", e->name);
			continue;
		}
		ksft_print_msg("%s: %s\n", e->name, outcome_str(&s, &o));
		ksft_check(o.ret == -1 && o.err == EINTR && remaining_ok(&s, &o),
			   "%s", e->name);
	}
	ksft_finished();
}
