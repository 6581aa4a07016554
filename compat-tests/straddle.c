// SPDX-License-Identifier: GPL-2.0
/*
 * Rule: a timeout that straddles two pages - its tv_sec at the end of a
 * writable page, its tv_usec/tv_nsec at the start of a read-only one -
 * cannot be written back whole (copy_to_user() faults), so the call is one
 * with a read-only timeout: stopped and continued, it sleeps the time it
 * had left at the stop and returns 0 (no EINTR, no EFAULT); a handled
 * SIGUSR1 gives EINTR. What the caller sees in it afterwards: the part on
 * the read-only page as passed, and tv_sec either as passed or the seconds
 * of the time left at the interruption - copy_to_user() may write the bytes
 * before the fault (x86 does) or not, and select(2) says to "consider
 * timeout to be undefined after select() returns"; nothing else. T is
 * {1 s, 50 ms}, interrupted 100 ms in: tv_sec 1 as passed, 0 if written.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "scenario.h"

#define T_SEC 1
#define T_SUB_NS 50000000LL
#define D_NS 100000000LL
#define HOLD_NS 30000000LL
/* past the latest end: the wake-up, in virtual time (restart.c) */
#define MARGIN_NS 20000000LL

struct variant {
	const char *name;
	enum action action;
};

static const struct variant variants[] = {
	{ "stop", ACT_STOP },
	{ "signal", ACT_SIGNAL },
};

static const char *skip(const struct entry *e, const void *p)
{
	if (!e->writeback)
		return "no write-back";
	if (!virtual_time())
		return "host-time guest: the restart's window needs virtual time";
	return NULL;
}

static bool run(const struct entry *e, const void *p, const char *name)
{
	const struct variant *v = p;
	struct scenario s = { .e = e, .mode = W_STRADDLE, .action = v->action,
			      .delay_ns = D_NS, .hold_ns = HOLD_NS };
	int64_t t = T_SEC * 1000000000LL + T_SUB_NS, g = tmo_granule_ns(e->kind);
	struct tparts in, out;
	struct outcome o;
	int64_t after, lo, hi;
	bool ok;

	tmo_set(e->kind, &s.tmo, T_SEC, T_SUB_NS / g);
	if (run_scenario(&s, &o))
		return false;
	in = tmo_get(e->kind, &s.tmo);
	out = tmo_get(e->kind, &o.after);
	ksft_print_msg("%s: %s; seen: tv_sec %s, the read-only part %s\n", name,
		       outcome_str(&s, &o),
		       out.sec == in.sec ? "as passed" :
		       out.sec == 0 ? "the time left's (0)" : "changed otherwise",
		       out.sub == in.sub ? "as passed" : "changed");
	ok = out.sub == in.sub && (out.sec == in.sec || out.sec == 0) &&
	     o.mask_after == o.mask_before && !o.clobbered;
	if (v->action == ACT_SIGNAL)
		return ok && o.ret == -1 && o.err == EINTR && o.handled == 1;
	/* the time left at the stop, as restart.c bounds it */
	lo = t - (o.at.stopped - o.t0) - g;
	hi = t - (o.at.stop - o.at.asleep);
	after = o.t1 - o.at.cont;
	if (after < lo || after >= hi + MARGIN_NS) {
		ksft_print_msg("%s: returned %.1f ms after SIGCONT, not in [%.1f, %.1f) ms\n",
			       name, after / 1e6, lo / 1e6, (hi + MARGIN_NS) / 1e6);
		ok = false;
	}
	return ok && o.ret == 0 && o.handled == 0;
}

int main(void)
{
	atexit(print_cpu_time);
	run_variants(VARIANTS(variants, skip, run));
}
