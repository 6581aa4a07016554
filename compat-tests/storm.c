// SPDX-License-Identifier: GPL-2.0
/*
 * Rule: under a storm of SIGSTOP/SIGCONT and handled signals, every call of
 * every entry point (plain, STICKY_TIMEOUTS, read-only timeout) that
 * returns 0 slept T - no less, and not longer than T beyond what its stops
 * explain - and left R == 0 where it writes back, its timeout untouched
 * where it cannot; one that returns EINTR had a handler run (epoll
 * excepted, signal(7)) and left R within [T - slept - granules, T], or the
 * timeout untouched.
 *
 * Slept time, from CLOCK_MONOTONIC instants only: the storm logs each stop
 * of a sleeper (stop: before kill(SIGSTOP), stopped: the stop observed,
 * cont: before kill(SIGCONT)) in shared memory before continuing it; a call
 * slept at most (t1 - t0) - sum(cont - stopped) over the stops inside it.
 * Where the time left at a stop carries over (select, pselect6, ppoll):
 * slept >= T - one granule per stop (a restart towards the original end
 * time sleeps less), and slept <= T + SLEPT_SLACK_NS + sum(stopped - stop)
 * (a restart with the full timeout sleeps more). poll (original end time)
 * and epoll (EINTR) only never return 0 early.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "scenario.h"

#define STORM_NS	1500000000LL	/* per entry point */
#define SLEPT_SLACK_NS	30000000LL	/* wakeup latency under TCG, and more */
#define MODES		3
#define MAX_STOPS	4096

static const char *const mode_name[MODES] = {
	[W_PLAIN] = "plain", [W_STICKY] = "sticky", [W_READONLY] = "readonly",
};

/* One sleeper's stops, appended by the storm before each SIGCONT. */
struct stop_log {
	int n;
	struct { int64_t stop, stopped, cont; } s[MAX_STOPS];
};

/* The stops inside [t0, t1] of one call. */
struct stops {
	int n;
	int64_t held;		/* sum(cont - stopped): surely not slept */
	int64_t unsure;		/* sum(stopped - stop): maybe slept */
};

static struct stops stops_within(const struct stop_log *log, int *next,
				 int64_t t0, int64_t t1)
{
	int n = __atomic_load_n(&log->n, __ATOMIC_ACQUIRE);
	struct stops st = { 0 };

	while (*next < n && log->s[*next].stopped < t0)
		(*next)++;
	for (; *next < n && log->s[*next].cont <= t1; (*next)++) {
		st.n++;
		st.held += log->s[*next].cont - log->s[*next].stopped;
		st.unsure += log->s[*next].stopped - log->s[*next].stop;
	}
	return st;
}

/* NULL when the call kept the rule; @excess: slept beyond T and the stops. */
static const char *verdict(const struct scenario *s, const struct outcome *o,
			   const struct stops *st, int64_t *excess)
{
	const struct entry *e = s->e;
	int64_t t = tmo_ns(e->kind, &s->tmo), g = tmo_granule_ns(e->kind);
	int64_t slept = elapsed(o) - st->held;
	bool wb = e->writeback && s->mode == W_PLAIN;

	if (o->ret == 0) {
		if (entry_on_stop(e) != STOP_RESUMES) {
			if (elapsed(o) < t)
				return "returned 0 before T";
		} else if (slept < t - st->n * g) {
			return "returned 0 before sleeping T";
		} else if ((*excess = slept - t - st->unsure) > SLEPT_SLACK_NS &&
			   virtual_time()) {
			return "slept longer than T and its stops explain";
		}
		if (wb && tmo_ns(e->kind, &o->after) != 0)
			return "R != 0";
	} else if (o->ret == -1 && o->err == EINTR) {
		if (!o->handled && entry_on_stop(e) != STOP_EINTR)
			return "EINTR, no handler ran";
		if (wb && !remaining_within(s, o, t - slept - (st->n + 1) * g, t))
			return "R out of bounds";
	} else {
		return "neither 0 nor EINTR";
	}
	return wb || unchanged(s, o) ? NULL : "timeout changed";
}

/* Returns the number of violations; prints the first few. */
static int sleeper(const struct entry *e, enum wmode mode, unsigned int seed,
		   const struct stop_log *log)
{
	/* outlive the storm, so that every stop finds the sleeper alive */
	int64_t end = mono_ns() + STORM_NS + 300000000LL, worst = 0;
	union tmo *t = tmo_page();
	int bad = 0, calls = 0, stops = 0, next = 0, p[2];
	uint64_t mask = 0;

	if (wmode_enter(mode))
		return 1;
	idle_pipe(p);
	srand(seed);
	while (mono_ns() < end) {
		struct scenario s = { .e = e, .mode = mode };
		struct call c = { .fd = p[0], .tmo = t,
				  .mask = e->sigmask ? &mask : NULL };
		struct outcome o = { 0 };
		int h0 = usr1_count();
		int64_t excess = 0;
		struct stops st;
		const char *why;

		/* 1..20 ms, in the entry's own granule */
		tmo_set_ns(e->kind, &s.tmo, (1 + rand() % 20) * 1000000LL);
		tmo_arm(t, mode, &s.tmo);
		timed_call(e, &c, &o);
		o.after = *t;
		o.handled = usr1_count() - h0;
		st = stops_within(log, &next, o.t0, o.t1);
		calls++;
		stops += st.n;
		why = verdict(&s, &o, &st, &excess);
		if (excess > worst)
			worst = excess;
		if (why && bad++ < 3)
			ksft_print_msg("%s_%s: %s: %s, %d stops held %.1f ms\n",
				       e->name, mode_name[mode], why,
				       outcome_str(&s, &o), st.n, st.held / 1e6);
	}
	ksft_print_msg("%s_%s: %d calls, %d stops inside them, %d handled signals, %d violations, slept at most %.1f ms beyond T and its stops\n",
		       e->name, mode_name[mode], calls, stops, usr1_count(), bad,
		       worst / 1e6);
	return calls ? bad : 1;
}

/* Stop @v (logging it) and continue it after 0..2 ms; -1: it is gone. */
static int stop_cont(pid_t pid, struct stop_log *log, int *status)
{
	int i = log->n;
	struct timespec d = { 0, (rand() % 2000) * 1000L };

	if (i == MAX_STOPS)
		return kill(pid, SIGUSR1);
	if (stop_child(pid, &log->s[i].stop, &log->s[i].stopped, status))
		return -1;
	nanosleep(&d, NULL);
	log->s[i].cont = mono_ns();
	__atomic_store_n(&log->n, i + 1, __ATOMIC_RELEASE);
	return kill(pid, SIGCONT);
}

/*
 * Stop/continue or signal a random sleeper every 0..4 ms. A sleeper reaped
 * here (it must outlive the storm) gets its status in @status.
 */
static void storm(pid_t *pid, int *status, bool *reaped,
		  struct stop_log *logs, int n)
{
	int64_t end = mono_ns() + STORM_NS;

	while (mono_ns() < end) {
		struct timespec d = { 0, (rand() % 4000) * 1000L };
		int v = rand() % n;

		nanosleep(&d, NULL);
		if (!(rand() % 3)) {
			kill(pid[v], SIGUSR1);
		} else if (stop_cont(pid[v], &logs[v], &status[v])) {
			ksft_print_msg("storm: sleeper %d gone early\n", pid[v]);
			reaped[v] = true;
			break;
		}
	}
}

/* The storm over one entry point's sleepers, one result per mode. */
static void storm_entry(const struct entry *e, struct stop_log *logs)
{
	int modes = e->writeback ? MODES : 1, m, status[MODES];
	bool reaped[MODES] = { false };
	pid_t pid[MODES];
	char name[96];

	fflush(stdout);
	for (m = 0; m < modes; m++) {
		logs[m].n = 0;
		pid[m] = fork();
		if (!pid[m]) {
			int bad = sleeper(e, m, rand(), &logs[m]);

			fflush(stdout);
			_exit(bad ? 1 : 0);
		}
	}
	storm(pid, status, reaped, logs, modes);
	for (m = 0; m < MODES; m++) {
		case_name(name, sizeof(name), e, mode_name[m]);
		if (m >= modes) {
			result_skip(name, "no write-back");
			continue;
		}
		kill(pid[m], SIGCONT);
		if (!reaped[m] && waitpid(pid[m], &status[m], 0) != pid[m])
			status[m] = -1;
		ksft_test_result(WIFEXITED(status[m]) && !WEXITSTATUS(status[m]),
				 "%s\n", name);
	}
}

int main(void)
{
	struct stop_log *logs = mmap(NULL, MODES * sizeof(*logs),
				     PROT_READ | PROT_WRITE,
				     MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	const struct entry *e;

	if (logs == MAP_FAILED)
		ksft_exit_fail_msg("mmap\n");
	plan_variants(MODES);
	srand(getpid());
	/* before the fork: a signal must never find a sleeper without it */
	count_usr1(false);
	for_each_entry(e)
		storm_entry(e, logs);
	ksft_finished();
}
