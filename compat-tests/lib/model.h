/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The reference model of the intended ABI (the tree's series applied): given
 * an entry point's timeout encoding, the ABI's field widths and a timeout
 * as the caller passes it, what the kernel makes of it (EINVAL, a zero
 * timeout, or a timeout, saturated), and what a call returns, writes back
 * and sleeps. One table of encodings, one set of rules; the tests compare
 * what they measured with it.
 */
#ifndef COMPAT_TESTS_MODEL_H
#define COMPAT_TESTS_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "entry.h"

/* A time of seconds and ns, seconds up to INT64_MAX (a timespec64). */
struct mts {
	int64_t sec, nsec;
};

/* What the model needs to know of an entry point's timeout on this ABI. */
struct mabi {
	enum tkind kind;
	int sec_bits, sub_bits;	/* the fields' widths as the caller's type has them */
	/*
	 * The kernel reads only the low 32 bits of a 64-bit tv_nsec (zero
	 * extended) in a compat task (i386, armhf and x32 on a 64-bit kernel,
	 * get_timespec64()) and truncates it to its 32-bit long on a 32-bit
	 * kernel: either way the outcome of the low 32 bits.
	 */
	bool nsec_low32;
	int64_t granule;	/* 1000 ns for a timeval, else 1 */
	/*
	 * A negative tv_sec or tv_usec is EINVAL before tv_usec's seconds are
	 * carried (mainline's native select() after 6.12, and 7.2's patch 3
	 * for the compat one); the 6.1 and 6.12 series carry first, so that
	 * {-1, 2000000} is a 1 s timeout there.
	 */
	bool neg_rejected;
};

/* The series whose ABI the model is on this kernel, by its release. */
enum mseries {
	MODEL_NONE,	/* a release the model has no rules for */
	MODEL_CARRY,	/* 6.1, 6.12: the carry before the sign check */
	MODEL_MAINLINE,	/* 7.2: negative components rejected first */
};

enum mseries model_series(void);

void model_abi(const struct entry *e, struct mabi *a);

/* The largest and smallest value a field of @bits holds. */
int64_t model_field_max(int bits);
int64_t model_field_min(int bits);

/* What the kernel makes of a timeout {sec, sub} (sub in the kind's unit). */
struct mcall {
	bool valid;		/* else EINVAL, before any sleep */
	bool zero;		/* a zero timeout: returns at once, no write-back */
	struct mts t;		/* the timeout, tv_usec's carry saturated */
};

struct mcall model_decide(const struct mabi *a, int64_t sec, int64_t sub);

/*
 * The remaining time @rem as the caller's type holds it, which is what is
 * written back and what a restart sleeps: whole microseconds for a
 * timeval, clamped to {largest tv_sec, 999999}; a timespec as it is.
 */
struct mts model_user_time(const struct mabi *a, struct mts rem);

/* The time from now until @end, never negative. */
struct mts model_left(struct mts end, int64_t now_ns);

/* now + t, saturated at {INT64_MAX, 0} as timespec64_add_safe() does. */
struct mts model_add(int64_t now_ns, struct mts t);

/* a <= b; a - b in ns, saturated at INT64_MAX/MIN. */
bool mts_le(struct mts a, struct mts b);
int64_t mts_ns(struct mts a);
struct mts mts_from_ns(int64_t ns);

/* What the written-back timeout must be. */
enum mwb {
	WB_UNCHANGED,	/* bit for bit as passed */
	WB_RANGE,	/* normalised, in [lo, hi] */
};

/* The expected outcome of one call. */
struct mexpect {
	long ret;
	int err;
	enum mwb wb;
	struct mts lo, hi;
	int64_t slept_min, slept_max;	/* ns, t1 - t0 */
};

/*
 * The outcome of a call of @c with a writable timeout, waiting for a
 * descriptor that is ready at once (@ready: 1 descriptor) or never, made
 * between CLOCK_MONOTONIC @t0 and @t1. An idle call must have a small
 * timeout (it is slept out). Upper bounds on the time slept are of a guest
 * in virtual time.
 */
void model_expect(const struct mabi *a, const struct mcall *c, bool ready,
		  int64_t t0, int64_t t1, struct mexpect *x);

/* select_estimate_accuracy() for @left ns at nice 0, default slack. */
int64_t model_slack(int64_t left_ns);

/*
 * Compare a measured outcome with @x: return value, errno, the timeout as
 * the call left it (@after; @before as passed), elapsed; false with a line
 * saying what differs. @timed: assert the upper bound on elapsed.
 */
bool model_check(const struct mabi *a, const struct mexpect *x, long ret,
		 int err, const void *before, const void *after,
		 int64_t elapsed_ns, bool timed, const char *name);

const char *mts_str(struct mts t);	/* rotating buffers */

#endif
