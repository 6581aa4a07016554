/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Benchmarks' figures: one "# csv: WHAT,..." KTAP diagnostic line per row.
 * A row is built column by column, each named where its value is given;
 * the first row of each WHAT also prints "# csv-columns: WHAT,<names>",
 * from which scripts/results/bench-report.sh takes the CSV's header: the column
 * list lives in the bench's source alone.
 */
#ifndef COMPAT_TESTS_STATS_H
#define COMPAT_TESTS_STATS_H

#include <stddef.h>
#include <stdint.h>

struct csv_row {
	char names[256], values[256];
	size_t nn, nv;
};

void csv_col(struct csv_row *r, const char *name, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Sorts @v; adds the columns COUNT, median_ns, p99_ns, min_ns. */
void csv_stats(struct csv_row *r, const char *count, int64_t *v, int n);

/* Prints the row (and, the first time for @what, its columns). */
void csv_emit(const char *what, const struct csv_row *r);

#endif
