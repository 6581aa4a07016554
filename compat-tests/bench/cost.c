// SPDX-License-Identifier: GPL-2.0
/*
 * Benchmark, not a test: the cost of a zero-timeout call of every
 * select/poll/epoll entry point of the ABI, the path the series touches on
 * every return. One "# csv: cost,..." line per entry point, the median,
 * p99 and minimum of the batches' ns per call (columns: below).
 * make bench boots base and patched alternately with this alone
 * (BENCH_COST_ROUNDS), so host drift under TCG hits both alike.
 */
#define _GNU_SOURCE
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "proc.h"
#include "report.h"
#include "stats.h"

#define BATCHES 21
#define CALLS 500

/* The median of BATCHES batches of CALLS calls, per call. */
static int cost(const struct entry *e, int fd)
{
	struct csv_row r = { 0 };
	union tmo t;
	struct call c = { .fd = fd, .tmo = &t };
	int64_t v[BATCHES];
	int b, i;

	for (b = 0; b < BATCHES; b++) {
		int64_t t0 = mono_ns();

		for (i = 0; i < CALLS; i++) {
			tmo_set_ns(e->kind, &t, 0);
			if (entry_call(e, &c) != 0)
				return -1;
		}
		v[b] = (mono_ns() - t0) / CALLS;
	}
	csv_col(&r, "abi", "%s", ABI_NAME);
	csv_col(&r, "call", "%s", e->name);
	csv_stats(&r, "batches", v, BATCHES);
	csv_emit("cost", &r);
	return 0;
}

int main(void)
{
	const struct entry *e;
	int p[2], bad = 0;

	ksft_print_header();
	ksft_set_plan(1);
	idle_pipe(p);
	for_each_entry(e)
		bad |= cost(e, p[0]);
	ksft_test_result(!bad, "zero_timeout_cost\n");
	ksft_finished();
}
