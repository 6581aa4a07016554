// SPDX-License-Identifier: GPL-2.0
/*
 * Rule: no signal, no EINTR. A caller sleeping in select/pselect/ppoll
 * while an io_uring read it submitted completes is woken (the completion's
 * task_work sets TIF_NOTIFY_SIGNAL, and signal_pending() sees it), but no
 * signal was sent: the call is restarted with the time it had left and
 * returns 0 when the timeout T runs out, as the writable call does - also
 * when STICKY_TIMEOUTS or a read-only timeout keep that time from being
 * written back (then the timeout is left bit for bit; a writable one
 * reads 0). The read itself completed: its byte came in during the call.
 * The x4 variants: four reads complete, at T/8, 2T/8, 3T/8 and T/2, each a
 * wake-up and a restart; the call still returns at T, and what it slept
 * beyond T is printed (every interruption drops the time between it and
 * the restart, here the task_work's).
 *
 * Bounds from CLOCK_MONOTONIC instants: the call returns no earlier than
 * t0 + T (the end time is fixed at entry, after t0, and a restart keeps
 * it) and, in virtual time, before t0 + T + T/16 (the restart restarts
 * rather than sleeping T again after the completion at T/4).
 */
#include <errno.h>
#include <string.h>

#include "scenario.h"
#include "uring.h"

#define T_NS 400000000LL

struct variant {
	const char *name;
	enum wmode mode;
	int reads;
};

static const struct variant variants[] = {
	{ "plain", W_PLAIN, 1 },
	{ "sticky", W_STICKY, 1 },
	{ "readonly", W_READONLY, 1 },
	{ "x4_plain", W_PLAIN, 4 },
	{ "x4_sticky", W_STICKY, 4 },
	{ "x4_readonly", W_READONLY, 4 },
};

static const char *skip(const struct entry *e, const void *p)
{
	static char why[64];
	int err;

	if (skip_no_writeback(e, p))
		return "no write-back: a restart of its own (restart_block)";
	if (!virtual_time())
		return "host-time guest: the end bound needs virtual time";
	err = uring_probe();
	if (err) {
		snprintf(why, sizeof(why), "no io_uring here: %s", strerror(-err));
		return why;
	}
	return NULL;
}

static bool run(const struct entry *e, const void *p, const char *name)
{
	const struct variant *v = p;
	struct scenario s = { .e = e, .mode = v->mode, .action = ACT_COMPLETE,
			      .delay_ns = v->reads > 1 ? T_NS / 8 : T_NS / 4,
			      .reads = v->reads };
	struct outcome o;
	bool ok;

	tmo_set_ns(e->kind, &s.tmo, T_NS);
	if (run_scenario(&s, &o))
		return false;
	ksft_print_msg("%s: %s, read %d, %d completions, %+.3f ms beyond T\n",
		       name, outcome_str(&s, &o), o.completion, o.completions,
		       (elapsed(&o) - T_NS) / 1e6);
	ok = o.ret == 0 && !o.handled && o.mask_after == o.mask_before &&
	     !o.clobbered;
	if (o.completion != 1 || o.completions != v->reads) {
		ksft_print_msg("%s: %d of %d io_uring reads completed during the call\n",
			       name, o.completions, v->reads);
		ok = false;
	}
	if (o.t1 < o.t0 + T_NS || o.t1 >= o.t0 + T_NS + T_NS / 16) {
		ksft_print_msg("%s: returned after %.1f ms, not in [%.1f, %.1f) ms\n",
			       name, elapsed(&o) / 1e6, T_NS / 1e6,
			       (T_NS + T_NS / 16) / 1e6);
		ok = false;
	}
	if (v->mode != W_PLAIN)
		return ok && unchanged(&s, &o);
	return ok && tmo_ns(e->kind, &o.after) == 0;
}

int main(void)
{
	run_variants(VARIANTS(variants, skip, run));
}
