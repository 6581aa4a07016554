/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One call of one entry point in a child process, with what the parent does
 * to it while it sleeps, and what came back. Every behaviour test is a table
 * of scenarios and assertions on their outcomes.
 */
#ifndef COMPAT_TESTS_SCENARIO_H
#define COMPAT_TESTS_SCENARIO_H

#include "entry.h"
#include "proc.h"
#include "report.h"

#define SIGBIT(sig) (1ULL << ((sig) - 1))
/*
 * What every scenario's caller blocks: a mask left behind by a call shows,
 * and SIGUSR2 (handled, as SIGUSR1) reaches it only through the
 * pselect6/ppoll mask, which never blocks it.
 */
#define CALLER_MASK SIGBIT(SIGUSR2)
/*
 * ACT_PENDING's signal: default action ignore, so no handler runs when it
 * is dequeued; the caller blocks it only to keep it pending.
 */
#define PENDING_SIG SIGWINCH

enum action {
	ACT_NONE,		/* let the call finish by itself */
	ACT_SIGNAL,		/* a handled SIGUSR1 once it sleeps */
	ACT_STOP,		/* SIGSTOP once it sleeps, held hold_ns, SIGCONT */
	ACT_STOP_SIGNAL,	/* as ACT_STOP, with SIGUSR1 halfway through the hold */
	ACT_STOP_READY,		/* as ACT_STOP, the call's descriptor made
				 * ready halfway through the hold: a pipe
				 * written, a full pipe drained (out), an
				 * AF_UNIX stream sent MSG_OOB data (pri) */
	ACT_STOP_CONT_SIGNAL,	/* as ACT_STOP, then SIGUSR1 once it sleeps again */
	ACT_STOP_TWICE,		/* as ACT_STOP, then stopped again delay_ns / 4
				 * after it sleeps again, held hold_ns, SIGCONT */
	ACT_STOP_TWICE_READY,	/* as ACT_STOP_TWICE, the descriptor made
				 * ready (as ACT_STOP_READY) halfway through
				 * the second hold */
	ACT_STOP_FAULT,		/* as ACT_STOP, the call's signal mask (in a
				 * shared memfd page) made unreadable halfway
				 * through the hold: the file truncated */
	ACT_STOP_TWICE_FAULT,	/* as ACT_STOP_TWICE, the mask made
				 * unreadable (as ACT_STOP_FAULT) halfway
				 * through the second hold */
	ACT_COMPLETE,		/* no signal: io_uring reads the caller
				 * submitted before the call complete, one
				 * every delay_ns */
	ACT_PENDING,		/* no parent action: PENDING_SIG, blocked
				 * and raised by the caller, is pending at
				 * the call; the call's mask lets it in */
	ACT_URING_TICKS,	/* no parent action, no signal: io_uring
				 * timeouts the caller submitted before the
				 * call complete every delay_ns, ticks times */
};

/* The call's signal mask made unreadable while stopped (once or twice). */
static inline bool action_faults_mask(enum action a)
{
	return a == ACT_STOP_FAULT || a == ACT_STOP_TWICE_FAULT;
}

struct scenario {
	const struct entry *e;
	union tmo tmo;		/* the timeout as the caller passes it */
	enum wmode mode;	/* writable, STICKY_TIMEOUTS or read-only */
	bool out;		/* wait for a writable pipe: ready at once
				 * (ACT_STOP_READY: a full one) */
	bool pri;		/* ACT_STOP_READY: wait for an exceptional
				 * condition (except set, POLLPRI) */
	bool mask_usr1;		/* pselect/ppoll mask blocks SIGUSR1 */
	bool sa_restart;	/* the SIGUSR1 handler has SA_RESTART */
	int sig;		/* what ACT_SIGNAL sends: 0 is SIGUSR1 */
	enum action action;
	int64_t delay_ns;	/* from the child seen asleep to the first action */
	int64_t hold_ns;	/* how long a stop is held */
	int reads;		/* ACT_COMPLETE: how many (0: one) */
	int ticks;		/* ACT_URING_TICKS: how many */
	/* run in the child right before the call; non-zero: it failed */
	int (*child_setup)(const struct scenario *s);
	long setup_arg;		/* for child_setup */
	bool may_die;		/* a child killed by a signal is an outcome */
};

/* The parent's CLOCK_MONOTONIC instants; 0 for a step not taken. */
struct instants {
	int64_t asleep;		/* after reading state 'S' */
	int64_t stop;		/* just before kill(SIGSTOP) */
	int64_t stopped;	/* the stop observed (waitpid) */
	int64_t cont;		/* just before kill(SIGCONT) */
	int64_t asleep2;	/* the restarted call seen asleep */
	int64_t signal;		/* just before kill(SIGUSR1) */
	int64_t stop2, stopped2, cont2;	/* the second stop (ACT_STOP_TWICE) */
	int64_t complete;	/* just before the write its read completes on */
};

struct outcome {
	long ret;
	int err;
	int64_t t0, t1;		/* CLOCK_MONOTONIC right before and after */
	union tmo after;	/* the timeout as the call left it */
	int handled;		/* SIGUSR1/2 handler runs seen after the call */
	uint64_t mask_before, mask_after;	/* the caller's sigprocmask */
	uint64_t pending;	/* the caller's pending signals after it */
	int pid;		/* the child that made the call */
	bool clobbered;		/* an fd_set word past nfds changed */
	unsigned int ready;	/* what it reported for its descriptor
				 * (fds_ready, entry.h) */
	int completion;		/* ACT_COMPLETE: the first read's result after
				 * the call, -ENODATA: none yet; ACT_URING_TICKS:
				 * the completions posted */
	int completions;	/* ACT_COMPLETE: how many completed */
	struct instants at;	/* what the parent did, when */
	int killed;		/* may_die: the signal that killed the child */
};

/*
 * One call of @e, CLOCK_MONOTONIC read right before and after it: fills
 * ret, err, t0, t1 and clobbered of @o. The building block of every scenario, the
 * storm and the lateness bench.
 */
void timed_call(const struct entry *e, const struct call *c, struct outcome *o);

/*
 * Runs @s; 0 when the child made the call and the parent completed the
 * action: the outcome is in @o. A call that ended before the parent's
 * action is reported as it ended (ret, errno, elapsed) and fails (-1),
 * unless it simply timed out before anything was done to it: then it is
 * tried again (a loaded guest), a few times.
 */
int run_scenario(const struct scenario *s, struct outcome *o);

/* Elapsed time of the call in ns. */
static inline int64_t elapsed(const struct outcome *o)
{
	return o->t1 - o->t0;
}

/*
 * The time a call of timeout @t_ns had left at the last stop of @o, at
 * least and at most (@g: the granule its type truncates to): in
 * [T - (stopped - t0) - g, T - (stop - asleep)], both ends moved by the time
 * slept between the first SIGCONT and a second stop.
 */
void left_at_stop(const struct outcome *o, int64_t t_ns, int64_t g,
		  int64_t *min, int64_t *max);

/*
 * @o of @s, a call of timeout @t_ns whose descriptor was made ready during
 * its last stop: it returned 1 before @margin_ns past the last SIGCONT,
 * reporting its descriptor for what it waited for and nothing else; a
 * sticky or read-only timeout left as passed, a writable one the time
 * left at the stop less the time since SIGCONT.
 */
bool ready_after_stop(const struct scenario *s, const struct outcome *o,
		      int64_t t_ns, int64_t margin_ns, const char *name);

/* The remaining time written back is normalised and in [lo, hi] ns. */
bool remaining_within(const struct scenario *s, const struct outcome *o,
		      int64_t lo, int64_t hi);

/* The writeback bound: T - (t1 - t0) - granule < R <= T, normalised. */
bool remaining_ok(const struct scenario *s, const struct outcome *o);

/* The timeout left bit for bit as passed. */
bool unchanged(const struct scenario *s, const struct outcome *o);

/* A variant of a call whose timeout cannot be written back. */
struct untouched {
	const char *name;
	enum action action;	/* ACT_NONE: it times out; ACT_SIGNAL;
				 * ACT_PENDING: as ACT_NONE */
	int64_t ns;		/* T */
};

/*
 * A call of @e whose timeout @t cannot be written back (@m) leaves it bit
 * for bit: 0 no earlier than T when it times out (ACT_NONE, and
 * ACT_PENDING, whose signal it must have let in), EINTR when a handler
 * runs (ACT_SIGNAL).
 */
bool untouched_case(const struct entry *e, enum wmode m, enum action a,
		    const union tmo *t, const char *name);

/* A variants skip(): entry points that write nothing back. */
const char *skip_no_writeback(const struct entry *e, const void *v);

/* The same for a table of struct untouched, and ACT_PENDING needs a mask. */
const char *skip_untouched(const struct entry *e, const void *v);

/* What came back, and the parent's instants relative to t0. */
const char *outcome_str(const struct scenario *s, const struct outcome *o);

#endif
