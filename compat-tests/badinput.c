// SPDX-License-Identifier: GPL-2.0
/*
 * Rule (select(2), poll(2), epoll_wait(2)): invalid timeouts fail with
 * EINVAL (negative seconds, negative or >= 1e9 nsec, negative usec), bad
 * pointers with EFAULT, negative or over-RLIMIT_NOFILE counts with EINVAL,
 * a wrong sigsetsize with EINVAL - all before any sleep.
 */
#include <limits.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>
#include "scenario.h"

enum fam { F_SELECT, F_POLL, F_EPOLL };

static enum fam family(const struct entry *e)
{
	return e->epoll ? F_EPOLL : e->kind == TK_TIMEVAL ||
	       strstr(e->name, "select") ? F_SELECT : F_POLL;
}

static void *unmapped(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	void *p = mmap(NULL, pg, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	munmap(p, pg);
	return p;
}


struct kase {
	const char *name;
	int err;		/* expected errno, 0: returns 0 (sleep) */
	/* Set up the call; false when the case does not apply to @e. */
	bool (*setup)(const struct entry *e, union tmo *t, bool *ready);
};

static bool neg_sec(const struct entry *e, union tmo *t, bool *ready)
{
	tmo_set(e->kind, t, -1, 0);
	return e->kind != TK_MSEC;
}

static bool neg_sub(const struct entry *e, union tmo *t, bool *ready)
{
	tmo_set(e->kind, t, 0, -1);
	return e->kind != TK_MSEC;
}

static bool big_nsec(const struct entry *e, union tmo *t, bool *ready)
{
	tmo_set(e->kind, t, 0, 1000000000);
	return e->kind == TK_OLD_TS || e->kind == TK_TS64;
}

/* main() passes an unmapped timeout pointer for this one. */
static bool tmo_fault(const struct entry *e, union tmo *t, bool *ready)
{
	return e->kind != TK_MSEC;
}

static bool fds_unmapped(const struct entry *e, union tmo *t, bool *ready)
{
	tmo_set_ns(e->kind, t, 1000000);
	override.fds_set = true;
	override.fds = unmapped();
	/*
	 * epoll only writes events out (access_ok() alone passes any 32-bit
	 * address of a compat task): a ready fd and read-only events.
	 */
	if (family(e) == F_EPOLL) {
		override.fds = readonly_copy("", 0);
		*ready = true;
	}
	return true;
}

static bool fds_null(const struct entry *e, union tmo *t, bool *ready)
{
	tmo_set_ns(e->kind, t, 1000000);
	override.fds_set = true;
	override.fds = NULL;
	/* NULL fd_sets are a plain sleep; epoll's NULL passes access_ok(). */
	return family(e) != F_EPOLL;
}

static bool nfds_neg(const struct entry *e, union tmo *t, bool *ready)
{
	tmo_set_ns(e->kind, t, 1000000);
	override.nfds_set = true;
	override.nfds = -1;
	return true;
}

static bool nfds_rlimit(const struct entry *e, union tmo *t, bool *ready)
{
	struct rlimit rl;

	getrlimit(RLIMIT_NOFILE, &rl);
	tmo_set_ns(e->kind, t, 1000000);
	override.nfds_set = true;
	override.nfds = rl.rlim_cur + 1;
	/* select clamps nfds to the fd table instead (select(2) BUGS). */
	return family(e) == F_POLL;
}

static bool sigsetsize(const struct entry *e, union tmo *t, bool *ready)
{
	tmo_set_ns(e->kind, t, 1000000);
	override.sigsetsize = 4;
	return e->sigmask;
}

static const struct kase cases[] = {
	{ "neg_sec", EINVAL, neg_sec },
	{ "neg_sub", EINVAL, neg_sub },
	{ "nsec_1e9", EINVAL, big_nsec },
	{ "tmo_unmapped", EFAULT, tmo_fault },
	{ "fds_fault", EFAULT, fds_unmapped },
	{ "fds_null", EFAULT, fds_null },
	{ "nfds_neg", EINVAL, nfds_neg },
	{ "nfds_rlimit", EINVAL, nfds_rlimit },
	{ "sigsetsize", EINVAL, sigsetsize },
};
#define NR_CASES (sizeof(cases) / sizeof(cases[0]))

int main(void)
{
	const struct entry *e;
	unsigned int i, n = 0;
	union tmo t;
	int p[2];
	bool ready;

	for_each_entry(e)
		for (i = 0; i < NR_CASES; i++) {
			n += cases[i].setup(e, &t, &ready);
			memset(&override, 0, sizeof(override));
		}
	idle_pipe(p);
	ksft_print_header();
	ksft_set_plan(n);
	for_each_entry(e) {
		for (i = 0; i < NR_CASES; i++) {
			const struct kase *c = &cases[i];
			union tmo buf;
			void *tp = &buf;
			uint64_t mask = 0;
			int err = c->err;
			long ret;

			memset(&buf, 0, sizeof(buf));
			memset(&override, 0, sizeof(override));
			ready = false;
			if (!c->setup(e, &buf, &ready))
				continue;
			if (c->setup == tmo_fault)
				tp = unmapped();
			if (c->setup == fds_null && family(e) == F_SELECT)
				err = 0;
			errno = 0;
			ret = entry_call(e, p[ready], ready, tp,
					 e->sigmask ? &mask : NULL);
			memset(&override, 0, sizeof(override));
			if (err)
				ksft_check(ret == -1 && errno == err, "%s_%s",
					   e->name, c->name);
			else
				ksft_check(ret == 0, "%s_%s", e->name, c->name);
			if (ret != (err ? -1 : 0) || (err && errno != err))
				ksft_print_msg("%s_%s: ret %ld errno %d (%s)\n",
					       e->name, c->name, ret, errno,
					       strerror(errno));
		}
	}
	ksft_finished();
}
