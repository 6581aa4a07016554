// SPDX-License-Identifier: GPL-2.0
/*
 * Rule: a call stopped by SIGSTOP and continued by SIGCONT, with no handler
 * run, restarts and times out (0) no earlier than T - also when STICKY_TIMEOUTS
 * or a read-only timeout keep the remaining time from being written back -
 * and pselect/ppoll sleep again under the caller's signal mask. epoll is
 * the documented exception (signal(7)): EINTR.
 */
#include "scenario.h"

#define T_NS 300000000LL

struct variant {
	const char *name;
	bool sticky, readonly, masked;
};

static const struct variant variants[] = {
	{ "plain", false, false, false },
	{ "sticky", .sticky = true },
	{ "unwritable", .readonly = true },
	{ "mask", .masked = true },
	{ "sticky_mask", .sticky = true, .masked = true },
};
#define NR_VAR (sizeof(variants) / sizeof(variants[0]))

static bool applies(const struct variant *v, const struct entry *e)
{
	if (v->masked)
		return e->sigmask && e->writeback;
	return e->writeback || v == variants;
}

int main(void)
{
	const struct entry *e;
	unsigned int i, n = 0;

	for_each_entry(e)
		for (i = 0; i < NR_VAR; i++)
			n += applies(&variants[i], e);
	ksft_print_header();
	ksft_set_plan(n);
	for_each_entry(e) {
		for (i = 0; i < NR_VAR; i++) {
			const struct variant *v = &variants[i];
			struct scenario s = {
				.e = e, .sticky = v->sticky,
				.readonly = v->readonly, .mask_usr1 = v->masked,
				.action = v->masked ? ACT_STOP_CONT_USR1 :
						      ACT_STOP_CONT,
			};
			struct outcome o;
			bool ok;

			if (!applies(v, e))
				continue;
			tmo_set_ns(e->kind, &s.tmo, v->masked ? 2 * T_NS : T_NS);
			if (run_scenario(&s, &o)) {
				ksft_test_result_fail("%s_%s\n", e->name, v->name);
				continue;
			}
			ksft_print_msg("%s_%s: %s\n", e->name, v->name,
				       outcome_str(&s, &o));
			if (e->epoll)
				ok = o.ret == -1 && o.err == EINTR;
			else
				ok = o.ret == 0 &&
				     elapsed(&o) >= tmo_ns(e->kind, &s.tmo);
			if (ok && e->writeback)
				ok = v->sticky || v->readonly ?
					unchanged(&s, &o) :
					tmo_ns(e->kind, &o.after) == 0;
			if (ok && v->masked)
				ok = o.handled == 1;
			ksft_check(ok, "%s_%s", e->name, v->name);
		}
	}
	ksft_finished();
}
