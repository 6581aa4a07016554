// SPDX-License-Identifier: GPL-2.0
/*
 * Rule (signal(7)): the select, poll and epoll families are never
 * restarted after a signal handler ran, with or without SA_RESTART: EINTR.
 */
#include "scenario.h"

int main(void)
{
	const struct entry *e;

	ksft_print_header();
	ksft_set_plan(count_entries(any_entry) * 2);
	for_each_entry(e) {
		enum action a;

		for (a = ACT_SIGNAL; a <= ACT_SIGNAL_RESTART; a++) {
			struct scenario s = { .e = e, .action = a };
			const char *how = a == ACT_SIGNAL ? "" : "_sa_restart";
			struct outcome o;

			tmo_set_ns(e->kind, &s.tmo, 2000000000LL);
			if (run_scenario(&s, &o)) {
				ksft_test_result_fail("%s%s\n", e->name, how);
				continue;
			}
			ksft_check(o.ret == -1 && o.err == EINTR && o.handled == 1,
				   "%s%s", e->name, how);
		}
	}
	ksft_finished();
}
