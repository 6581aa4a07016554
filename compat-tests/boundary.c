// SPDX-License-Identifier: GPL-2.0
/*
 * Rule: every range check of the series at its boundary, one below and one
 * above, through each entry point's raw system call, equals the reference
 * model of the intended ABI (lib/model.c): EINVAL for a negative second or
 * sub-second part (also after tv_usec's carry: {-1, 999999}, {0, -1000000},
 * {LONG_MIN, -1000000}), for tv_nsec >= 1e9 (of its low 32 bits where the
 * kernel reads only those: compat tasks); a carry past the largest tv_sec
 * saturates to a valid timeout ({LONG_MAX, 1000000}); a zero timeout, also
 * one a carry makes ({1, -1000000}), returns at once and is not written
 * back; the time written back is normalised, lies between the end time
 * (entry + T, saturated at TIME64_MAX) less t1 and less t0, in whole
 * microseconds for a timeval, and is clamped to {largest tv_sec, 999999}
 * ({INT_MAX, 2000000} of a 32-bit timeval). A valid timeout is made with a
 * descriptor ready at once (1, at once, written back) or, when it is 20 ms
 * or less, slept out (0 after T to T + slack + 2 ms, {0, 0}); an invalid
 * one returns EINVAL at once, the timeout untouched. Fields too narrow for
 * a row's value: SKIP. The model is the ABI of the kernel's tree with its
 * series (lib/model.h: 7.2 rejects a negative component before the carry);
 * on a release it has no rules for, every row is SKIP.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

#include "model.h"
#include "scenario.h"

#define IDLE_MAX_NS 20000000LL	/* valid timeouts up to this are slept out */
#define SETTLE_NS 50000000LL	/* before one: the console drains */

enum vbase { LIT, FMAX, FMIN };	/* a literal, the field's max + off, min + off */
struct val {
	enum vbase b;
	int64_t v;
};
#define V(x) { LIT, x }
#define MAXV(o) { FMAX, o }
#define MINV(o) { FMIN, o }

struct row {
	const char *name;
	bool tv;		/* a timeval row, else a timespec one */
	struct val sec, sub;
};

#define P31 (1LL << 31)
#define P32 (1LL << 32)
static const struct row rows[] = {
	/* timeval: tv_sec, and tv_usec with its carry (patch 2) */
	{ "tv_zero", 1, V(0), V(0) },
	{ "tv_s_m1", 1, V(-1), V(0) },
	{ "tv_s_min", 1, MINV(0), V(0) },
	{ "tv_s_intmax", 1, V(INT32_MAX), V(0) },
	{ "tv_s_2p31", 1, V(P31), V(0) },
	{ "tv_s_2p32", 1, V(P32), V(0) },
	{ "tv_s_max", 1, MAXV(0), V(0) },
	{ "tv_u_m1", 1, V(0), V(-1) },
	{ "tv_u_1", 1, V(0), V(1) },
	{ "tv_u_999999", 1, V(0), V(999999) },
	{ "tv_u_1e6", 1, V(0), V(1000000) },
	{ "tv_u_1000001", 1, V(0), V(1000001) },
	{ "tv_u_1500000", 1, V(0), V(1500000) },
	{ "tv_u_m1e6", 1, V(0), V(-1000000) },
	{ "tv_u_max", 1, V(0), MAXV(0) },
	{ "tv_u_min", 1, V(0), MINV(0) },
	{ "tv_s1_u_m1e6", 1, V(1), V(-1000000) },
	{ "tv_s1_u_m1000001", 1, V(1), V(-1000001) },
	{ "tv_s2_u_m1e6", 1, V(2), V(-1000000) },
	{ "tv_s_m1_u_999999", 1, V(-1), V(999999) },
	{ "tv_s_m1_u_1e6", 1, V(-1), V(1000000) },
	{ "tv_s_m1_u_1000001", 1, V(-1), V(1000001) },
	{ "tv_s_m1_u_2e6", 1, V(-1), V(2000000) },
	{ "tv_s_m2_u_1e6", 1, V(-2), V(1000000) },
	{ "tv_s_max_u_999999", 1, MAXV(0), V(999999) },
	{ "tv_s_max_u_1e6", 1, MAXV(0), V(1000000) },
	{ "tv_s_max_u_1999999", 1, MAXV(0), V(1999999) },
	{ "tv_s_max_u_2e6", 1, MAXV(0), V(2000000) },
	{ "tv_s_max_u_max", 1, MAXV(0), MAXV(0) },
	{ "tv_s_maxm1_u_999999", 1, MAXV(-1), V(999999) },
	{ "tv_s_maxm1_u_1e6", 1, MAXV(-1), V(1000000) },
	{ "tv_s_maxm1_u_2e6", 1, MAXV(-1), V(2000000) },
	{ "tv_s_intmax_u_1e6", 1, V(INT32_MAX), V(1000000) },
	{ "tv_s_intmax_u_2e6", 1, V(INT32_MAX), V(2000000) },
	{ "tv_s_min_u_m1e6", 1, MINV(0), V(-1000000) },
	{ "tv_s_min_u_m999999", 1, MINV(0), V(-999999) },
	{ "tv_s_minp1_u_m1e6", 1, MINV(1), V(-1000000) },
	{ "tv_s_min_u_1e6", 1, MINV(0), V(1000000) },
	{ "tv_s_min_u_min", 1, MINV(0), MINV(0) },
	/* timespec: tv_sec, tv_nsec (and the kernel's 32 bits of it) */
	{ "ts_zero", 0, V(0), V(0) },
	{ "ts_s_m1", 0, V(-1), V(0) },
	{ "ts_s_min", 0, MINV(0), V(0) },
	{ "ts_s_intmax", 0, V(INT32_MAX), V(0) },
	{ "ts_s_2p31", 0, V(P31), V(0) },
	{ "ts_s_2p32", 0, V(P32), V(0) },
	{ "ts_s_max", 0, MAXV(0), V(0) },
	{ "ts_n_m1", 0, V(0), V(-1) },
	{ "ts_n_1", 0, V(0), V(1) },
	{ "ts_n_999999999", 0, V(0), V(999999999) },
	{ "ts_n_1e9", 0, V(0), V(1000000000) },
	{ "ts_n_max", 0, V(0), MAXV(0) },
	{ "ts_n_min", 0, V(0), MINV(0) },
	{ "ts_n_2p32", 0, V(0), V(P32) },
	{ "ts_n_2p32p1", 0, V(0), V(P32 + 1) },
	{ "ts_n_2p32p999999999", 0, V(0), V(P32 + 999999999) },
	{ "ts_n_2p32p1e9", 0, V(0), V(P32 + 1000000000) },
	{ "ts_s_max_n_999999999", 0, MAXV(0), V(999999999) },
	{ "ts_s_max_n_1e9", 0, MAXV(0), V(1000000000) },
	{ "ts_s_m1_n_999999999", 0, V(-1), V(999999999) },
};

/* The value in a field of @bits; false: it does not fit. */
static bool resolve(struct val v, int bits, int64_t *out)
{
	int64_t max = model_field_max(bits), min = model_field_min(bits);

	*out = v.b == FMAX ? max + v.v : v.b == FMIN ? min + v.v : v.v;
	return *out >= min && *out <= max;
}

static const char *skip(const struct entry *e, const void *p)
{
	const struct row *r = p;
	struct mabi a;
	int64_t x;

	if (model_series() == MODEL_NONE)
		return "the model has no rules for this kernel's release";
	if (!e->writeback)
		return "not select, pselect6 or ppoll: no range check of the series";
	if (r->tv != (e->kind == TK_TIMEVAL))
		return r->tv ? "a timeval row" : "a timespec row";
	model_abi(e, &a);
	if (!resolve(r->sec, a.sec_bits, &x))
		return "tv_sec has 32 bits here";
	if (!resolve(r->sub, a.sub_bits, &x))
		return "the sub-second field has 32 bits here";
	return NULL;
}

static volatile sig_atomic_t alarms;

static void on_alarm(int sig)
{
	alarms++;
}

/* A wrong kernel may sleep a slept-out row for ever: SIGALRM ends it. */
static void watchdog(int64_t ns)
{
	struct itimerval it = { { 0, 0 }, { ns / 1000000000, ns % 1000000000 / 1000 } };

	setitimer(ITIMER_REAL, &it, NULL);
}

static int pipe_fds[2];

static bool run(const struct entry *e, const void *p, const char *name)
{
	const struct row *r = p;
	uint64_t mask = 0;
	union tmo t, before;
	struct call c = { .tmo = &t, .mask = e->sigmask ? &mask : NULL };
	struct outcome o = { 0 };
	struct mexpect x;
	struct mcall m;
	struct mabi a;
	int64_t sec, sub;
	bool ok;

	model_abi(e, &a);
	resolve(r->sec, a.sec_bits, &sec);
	resolve(r->sub, a.sub_bits, &sub);
	tmo_set(e->kind, &t, sec, sub);
	before = t;
	m = model_decide(&a, sec, sub);
	/* slept out: a valid timeout of 20 ms or less, zero included */
	c.out = !(m.valid && (m.zero || mts_ns(m.t) <= IDLE_MAX_NS));
	c.fd = pipe_fds[c.out];
	alarms = 0;
	if (!c.out) {
		/*
		 * The rows printed so far reach the serial console through
		 * the guest's sed: let them drain first, or its writes
		 * delay this call's wake-up by milliseconds.
		 */
		fflush(stdout);
		sleep_until(mono_ns() + SETTLE_NS);
		watchdog(2000000000LL);
	}
	timed_call(e, &c, &o);
	watchdog(0);
	model_expect(&a, &m, c.out, o.t0, o.t1, &x);
	ok = model_check(&a, &x, o.ret, o.err, &before, &t, elapsed(&o),
			 virtual_time(), name);
	ksft_print_msg("%s: %s -> %s: ret %ld%s%s, %s, %.3f ms%s\n", name,
		       tmo_str(e->kind, &before),
		       !m.valid ? "EINVAL" : m.zero ? "zero" : mts_str(m.t),
		       o.ret, o.ret < 0 ? " " : "",
		       o.ret < 0 ? strerror(o.err) : "",
		       tmo_str(e->kind, &t), elapsed(&o) / 1e6,
		       alarms ? ", the watchdog's SIGALRM ended it" : "");
	return ok && !o.clobbered && !alarms;
}

int main(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_alarm;	/* no SA_RESTART: the call ends */
	sigaction(SIGALRM, &sa, NULL);
	idle_pipe(pipe_fds);
	atexit(print_cpu_time);
	run_variants(VARIANTS(rows, skip, run));
}
