/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The hrtimer trace events of a test's children (tracefs): when each
 * select/poll sleep was armed (hrtimer_start of an hrtimer_wakeup timer:
 * its soft and hard expiry) and when it ended early (hrtimer_cancel), with
 * the event's CLOCK_MONOTONIC time (trace_clock mono, printed in us).
 */
#ifndef COMPAT_TESTS_TRACE_H
#define COMPAT_TESTS_TRACE_H

#include <stdint.h>

/*
 * Trace hrtimer_start and hrtimer_cancel of this process and the children
 * it forks, on the mono clock; exits the test (fail) without tracefs.
 */
void trace_setup(void);
void trace_start(void);	/* empty the buffer, trace */
void trace_stop(void);
void trace_off(void);	/* disable the events (atexit) */

/* One sleep: armed at @start (us precision) with @soft/@hard, cancelled at
 * @cancel (0: not cancelled: it expired, or the buffer ends). */
struct sleep_ev {
	int64_t start, cancel;	/* ns, rounded down to the us */
	int64_t soft, hard;	/* ns */
};

/* The sleeps @pid armed, in order: how many (up to @max in @ev), -1: no trace. */
int trace_sleeps(int pid, struct sleep_ev *ev, int max);

#endif
