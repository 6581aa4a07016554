// SPDX-License-Identifier: GPL-2.0
/*
 * Rule: a call that times out returns 0 no earlier than T after it was
 * made (t1 - t0 >= T) and leaves R == 0 exactly; a zero timeout returns 0
 * at once and leaves {0, 0}.
 */
#include "scenario.h"

/* Requests in ns: sub-granule, one tick-ish, and a plain 10 ms. */
static const int64_t requests[] = { 1000, 1000000, 10000000 };
#define NR_REQ (sizeof(requests) / sizeof(requests[0]))

int main(void)
{
	const struct entry *e;
	unsigned int i;

	ksft_print_header();
	ksft_set_plan(count_entries(any_entry) * (NR_REQ + 1));
	for_each_entry(e) {
		for (i = 0; i < NR_REQ; i++) {
			struct scenario s = { .e = e };
			struct outcome o;
			int64_t t;

			tmo_set_ns(e->kind, &s.tmo, requests[i]);
			/* poll's milliseconds round 1 us up to nothing: use 1 ms */
			if (!tmo_ns(e->kind, &s.tmo))
				tmo_set_ns(e->kind, &s.tmo, 1000000);
			t = tmo_ns(e->kind, &s.tmo);
			if (run_scenario(&s, &o)) {
				ksft_test_result_fail("%s_%lldns\n", e->name,
						      (long long)requests[i]);
				continue;
			}
			ksft_print_msg("%s: T %lld ns: %s\n", e->name,
				       (long long)t, outcome_str(&s, &o));
			ksft_check(o.ret == 0 && elapsed(&o) >= t &&
				   (!e->writeback || tmo_ns(e->kind, &o.after) == 0),
				   "%s_%lldns", e->name, (long long)requests[i]);
		}
		{
			struct scenario s = { .e = e };
			struct outcome o;

			tmo_set_ns(e->kind, &s.tmo, 0);
			if (run_scenario(&s, &o)) {
				ksft_test_result_fail("%s_zero\n", e->name);
				continue;
			}
			/* "At once": far below any timer; 1 s tolerates TCG. */
			ksft_check(o.ret == 0 && unchanged(&s, &o) &&
				   elapsed(&o) < 1000000000LL,
				   "%s_zero", e->name);
		}
	}
	ksft_finished();
}
