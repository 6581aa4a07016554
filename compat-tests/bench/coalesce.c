// SPDX-License-Identifier: GPL-2.0
/*
 * Benchmark, not a test: range timers let wakeups coalesce. 16 sleepers
 * loop in pselect6 with random 1..10 ms timeouts for 2 s at timer_slack_ns
 * 1 ns, 50 us and 1 ms; the timer interrupts the CPU took (the line of
 * /proc/interrupts that the arch file's TIMER_IRQ_ names, passed by the
 * guest as MATRIX_TIMER_IRQ) and the wakeups per second are reported,
 * one "# csv: coalesce,..." line per slack (columns: below).
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "proc.h"
#include "report.h"
#include "stats.h"

#define SLEEPERS 16
#define RUN_NS 2000000000LL

/* The line is @name's: "LOC:" names it (x86), or "... arch_timer" (arm). */
static bool names_line(const char *line, const char *colon, const char *name)
{
	const char *l = line + strspn(line, " ");
	size_t n = strlen(name);

	return (colon == l + n && !strncmp(l, name, n)) || strstr(colon, name);
}

/*
 * Sum of the timer interrupt counts over all CPUs; -1 when the line the
 * arch names is not there (no silent 0).
 */
static long long timer_irqs(void)
{
	const char *name = getenv("MATRIX_TIMER_IRQ");
	char line[1024];
	long long sum = -1;
	FILE *f = fopen("/proc/interrupts", "r");

	if (!f || !name || !*name)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		char *p = strchr(line, ':');

		if (!p || !names_line(line, p, name))
			continue;
		if (sum < 0)
			sum = 0;
		for (p++;;) {
			char *q;
			long long v = strtoll(p, &q, 10);

			if (q == p)
				break;
			sum += v;
			p = q;
		}
	}
	fclose(f);
	return sum;
}

int main(void)
{
	static const unsigned long slacks[] = { 1, 50000, 1000000 };
	const struct entry *e = entry_find("pselect6");
	long *wakeups = mmap(NULL, sizeof(long) * SLEEPERS, PROT_READ | PROT_WRITE,
			     MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	unsigned int s;
	int bad = 0;

	ksft_print_header();
	ksft_set_plan(1);
	if (!e || wakeups == MAP_FAILED || timer_irqs() < 0)
		ksft_exit_fail_msg("no pselect6, shared memory, or no /proc/interrupts line named MATRIX_TIMER_IRQ=%s\n",
				   getenv("MATRIX_TIMER_IRQ") ?: "(unset)");
	for (s = 0; s < 3; s++) {
		struct csv_row r = { 0 };
		long long i0, i1, w = 0;
		int64_t t0, t1;
		int k, status;

		memset(wakeups, 0, sizeof(long) * SLEEPERS);
		syscall(__NR_prctl, PR_SET_TIMERSLACK, slacks[s], 0, 0, 0);
		i0 = timer_irqs();
		t0 = mono_ns();
		for (k = 0; k < SLEEPERS; k++) {
			if (fork())
				continue;
			int p[2];

			idle_pipe(p);
			srand(k + 1);
			while (mono_ns() - t0 < RUN_NS) {
				union tmo t;
				struct call c = { .fd = p[0], .tmo = &t };

				tmo_set_ns(e->kind, &t, (1 + rand() % 10) * 1000000LL);
				entry_call(e, &c);
				wakeups[k]++;
			}
			_exit(0);
		}
		for (k = 0; k < SLEEPERS; k++)
			bad |= wait(&status) < 0 || !WIFEXITED(status);
		t1 = mono_ns();
		i1 = timer_irqs();
		for (k = 0; k < SLEEPERS; k++)
			w += wakeups[k];
		csv_col(&r, "abi", "%s", ABI_NAME);
		csv_col(&r, "slack_ns", "%lu", slacks[s]);
		csv_col(&r, "sleepers", "%d", SLEEPERS);
		csv_col(&r, "wakeups_per_s", "%.0f", w * 1e9 / (t1 - t0));
		csv_col(&r, "timer_irqs_per_s", "%.0f",
			(i1 - i0) * 1e9 / (t1 - t0));
		csv_emit("coalesce", &r);
	}
	ksft_test_result(!bad, "coalesce\n");
	ksft_finished();
}
