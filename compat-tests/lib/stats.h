/* SPDX-License-Identifier: GPL-2.0 */
/* Benchmarks' figures: one "# csv: " KTAP diagnostic line per series. */
#ifndef COMPAT_TESTS_STATS_H
#define COMPAT_TESTS_STATS_H

#include <stdint.h>

/*
 * Sorts @v and prints "csv: WHAT,ABI,CALL,SLACK,REQ,N,MEDIAN,P99,MIN".
 */
void csv_series(const char *what, const char *abi, const char *call,
		unsigned long slack, int64_t req, int64_t *v, int n);

#endif
