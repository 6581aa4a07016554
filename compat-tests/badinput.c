// SPDX-License-Identifier: GPL-2.0
/*
 * Rule (select(2), poll(2), epoll_wait(2)): invalid timeouts fail with
 * EINVAL (negative seconds, negative or >= 1e9 nsec, negative usec, also
 * when the negative tv_usec carries tv_sec below its type's minimum), bad
 * pointers with EFAULT, negative or over-RLIMIT_NOFILE counts with EINVAL,
 * a wrong sigsetsize with EINVAL - all before any sleep.
 */
#include <errno.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>
#include "scenario.h"

static void *unmapped(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	void *p = mmap(NULL, pg, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	munmap(p, pg);
	return p;
}

struct kase {
	const char *name;
	const char *(*skip)(const struct entry *e);
	/* Sets up the call (its timeout in @t); returns the expected errno, 0: returns 0. */
	int (*prepare)(const struct entry *e, struct call *c, union tmo *t);
};

static const char *no_msec(const struct entry *e)
{
	return e->kind == TK_MSEC ? "a millisecond int has no such value" : NULL;
}

static const char *ns_kinds(const struct entry *e)
{
	return e->kind == TK_OLD_TS || e->kind == TK_TS64 ? NULL :
	       "no nanoseconds field";
}

static const char *not_epoll(const struct entry *e)
{
	/* epoll's NULL events pass access_ok() and are never written */
	return e->family == F_EPOLL ? "epoll does not read events" : NULL;
}

static const char *poll_family(const struct entry *e)
{
	/* select clamps nfds to the fd table instead (select(2) BUGS) */
	return e->family == F_POLL ? NULL : "only poll checks RLIMIT_NOFILE";
}

static const char *has_sigmask(const struct entry *e)
{
	return e->sigmask ? NULL : "no signal mask argument";
}

static int neg_sec(const struct entry *e, struct call *c, union tmo *t)
{
	tmo_set(e->kind, t, -1, 0);
	return EINVAL;
}

static int neg_sub(const struct entry *e, struct call *c, union tmo *t)
{
	tmo_set(e->kind, t, 0, -1);
	return EINVAL;
}

static int big_nsec(const struct entry *e, struct call *c, union tmo *t)
{
	tmo_set(e->kind, t, 0, 1000000000);
	return EINVAL;
}

static const char *timeval(const struct entry *e)
{
	return e->kind == TK_TIMEVAL ? NULL : "no tv_usec to carry";
}

/*
 * {LONG_MIN, -1000000}: the second tv_usec carries takes tv_sec below the
 * ABI's long. Negative it stays: not wrapped to LONG_MAX s (base adds the
 * two in the kernel's long, the ABI's own on x86_64, x32 and 32-bit
 * kernels; a compat kernel adds in 64 bits), not saturated upward. Ready
 * at once: a kernel that takes it for a huge timeout returns 1, no sleep.
 */
static int usec_carry_min(const struct entry *e, struct call *c, union tmo *t)
{
	tmo_set(e->kind, t, ABI_LONG_MIN, -1000000);
	c->out = true;
	return EINVAL;
}

static int tmo_fault(const struct entry *e, struct call *c, union tmo *t)
{
	c->tmo = unmapped();
	return EFAULT;
}

static int fds_unmapped(const struct entry *e, struct call *c, union tmo *t)
{
	c->fds_set = true;
	c->fds = unmapped();
	/*
	 * epoll only writes events out (access_ok() alone passes any 32-bit
	 * address of a compat task): a ready fd and read-only events.
	 */
	if (e->family == F_EPOLL) {
		c->fds = readonly_copy("", 0);
		c->out = true;
	}
	return EFAULT;
}

static int fds_null(const struct entry *e, struct call *c, union tmo *t)
{
	c->fds_set = true;
	c->fds = NULL;
	/* NULL fd_sets are a plain sleep */
	return e->family == F_SELECT ? 0 : EFAULT;
}

static int nfds_neg(const struct entry *e, struct call *c, union tmo *t)
{
	c->nfds_set = true;
	c->nfds = -1;
	return EINVAL;
}

static int nfds_rlimit(const struct entry *e, struct call *c, union tmo *t)
{
	struct rlimit rl;

	getrlimit(RLIMIT_NOFILE, &rl);
	c->nfds_set = true;
	c->nfds = rl.rlim_cur + 1;
	return EINVAL;
}

static int sigsetsize(const struct entry *e, struct call *c, union tmo *t)
{
	c->sigsetsize = 4;
	return EINVAL;
}

static const struct kase cases[] = {
	{ "neg_sec", no_msec, neg_sec },
	{ "neg_sub", no_msec, neg_sub },
	{ "nsec_1e9", ns_kinds, big_nsec },
	{ "usec_carry_min", timeval, usec_carry_min },
	{ "tmo_unmapped", no_msec, tmo_fault },
	{ "fds_fault", NULL, fds_unmapped },
	{ "fds_null", not_epoll, fds_null },
	{ "nfds_neg", NULL, nfds_neg },
	{ "nfds_rlimit", poll_family, nfds_rlimit },
	{ "sigsetsize", has_sigmask, sigsetsize },
};

static int pipe_fds[2];

static const char *skip(const struct entry *e, const void *p)
{
	const struct kase *k = p;

	return k->skip ? k->skip(e) : NULL;
}

static bool run(const struct entry *e, const void *p, const char *name)
{
	const struct kase *k = p;
	uint64_t mask = 0;
	union tmo t;
	struct call c = { .tmo = &t, .mask = e->sigmask ? &mask : NULL };
	int err;
	long ret;

	tmo_set_ns(e->kind, &t, 1000000);
	err = k->prepare(e, &c, &t);
	c.fd = pipe_fds[c.out];
	errno = 0;
	ret = entry_call(e, &c);
	if (ret == (err ? -1 : 0) && (!err || errno == err))
		return true;
	ksft_print_msg("%s: ret %ld errno %d (%s), expected %s\n", name, ret,
		       errno, strerror(errno), err ? strerror(err) : "0");
	return false;
}

int main(void)
{
	idle_pipe(pipe_fds);
	run_variants(VARIANTS(cases, skip, run));
}
