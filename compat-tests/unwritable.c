// SPDX-License-Identifier: GPL-2.0
/*
 * Rule: a timeout in read-only memory does not turn a completed call into
 * a failure: on timeout the call returns 0; on a handled signal EINTR.
 */
#include "scenario.h"

int main(void)
{
	const struct entry *e;

	ksft_print_header();
	ksft_set_plan(count_entries(has_writeback) * 2);
	for_each_entry(e) {
		struct scenario st = { .e = e, .readonly = true };
		struct scenario si = { .e = e, .readonly = true,
				       .action = ACT_SIGNAL };
		struct outcome o;

		if (!e->writeback)
			continue;
		tmo_set_ns(e->kind, &st.tmo, 10000000);
		if (run_scenario(&st, &o))
			ksft_test_result_fail("%s_timeout\n", e->name);
		else
			ksft_check(o.ret == 0 && elapsed(&o) >= 10000000 &&
				   unchanged(&st, &o), "%s_timeout", e->name);

		tmo_set_ns(e->kind, &si.tmo, 2000000000LL);
		if (run_scenario(&si, &o))
			ksft_test_result_fail("%s_signal\n", e->name);
		else
			ksft_check(o.ret == -1 && o.err == EINTR &&
				   unchanged(&si, &o), "%s_signal", e->name);
	}
	ksft_finished();
}
