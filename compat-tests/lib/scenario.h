/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One call of one entry point in a child process, with what the parent does
 * to it while it sleeps, and what came back. Every behaviour test is a table
 * of scenarios and assertions on their outcomes.
 */
#ifndef COMPAT_TESTS_SCENARIO_H
#define COMPAT_TESTS_SCENARIO_H

#include "abi.h"

enum action {
	ACT_NONE,		/* let the call finish by itself */
	ACT_SIGNAL,		/* a handled SIGUSR1, no SA_RESTART */
	ACT_SIGNAL_RESTART,	/* a handled SIGUSR1 with SA_RESTART */
	ACT_STOP_CONT,		/* SIGSTOP, wait for the stop, SIGCONT */
	ACT_STOP_CONT_USR1,	/* as above, then SIGUSR1 (mask_usr1 may block it) */
};

struct scenario {
	const struct entry *e;
	union tmo tmo;		/* the timeout as the caller passes it */
	bool no_tmo;		/* pass NULL: wait forever */
	bool readonly;		/* timeout in a read-only page */
	bool sticky;		/* personality(PER_LINUX | STICKY_TIMEOUTS) */
	bool out;		/* wait for a writable pipe: ready at once */
	bool mask_usr1;		/* pselect/ppoll mask blocks SIGUSR1 */
	enum action action;
};

struct outcome {
	long ret;
	int err;
	int64_t t0, t1;		/* CLOCK_MONOTONIC around the call */
	union tmo after;	/* the timeout as the call left it */
	int handled;		/* SIGUSR1 handler runs seen after the call */
	int pid;		/* the child that made the call */
};

/*
 * One call of @e on @fd, CLOCK_MONOTONIC read right before and after it:
 * fills ret, err, t0 and t1 of @o. The building block of every scenario,
 * the storm and the lateness bench.
 */
void timed_call(const struct entry *e, int fd, bool out, void *tmo,
		const uint64_t *mask, struct outcome *o);

/* Returns 0 when the child ran and reported; the outcome is in @o. */
int run_scenario(const struct scenario *s, struct outcome *o);

/* Elapsed time of the call in ns. */
static inline int64_t elapsed(const struct outcome *o)
{
	return o->t1 - o->t0;
}

/*
 * The writeback bound: T - (t1 - t0) - granule <= R <= T, normalised.
 * Prints why when it does not hold.
 */
bool remaining_ok(const struct scenario *s, const struct outcome *o);

/* The timeout left bit for bit as passed. */
bool unchanged(const struct scenario *s, const struct outcome *o);

const char *outcome_str(const struct scenario *s, const struct outcome *o);

#endif
