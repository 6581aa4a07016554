/* SPDX-License-Identifier: GPL-2.0 */
/*
 * KTAP through kselftest.h. A test is a table of variants over the
 * entry-point table (kselftest_harness.h's FIXTURE_VARIANT idea): the plan
 * is entries x variants, counted here; every pair is one result named
 * "<entry>_<variant>" ("<entry>" for a variant named ""), and a pair that
 * does not apply is "ok N <name> # SKIP <why>".
 *
 * Every case runs in a process of its own, ended at its bound (guard.h):
 * a case that hangs or dies is its own "not ok", the next one runs.
 *
 * Header-only: kselftest.h keeps its counters static, so the results and
 * ksft_finished() must be in the test's own translation unit.
 */
#ifndef COMPAT_TESTS_REPORT_H
#define COMPAT_TESTS_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "kselftest.h"
#include "entry.h"
#include "guard.h"

/*
 * A variant table: any array whose element type starts with the variant's
 * name (const char *). skip() returns why @v does not apply to @e, or NULL;
 * run() makes the call(s) and says whether the case held, printing why not.
 */
struct variants {
	const void *rows;
	size_t size, n;
	const char *(*skip)(const struct entry *e, const void *v);
	bool (*run)(const struct entry *e, const void *v, const char *name);
};
#define VARIANTS(table, skip_fn, run_fn)				\
	((struct variants){ (table), sizeof((table)[0]),		\
			    ARRAY_SIZE(table), (skip_fn), (run_fn) })

static inline void plan_variants(size_t per_entry)
{
	ksft_print_header();
	ksft_set_plan(nr_entries * per_entry);
}

static inline void case_name(char *buf, size_t size, const struct entry *e,
			     const char *variant)
{
	snprintf(buf, size, "%s%s%s", e->name, *variant ? "_" : "", variant);
}

/*
 * kselftest.h's ksft_test_result_skip() prints "ok N # SKIP <msg>", with no
 * name for the report's row; KTAP, and kselftest_harness.h, which prints
 * its own result lines, put the name first. Counted as kselftest's skip.
 */
static inline void result_skip(const char *name, const char *why)
{
	ksft_inc_xskip_cnt();
	printf("ok %u %s # SKIP %s\n", ksft_test_num(), name, why);
}

/* One case's result line: @fn(@arg) in a case process (guard.h). */
static inline void case_result(const char *name, bool (*fn)(const void *arg),
			       const void *arg)
{
	pid_t pid = case_start();
	char why[96];

	if (!pid)
		case_exit(fn(arg));
	switch (case_wait(pid, why, sizeof(why))) {
	case CASE_PASS:
		ksft_test_result_pass("%s\n", name);
		break;
	case CASE_FAIL:
		ksft_test_result_fail("%s\n", name);
		break;
	default:
		ksft_print_msg("%s: %s\n", name, why);
		ksft_test_result_fail("%s # %s\n", name, why);
	}
}

struct variant_call {
	const struct variants *t;
	const struct entry *e;
	const void *v;
	const char *name;
};

static inline bool variant_run(const void *arg)
{
	const struct variant_call *c = arg;

	return c->t->run(c->e, c->v, c->name);
}

/* Header, plan, one result per (entry, variant), exit status. */
static inline void run_variants(struct variants t)
{
	const struct entry *e;
	size_t i;

	plan_variants(t.n);
	for_each_entry(e) {
		for (i = 0; i < t.n; i++) {
			const void *v = (const char *)t.rows + i * t.size;
			const char *why = t.skip ? t.skip(e, v) : NULL;
			char name[96];
			struct variant_call c = { &t, e, v, name };

			case_name(name, sizeof(name), e, *(const char *const *)v);
			if (why)
				result_skip(name, why);
			else
				case_result(name, variant_run, &c);
		}
	}
	ksft_finished();
}

/* Tests that are not over the entry points: a table of named cases. */
struct named_case {
	const char *name;
	bool (*run)(void);
	const char *(*skip)(void);	/* optional */
};

static inline bool named_run(const void *arg)
{
	return ((const struct named_case *)arg)->run();
}

static inline void run_cases(const struct named_case *c, size_t n)
{
	size_t i;

	ksft_print_header();
	ksft_set_plan(n);
	for (i = 0; i < n; i++) {
		const char *why = c[i].skip ? c[i].skip() : NULL;

		if (why)
			result_skip(c[i].name, why);
		else
			case_result(c[i].name, named_run, &c[i]);
	}
	ksft_finished();
}

#endif
