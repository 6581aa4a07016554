// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>

#include "kselftest.h"
#include "stats.h"

static int cmp64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return x < y ? -1 : x > y;
}

void csv_series(const char *what, const char *abi, const char *call,
		unsigned long slack, int64_t req, int64_t *v, int n)
{
	qsort(v, n, sizeof(*v), cmp64);
	ksft_print_msg("csv: %s,%s,%s,%lu,%lld,%d,%lld,%lld,%lld\n", what, abi,
		       call, slack, (long long)req, n, (long long)v[n / 2],
		       (long long)v[(n * 99 + 99) / 100 - 1], (long long)v[0]);
}
