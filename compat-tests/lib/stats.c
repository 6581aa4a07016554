// SPDX-License-Identifier: GPL-2.0
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kselftest.h"
#include "stats.h"

static void append(char *buf, size_t size, size_t *len, const char *fmt,
		   va_list ap)
{
	if (*len && *len < size - 1)
		buf[(*len)++] = ',';
	if (*len < size)
		*len += vsnprintf(buf + *len, size - *len, fmt, ap);
}

static void add(char *buf, size_t size, size_t *len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	append(buf, size, len, fmt, ap);
	va_end(ap);
}

void csv_col(struct csv_row *r, const char *name, const char *fmt, ...)
{
	va_list ap;

	add(r->names, sizeof(r->names), &r->nn, "%s", name);
	va_start(ap, fmt);
	append(r->values, sizeof(r->values), &r->nv, fmt, ap);
	va_end(ap);
}

static int cmp64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return x < y ? -1 : x > y;
}

void csv_stats(struct csv_row *r, const char *count, int64_t *v, int n)
{
	qsort(v, n, sizeof(*v), cmp64);
	csv_col(r, count, "%d", n);
	csv_col(r, "median_ns", "%lld", (long long)v[n / 2]);
	csv_col(r, "p99_ns", "%lld", (long long)v[(n * 99 + 99) / 100 - 1]);
	csv_col(r, "min_ns", "%lld", (long long)v[0]);
}

void csv_emit(const char *what, const struct csv_row *r)
{
	static const char *seen[8];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(seen) && seen[i] && strcmp(seen[i], what); i++)
		;
	if (i < ARRAY_SIZE(seen) && !seen[i]) {
		seen[i] = what;
		ksft_print_msg("csv-columns: %s,%s\n", what, r->names);
	}
	ksft_print_msg("csv: %s,%s\n", what, r->values);
}
