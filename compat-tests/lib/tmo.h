/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Timeout encoding: the four ways the select/poll/epoll entry points take
 * a timeout, described by one table (field offsets and widths of the
 * tree's own uapi types), read and written through one conversion.
 */
#ifndef COMPAT_TESTS_TMO_H
#define COMPAT_TESTS_TMO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <linux/time_types.h>

enum tkind {
	TK_TIMEVAL,	/* struct __kernel_old_timeval: long sec, long usec */
	TK_OLD_TS,	/* struct __kernel_old_timespec: long sec, long nsec */
	TK_TS64,	/* struct __kernel_timespec: 64-bit sec and nsec */
	TK_MSEC,	/* int milliseconds, -1 = infinite */
};

union tmo {
	struct __kernel_old_timeval tv;
	struct __kernel_old_timespec ots;
	struct __kernel_timespec ts;
	int ms;
};

/* Seconds and a sub-second part in the kind's own unit (us, ns or ms). */
struct tparts {
	int64_t sec, sub;
};

struct tparts tmo_get(enum tkind k, const void *t);
/* Store @sec and @sub (the kind's unit); milliseconds fold them into one. */
void tmo_set(enum tkind k, void *t, int64_t sec, int64_t sub);
void tmo_set_ns(enum tkind k, void *t, int64_t ns);
/* The largest normalised value the kind holds in this ABI. */
void tmo_set_max(enum tkind k, void *t);
int64_t tmo_ns(enum tkind k, const void *t);	/* value in ns */
bool tmo_normalised(enum tkind k, const void *t);
int64_t tmo_granule_ns(enum tkind k);		/* 1000 for timevals */
size_t tmo_size(enum tkind k);
/* The widths of the seconds and sub-second fields in bits (0: none). */
void tmo_widths(enum tkind k, int *sec_bits, int *sub_bits);
/* Where the sub-second field starts: the seconds end there. */
size_t tmo_sub_off(enum tkind k);
/* a <= b as times, without overflow for huge or non-normalised values. */
bool tmo_le(enum tkind k, const void *a, const void *b);
const char *tmo_str(enum tkind k, const void *t);	/* rotating buffers */

#endif
