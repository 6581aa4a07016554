// SPDX-License-Identifier: GPL-2.0
/*
 * Rule: a call stopped and continued sleeps, after SIGCONT, exactly the
 * time it had left at the stop as the caller's type holds it (the
 * reference model, lib/model.c: whole microseconds for a timeval, clamped
 * to {largest tv_sec, 999999}) - writable, STICKY_TIMEOUTS and read-only
 * alike - with that time left below 1 s (slept out: 0 after it), just
 * below and above 1 s, several seconds, INT_MAX seconds, past 32 bits of
 * seconds where tv_sec has 64 bits, and the clamp of a 32-bit timeval
 * {INT_MAX, 2000000}; the long ones end with a handled SIGUSR1 in the
 * restarted call (EINTR, the handler ran once; writable: the time left
 * written back).
 *
 * Exact, from the hrtimer_start trace events of the child's sleeps (the
 * deadline each sleep armed, softexpires, CLOCK_MONOTONIC ns) and the
 * parent's instants: the first sleep's deadline D1 lies in [t0 + T,
 * asleep + T]; the time left L at the interruption (between the parent's
 * stop and stopped) lies in [user(D1 - stopped), user(D1 - stop)]; the
 * restarted sleep's deadline D2 is its start (between cont and its trace
 * event) plus L. A restart with the whole T, from the original end time, or
 * with a truncated, wrapped or unclamped time left misses that window.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "scenario.h"
#include "trace.h"

#define D_NS 20000000LL		/* from asleep to the stop */
#define HOLD_NS 30000000LL	/* the stop held */
#define MS 1000000LL

enum left {
	L_300MS,	/* slept out */
	L_990MS,
	L_1010MS,
	L_5S,
	L_INTMAX,	/* T = {INT_MAX, 0} */
	L_2P32,		/* T = {2^32, 500 ms}: 64-bit tv_sec */
	L_CLAMP,	/* T = {INT_MAX, 2000000}: a 32-bit timeval */
};

struct variant {
	const char *name;
	enum wmode mode;
	enum left left;
};

#define ROWS(m, s)							\
	{ s "_300ms", m, L_300MS }, { s "_990ms", m, L_990MS },		\
	{ s "_1010ms", m, L_1010MS }, { s "_5s", m, L_5S },		\
	{ s "_intmax", m, L_INTMAX }, { s "_2p32", m, L_2P32 },		\
	{ s "_clamp", m, L_CLAMP }

static const struct variant variants[] = {
	ROWS(W_PLAIN, "plain"),
	ROWS(W_STICKY, "sticky"),
	ROWS(W_READONLY, "readonly"),
};

static const char *skip(const struct entry *e, const void *p)
{
	const struct variant *v = p;
	struct mabi a;

	if (!e->writeback)
		return "no write-back: its own restart";
	if (!virtual_time())
		return "host-time guest: the windows need virtual time";
	model_abi(e, &a);
	if (v->left == L_2P32 && a.sec_bits < 64)
		return "tv_sec has 32 bits here";
	if (v->left == L_CLAMP && (e->kind != TK_TIMEVAL || a.sec_bits > 32))
		return "only a 32-bit timeval carries past its tv_sec";
	return NULL;
}

static void set_tmo(const struct entry *e, enum left l, union tmo *t)
{
	static const int64_t ms[] = { [L_300MS] = 300, [L_990MS] = 990,
				      [L_1010MS] = 1010, [L_5S] = 5000 };

	if (l == L_INTMAX)
		tmo_set(e->kind, t, INT32_MAX, 0);
	else if (l == L_2P32)
		tmo_set(e->kind, t, 1LL << 32, 500 * MS / tmo_granule_ns(e->kind));
	else if (l == L_CLAMP)
		tmo_set(e->kind, t, INT32_MAX, 2000000);
	else
		tmo_set_ns(e->kind, t, D_NS + ms[l] * MS);
}

static bool in(const char *what, struct mts x, struct mts lo, struct mts hi,
	       const char *name)
{
	if (mts_le(lo, x) && mts_le(x, hi))
		return true;
	ksft_print_msg("%s: %s %s outside [%s, %s]\n", name, what, mts_str(x),
		       mts_str(lo), mts_str(hi));
	return false;
}

static bool run(const struct entry *e, const void *p, const char *name)
{
	const struct variant *v = p;
	struct scenario s = { .e = e, .mode = v->mode, .delay_ns = D_NS,
			      .hold_ns = HOLD_NS,
			      .action = v->left == L_300MS ? ACT_STOP :
					ACT_STOP_CONT_SIGNAL };
	struct sleep_ev sl[4];
	struct outcome o;
	struct mabi a;
	struct mcall m;
	struct mts d1, d2, llo, lhi, w;
	const struct instants *at = &o.at;
	struct tparts tp;
	int n;
	bool ok;

	model_abi(e, &a);
	set_tmo(e, v->left, &s.tmo);
	tp = tmo_get(e->kind, &s.tmo);
	m = model_decide(&a, tp.sec, tp.sub);
	trace_start();
	n = run_scenario(&s, &o);
	trace_stop();
	if (n)
		return false;
	ksft_print_msg("%s: T %s: %s\n", name, tmo_str(e->kind, &s.tmo),
		       outcome_str(&s, &o));
	n = trace_sleeps(o.pid, sl, 4);
	if (n < 2) {
		ksft_print_msg("%s: %d sleeps traced, not the call and its restart\n",
			       name, n);
		return false;
	}
	d1 = mts_from_ns(sl[0].soft);
	d2 = mts_from_ns(sl[1].soft);
	ok = in("first deadline", d1, model_add(o.t0, m.t),
		model_add(at->asleep, m.t), name);
	llo = model_user_time(&a, model_left(d1, at->stopped));
	lhi = model_user_time(&a, model_left(d1, at->stop));
	ok = in("restarted deadline", d2, model_add(at->cont, llo),
		model_add(sl[1].start + 999, lhi), name) && ok;
	ksft_print_msg("%s: left at the stop [%s, %s], restarted deadline - cont %s\n",
		       name, mts_str(llo), mts_str(lhi),
		       mts_str(model_left(d2, at->cont)));
	ok = ok && o.mask_after == o.mask_before && !o.clobbered;
	if (s.action == ACT_STOP) {
		/* slept out: 0 once the restarted sleep's timer ran */
		ok = ok && o.ret == 0 && o.handled == 0 &&
		     o.t1 >= sl[1].soft &&
		     o.t1 <= sl[1].hard + 2 * MS;
		if (v->mode == W_PLAIN)
			return ok && tmo_ns(e->kind, &o.after) == 0;
		return ok && unchanged(&s, &o);
	}
	ok = ok && o.ret == -1 && o.err == EINTR && o.handled == 1;
	if (v->mode != W_PLAIN)
		return ok && unchanged(&s, &o);
	tp = tmo_get(e->kind, &o.after);
	w = (struct mts){ tp.sec, tp.sub * a.granule };
	return in("written back", w, model_user_time(&a, model_left(d2, o.t1)),
		  model_user_time(&a, model_left(d2, at->signal)), name) && ok;
}

int main(void)
{
	trace_setup();
	atexit(trace_off);
	atexit(print_cpu_time);
	run_variants(VARIANTS(variants, skip, run));
}
