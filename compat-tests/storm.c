// SPDX-License-Identifier: GPL-2.0
/*
 * Rule: under a storm of SIGSTOP/SIGCONT and handled signals, every call of
 * every entry point (plain, STICKY_TIMEOUTS, read-only timeout) that returns
 * 0 took at least T and left R == 0 where it writes back; one that returns
 * EINTR had a handler run (epoll excepted, signal(7)) and left R within
 * [T - elapsed - granule, T], or the timeout untouched when it cannot write.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <linux/personality.h>

#include "scenario.h"

#define STORM_NS	1500000000LL	/* per entry point */
#define MODES		3

static const char *const mode_name[MODES] = { "plain", "sticky", "readonly" };
static volatile sig_atomic_t handled;

static void on_usr1(int sig)
{
	handled++;
}

/* Returns the number of violations; prints the first few. */
static int sleeper(const struct entry *e, int mode, unsigned int seed)
{
	long pg = sysconf(_SC_PAGESIZE);
	union tmo *t = mmap(NULL, pg, PROT_READ | PROT_WRITE,
			    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	/* outlive the storm, so that every stop finds the sleeper alive */
	int64_t end = mono_ns() + STORM_NS + 300000000LL;
	int bad = 0, calls = 0, p[2];

	if (t == MAP_FAILED || (mode == 1 &&
	    syscall(__NR_personality, PER_LINUX | STICKY_TIMEOUTS) < 0))
		return 1;
	idle_pipe(p);
	srand(seed);
	while (mono_ns() < end) {
		struct scenario s = { .e = e };
		struct outcome o = { 0 };
		uint64_t mask = 0;
		int h0 = handled;

		/* 1..20 ms, in the entry's own granule */
		tmo_set_ns(e->kind, &s.tmo, (1 + rand() % 20) * 1000000LL);
		*t = s.tmo;
		if (mode == 2 && mprotect(t, pg, PROT_READ))
			return 1;
		timed_call(e, p[0], false, t, e->sigmask ? &mask : NULL, &o);
		o.after = *t;
		if (mode == 2 && mprotect(t, pg, PROT_READ | PROT_WRITE))
			return 1;
		calls++;
		if (o.ret == 0) {
			bool wb = e->writeback && !mode;

			if (elapsed(&o) < tmo_ns(e->kind, &s.tmo) ||
			    (wb && tmo_ns(e->kind, &o.after) != 0)) {
				if (bad++ < 3)
					ksft_print_msg("%s_%s: early or R != 0: %s\n",
						       e->name, mode_name[mode],
						       outcome_str(&s, &o));
			} else if (!wb && !unchanged(&s, &o)) {
				bad++;
			}
		} else if (o.ret == -1 && o.err == EINTR) {
			if (handled == h0 && !e->epoll) {
				if (bad++ < 3)
					ksft_print_msg("%s_%s: EINTR, no handler ran: %s\n",
						       e->name, mode_name[mode],
						       outcome_str(&s, &o));
			} else if (e->writeback && !mode) {
				bad += !remaining_ok(&s, &o);
			} else if (!unchanged(&s, &o)) {
				bad++;
			}
		} else {
			if (bad++ < 3)
				ksft_print_msg("%s_%s: %s\n", e->name,
					       mode_name[mode], outcome_str(&s, &o));
		}
	}
	ksft_print_msg("%s_%s: %d calls, %d handled signals, %d violations\n",
		       e->name, mode_name[mode], calls, (int)handled, bad);
	return calls ? bad : 1;
}

/*
 * Stop/continue or signal a random sleeper every 0..4 ms. A sleeper reaped
 * here (it must outlive the storm) gets its status in @status.
 */
static void storm(pid_t *pid, int *status, bool *reaped, int n)
{
	int64_t end = mono_ns() + STORM_NS;

	while (mono_ns() < end) {
		struct timespec d = { 0, (rand() % 4000) * 1000L };
		int v = rand() % n;
		pid_t victim = pid[v];

		nanosleep(&d, NULL);
		if (rand() % 3) {
			if (kill(victim, SIGSTOP) ||
			    waitpid(victim, &status[v], WUNTRACED) != victim ||
			    !WIFSTOPPED(status[v])) {
				ksft_print_msg("storm: sleeper %d gone early\n", victim);
				reaped[v] = true;
				break;
			}
			d.tv_nsec = (rand() % 2000) * 1000L;
			nanosleep(&d, NULL);
			kill(victim, SIGCONT);
		} else {
			kill(victim, SIGUSR1);
		}
	}
}

int main(void)
{
	const struct entry *e;

	ksft_print_header();
	ksft_set_plan(count_entries(any_entry) + 2 * count_entries(has_writeback));
	srand(getpid());
	/* before the fork: a signal must never find a sleeper without it */
	handle(SIGUSR1, on_usr1, false);
	for_each_entry(e) {
		int modes = e->writeback ? MODES : 1, m, status[MODES];
		bool reaped[MODES] = { false };
		pid_t pid[MODES];

		fflush(stdout);
		for (m = 0; m < modes; m++) {
			pid[m] = fork();
			if (!pid[m]) {
				int bad = sleeper(e, m, rand());

				fflush(stdout);
				_exit(bad ? 1 : 0);
			}
		}
		storm(pid, status, reaped, modes);
		for (m = 0; m < modes; m++) {
			kill(pid[m], SIGCONT);
			if (!reaped[m] && waitpid(pid[m], &status[m], 0) != pid[m])
				status[m] = -1;
			ksft_check(WIFEXITED(status[m]) && !WEXITSTATUS(status[m]),
				   "%s_%s", e->name, mode_name[m]);
		}
	}
	ksft_finished();
}
