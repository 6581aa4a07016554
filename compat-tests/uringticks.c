// SPDX-License-Identifier: GPL-2.0
/*
 * Rule (patch 3's changelog: the call behaves "in time and result, exactly
 * like the same call with a writable timeout"; the restart "computes a new
 * end time from now plus the remaining time"): a call woken again and
 * again with no signal - TICKS io_uring timeouts the caller submitted
 * complete every PERIOD while it sleeps T, each a task_work that sets
 * TIF_NOTIFY_SIGNAL - returns 0, no EINTR, after all of them, writable,
 * STICKY_TIMEOUTS and read-only alike. Every restart sleeps the time left
 * at its interruption as the caller's type holds it: its deadline moves
 * later than the one before by more than 0 (the time between the
 * interruption and the restart is not counted, as for a re-executed
 * writable call: not the original end time) and by no more than the time
 * from the wake-up (the hrtimer_cancel event of the sleep it ended) to the
 * restarted sleep's hrtimer_start event (not the whole T again, not the
 * time left before the sleep). So t0 + T <= first deadline <= t1, and the
 * call ends in [its last deadline, its last hard expiry + 2 ms]: the time
 * slept exceeds T by what the wake-ups cost, the figures of docs/tests.md.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "scenario.h"
#include "trace.h"
#include "uring.h"

#define T_NS 200000000LL
#define PERIOD_NS 5000000LL
#define TICKS 30		/* the last at 150 ms */
#define MAX_SLEEPS (TICKS + 2)

struct variant {
	const char *name;
	enum wmode mode;
};

static const struct variant variants[] = {
	{ "plain", W_PLAIN },
	{ "sticky", W_STICKY },
	{ "readonly", W_READONLY },
};

static const char *skip(const struct entry *e, const void *p)
{
	static char why[64];
	int err;

	if (!e->writeback)
		return "no write-back: a restart of its own (restart_block)";
	if (!virtual_time())
		return "host-time guest: the bounds need virtual time";
	err = uring_probe();
	if (err) {
		snprintf(why, sizeof(why), "no io_uring here: %s", strerror(-err));
		return why;
	}
	return NULL;
}

/* Each restart's deadline against the one before; the total moved. */
static bool steps_ok(const struct sleep_ev *sl, int n, const char *name,
		     int64_t *moved, int64_t *gaps)
{
	bool ok = true;
	int i;

	*moved = *gaps = 0;
	for (i = 0; i + 1 < n; i++) {
		int64_t step = sl[i + 1].soft - sl[i].soft;
		int64_t gap = sl[i + 1].start + 999 - sl[i].cancel;

		if (!sl[i].cancel || step <= 0 || step > gap) {
			ksft_print_msg("%s: sleep %d: deadline moved %lld ns, cancelled %s, %lld ns from the wake-up to the restarted sleep\n",
				       name, i + 1, (long long)step,
				       sl[i].cancel ? "yes" : "no",
				       (long long)gap);
			ok = false;
		}
		*moved += step;
		*gaps += gap;
	}
	return ok;
}

static bool run(const struct entry *e, const void *p, const char *name)
{
	const struct variant *v = p;
	struct scenario s = { .e = e, .mode = v->mode,
			      .action = ACT_URING_TICKS, .delay_ns = PERIOD_NS,
			      .ticks = TICKS };
	struct sleep_ev sl[MAX_SLEEPS];
	struct outcome o;
	int64_t moved, gaps;
	int n;
	bool ok;

	tmo_set_ns(e->kind, &s.tmo, T_NS);
	trace_start();
	n = run_scenario(&s, &o);
	trace_stop();
	if (n)
		return false;
	ksft_print_msg("%s: %s, %d completions\n", name, outcome_str(&s, &o),
		       o.completion);
	n = trace_sleeps(o.pid, sl, MAX_SLEEPS);
	if (n < 2 || n > MAX_SLEEPS) {
		ksft_print_msg("%s: %d sleeps traced\n", name, n);
		return false;
	}
	ok = steps_ok(sl, n, name, &moved, &gaps);
	ksft_print_msg("%s: measured: slept %.3f ms for T %.0f ms, %d sleeps, deadline moved %.3f ms, %.3f ms outside the sleeps\n",
		       name, elapsed(&o) / 1e6, T_NS / 1e6, n, moved / 1e6,
		       gaps / 1e6);
	if (sl[0].soft < o.t0 + T_NS || sl[0].soft > sl[0].start + 999 + T_NS ||
	    o.t1 < sl[n - 1].soft || o.t1 > sl[n - 1].hard + 2000000) {
		ksft_print_msg("%s: first deadline %+lld ns from t0 + T, end %+lld ns from the last deadline (hard %+lld)\n",
			       name, (long long)(sl[0].soft - o.t0 - T_NS),
			       (long long)(o.t1 - sl[n - 1].soft),
			       (long long)(sl[n - 1].hard - sl[n - 1].soft));
		ok = false;
	}
	ok = ok && o.ret == 0 && !o.handled && o.completion == TICKS &&
	     o.mask_after == o.mask_before && !o.clobbered;
	if (v->mode != W_PLAIN)
		return ok && unchanged(&s, &o);
	return ok && tmo_ns(e->kind, &o.after) == 0;
}

int main(void)
{
	trace_setup();
	atexit(trace_off);
	atexit(print_cpu_time);
	run_variants(VARIANTS(variants, skip, run));
}
