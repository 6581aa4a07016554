// SPDX-License-Identifier: GPL-2.0
/*
 * Rule: with personality STICKY_TIMEOUTS the caller's timeout is left bit
 * for bit unchanged, on timeout and on a handled signal, including a
 * non-normalised timeval {0, 1500000}.
 */
#include "scenario.h"

int main(void)
{
	const struct entry *e;

	ksft_print_header();
	ksft_set_plan(count_entries(has_writeback) * 2);
	for_each_entry(e) {
		struct scenario st = { .e = e, .sticky = true };
		struct scenario si = { .e = e, .sticky = true,
				       .action = ACT_SIGNAL };
		struct outcome o;

		if (!e->writeback)
			continue;
		tmo_set_ns(e->kind, &st.tmo, 20000000);
		if (run_scenario(&st, &o))
			ksft_test_result_fail("%s_timeout\n", e->name);
		else
			ksft_check(o.ret == 0 && elapsed(&o) >= 20000000 &&
				   unchanged(&st, &o), "%s_timeout", e->name);

		if (e->kind == TK_TIMEVAL)
			tmo_set(e->kind, &si.tmo, 0, 1500000);
		else
			tmo_set_ns(e->kind, &si.tmo, 1500000000);
		if (run_scenario(&si, &o))
			ksft_test_result_fail("%s_signal\n", e->name);
		else
			ksft_check(o.ret == -1 && o.err == EINTR &&
				   unchanged(&si, &o), "%s_signal", e->name);
	}
	ksft_finished();
}
