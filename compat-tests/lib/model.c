// SPDX-License-Identifier: GPL-2.0
/*
 * The reference model: fs/select.c of the tree's series as rules, not code
 * (the 6.1 series, and 6.12's, the same; 7.2's rejects a negative timeval
 * component first).
 * kern_select()/do_compat_select() -> poll_select_set_timeval() (patch 2),
 * get_timespec64()/get_old_timespec32() -> poll_select_set_timeout(),
 * timespec64_add_safe(), poll_select_finish() -> poll_select_user_time()
 * (patch 1), select_estimate_accuracy().
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>

#include "kselftest.h"
#include "model.h"

#define NSEC 1000000000LL
#define USEC 1000000LL
/* "At once": no timer of the row's size ran (5 ms of virtual time). */
#define AT_ONCE_NS 5000000LL
/* From the timer's hard expiry to t1, in virtual time. */
#define WAKE_NS 2000000LL
#define MAX_SLACK_NS 100000000LL

int64_t model_field_max(int bits)
{
	return bits == 32 ? INT32_MAX : INT64_MAX;
}

int64_t model_field_min(int bits)
{
	return bits == 32 ? INT32_MIN : INT64_MIN;
}

static enum mseries series_of_release(void)
{
	unsigned int major, minor;
	struct utsname u;

	if (uname(&u) || sscanf(u.release, "%u.%u", &major, &minor) != 2)
		return MODEL_NONE;
	/*
	 * 6.12's series is 6.1's (patches/6.12/: the same fs/select.c lines
	 * but ktime_t for the saved time) and its kern_select() and
	 * do_compat_select() carry as 6.1's do: no sign check before the sum
	 */
	if (major == 6 && (minor == 1 || minor == 12))
		return MODEL_CARRY;
	if (major == 7 && minor == 2)
		return MODEL_MAINLINE;
	return MODEL_NONE;
}

/* The release does not change under a running test: read it once. */
enum mseries model_series(void)
{
	static enum mseries series;
	static bool known;

	if (!known) {
		series = series_of_release();
		known = true;
	}
	return series;
}

void model_abi(const struct entry *e, struct mabi *a)
{
	memset(a, 0, sizeof(*a));
	a->kind = e->kind;
	tmo_widths(e->kind, &a->sec_bits, &a->sub_bits);
	/* a 32-bit long: a compat task or a 32-bit kernel (x32: compat too) */
	a->nsec_low32 = e->kind != TK_TIMEVAL && a->sub_bits == 64 &&
			sizeof(long) == 4;
	a->granule = tmo_granule_ns(e->kind);
	a->neg_rejected = model_series() == MODEL_MAINLINE;
}

struct mcall model_decide(const struct mabi *a, int64_t sec, int64_t sub)
{
	struct mcall c;
	int64_t nsec, carry;

	if (a->kind == TK_TIMEVAL && a->neg_rejected && (sec < 0 || sub < 0)) {
		c.valid = c.zero = false;
		c.t = (struct mts){ sec, sub };
		return c;
	}
	if (a->kind == TK_TIMEVAL) {
		/* the seconds tv_usec carries, in time64_t, saturated */
		carry = sub / USEC;
		nsec = sub % USEC * 1000;
		if (carry > 0 && sec > INT64_MAX - carry)
			sec = INT64_MAX;
		else if (carry < 0 && sec < INT64_MIN - carry)
			sec = INT64_MIN;
		else
			sec += carry;
	} else {
		nsec = a->nsec_low32 ? (int64_t)(uint32_t)sub : sub;
	}
	/* timespec64_valid() */
	c.valid = sec >= 0 && nsec >= 0 && nsec < NSEC;
	c.zero = c.valid && !sec && !nsec;
	c.t = (struct mts){ sec, nsec };
	return c;
}

struct mts model_user_time(const struct mabi *a, struct mts rem)
{
	int64_t max;

	if (a->kind != TK_TIMEVAL)
		return rem;
	max = model_field_max(a->sec_bits);
	if (rem.sec > max)
		rem = (struct mts){ max, NSEC - 1 };
	rem.nsec -= rem.nsec % 1000;
	return rem;
}

bool mts_le(struct mts a, struct mts b)
{
	return a.sec < b.sec || (a.sec == b.sec && a.nsec <= b.nsec);
}

int64_t mts_ns(struct mts a)
{
	if (a.sec >= INT64_MAX / NSEC)
		return INT64_MAX;
	if (a.sec <= INT64_MIN / NSEC)
		return INT64_MIN;
	return a.sec * NSEC + a.nsec;
}

struct mts mts_from_ns(int64_t ns)
{
	struct mts t = { ns / NSEC, ns % NSEC };

	if (t.nsec < 0) {
		t.sec--;
		t.nsec += NSEC;
	}
	return t;
}

struct mts model_add(int64_t now_ns, struct mts t)
{
	struct mts now = mts_from_ns(now_ns);
	int64_t nsec = now.nsec + t.nsec, carry = nsec >= NSEC;

	if (t.sec > INT64_MAX - now.sec - carry)
		return (struct mts){ INT64_MAX, 0 };
	return (struct mts){ now.sec + t.sec + carry, nsec - carry * NSEC };
}

struct mts model_left(struct mts end, int64_t now_ns)
{
	struct mts now = mts_from_ns(now_ns);
	struct mts r = { end.sec - now.sec, end.nsec - now.nsec };

	if (r.nsec < 0) {
		r.sec--;
		r.nsec += NSEC;
	}
	return r.sec < 0 ? (struct mts){ 0, 0 } : r;
}

int64_t model_slack(int64_t left_ns)
{
	int64_t s = left_ns < 0 ? 0 : left_ns / 1000;

	if (s > MAX_SLACK_NS)
		s = MAX_SLACK_NS;
	return s < 50000 ? 50000 : s;	/* the default timer_slack_ns */
}

void model_expect(const struct mabi *a, const struct mcall *c, bool ready,
		  int64_t t0, int64_t t1, struct mexpect *x)
{
	struct mts hi;
	int64_t t;

	memset(x, 0, sizeof(*x));
	x->wb = WB_UNCHANGED;
	x->slept_max = AT_ONCE_NS;
	if (!c->valid) {
		x->ret = -1;
		x->err = EINVAL;
		return;
	}
	x->ret = ready;
	/* poll_select_finish(): no update for a zero timeout */
	if (c->zero)
		return;
	x->wb = WB_RANGE;
	if (ready) {
		/* end = k0 + T (saturated), written back end - k1, t0 <= k0 <= k1 <= t1 */
		x->lo = model_user_time(a, model_left(model_add(t0, c->t), t1));
		hi = model_left(model_add(t1, c->t), t0);
		x->hi = model_user_time(a, mts_le(hi, c->t) ? hi : c->t);
		return;
	}
	t = mts_ns(c->t);
	x->slept_min = t;
	x->slept_max = t + model_slack(t) + WAKE_NS;
}

static bool normalised(const struct mabi *a, struct mts r)
{
	return r.sec >= 0 && r.nsec >= 0 && r.nsec < NSEC &&
	       !(r.nsec % a->granule);
}

bool model_check(const struct mabi *a, const struct mexpect *x, long ret,
		 int err, const void *before, const void *after,
		 int64_t elapsed_ns, bool timed, const char *name)
{
	struct tparts p = tmo_get(a->kind, after);
	struct mts r = { p.sec, p.sub * a->granule };
	bool ok = true;

	if (ret != x->ret || (ret < 0 && err != x->err)) {
		ksft_print_msg("%s: returned %ld (%s), the model %ld (%s)\n",
			       name, ret, ret < 0 ? strerror(err) : "ok",
			       x->ret, x->ret < 0 ? strerror(x->err) : "ok");
		ok = false;
	}
	if (x->wb == WB_UNCHANGED &&
	    memcmp(before, after, tmo_size(a->kind))) {
		ksft_print_msg("%s: the timeout became %s, the model leaves it %s\n",
			       name, tmo_str(a->kind, after),
			       tmo_str(a->kind, before));
		ok = false;
	}
	if (x->wb == WB_RANGE && (p.sub > INT64_MAX / a->granule ||
				  !normalised(a, r) || !mts_le(x->lo, r) ||
				  !mts_le(r, x->hi))) {
		ksft_print_msg("%s: wrote back %s, the model [%s, %s]\n", name,
			       tmo_str(a->kind, after), mts_str(x->lo),
			       mts_str(x->hi));
		ok = false;
	}
	if (elapsed_ns < x->slept_min ||
	    (timed && elapsed_ns > x->slept_max)) {
		ksft_print_msg("%s: slept %lld ns, the model [%lld, %lld]%s\n",
			       name, (long long)elapsed_ns,
			       (long long)x->slept_min,
			       (long long)x->slept_max,
			       timed ? "" : " (upper bound not asserted)");
		ok = false;
	}
	return ok;
}

const char *mts_str(struct mts t)
{
	static char bufs[4][48];
	static unsigned int next;
	char *buf = bufs[next++ % 4];

	snprintf(buf, sizeof(bufs[0]), "{%lld s, %lld ns}", (long long)t.sec,
		 (long long)t.nsec);
	return buf;
}
