// SPDX-License-Identifier: GPL-2.0
/*
 * Rule: glibc's select(), pselect() and ppoll() wrappers hand the kernel a
 * copy of the caller's timeout, not the caller's pointer, on every ABI (as
 * glibc 2.36's sysdeps/unix/sysv/linux/{select,pselect,ppoll}.c read):
 * - read-only timeout T, SIGSTOP T/4 after the call sleeps, held 1.5 T,
 *   SIGCONT, no handler: pselect and ppoll return 0 after the time left at
 *   the stop, the timeout left bit for bit; select's kernel call does the
 *   same, then the wrapper faults (SIGSEGV on the timeout's page) when it
 *   writes the remaining time back into the caller's timeval;
 * - writable timeout, a handled SIGUSR1 T/4 in: EINTR; pselect and ppoll
 *   leave the caller's timeout bit for bit (the kernel wrote the time left
 *   into the copy), select's wrapper copies it back: T - slept, as the
 *   system call would write it;
 * - STICKY_TIMEOUTS, stopped and continued as above: 0 after the time
 *   left, the timeout unchanged (the copy does not help: the personality
 *   flag, not the pointer, keeps the kernel from writing back).
 *
 * The one test that calls libc: every other test calls the entry points
 * through raw syscall(2) (lib/entry.c), so that it exercises exactly one
 * system call; this one measures what the wrappers that programs actually
 * call pass to the kernel. Built statically like the others, it carries the
 * ABI's own glibc (Debian 12: 2.36, native and cross). What decides the
 * outcome: on an unpatched kernel a read-only timeout of a stopped and
 * continued call fails with EINTR although no handler ran (restart.c's
 * _readonly rows); a copy in writable memory restarts transparently.
 * So on base the first variant tells whether the kernel saw the caller's
 * pointer; the second tells it on any kernel for pselect and ppoll (every
 * kernel writes the time left into a writable timeout it was given).
 *
 * glibc 2.36's paths: x86_64, x32 and arm64 (__ASSUME_TIME64_SYSCALLS)
 * call pselect6 (as pselect6_time64) with a local struct __timespec64,
 * select converting the caller's timeval into it and back; i386 and armhf
 * (time32 wrappers around the __*64 ones) convert into a local 64-bit
 * copy and call pselect6 or ppoll with a further local 32-bit copy; none
 * calls _newselect or select. The expectation is the same on every ABI.
 *
 * Bounds as restart.c's: the time left at the stop lies in
 * [T - (stopped - t0) - granule, T - (stop - asleep)]; the call (or the
 * wrapper's fault after it) ends at cont plus that, no earlier, and, in
 * virtual time only, less than T/16 later.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <gnu/libc-version.h>
#include <poll.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/select.h>
#include <unistd.h>

#include "scenario.h"

#define T_NS 400000000LL
/* What a wrapper call "returns" when it faulted on the timeout's page. */
#define WRAPPER_FAULTED (-2L)

/* The ABI's libc timespec: old_timespec on time32 ABIs, 64-bit on x32. */
#define LIBC_TS_KIND (sizeof(struct timespec) == \
		      sizeof(struct __kernel_timespec) ? TK_TS64 : TK_OLD_TS)
_Static_assert(sizeof(struct timeval) == sizeof(struct __kernel_old_timeval),
	       "libc timeval is the kernel's old timeval");

static sigjmp_buf fault_env;
static char *fault_page;
static long page_size;

static void on_segv(int sig, siginfo_t *si, void *uc)
{
	char *a = si->si_addr;

	if (fault_page && a >= fault_page && a < fault_page + page_size)
		siglongjmp(fault_env, 1);
	/* any other fault: the default action, the child dies of it */
	signal(SIGSEGV, SIG_DFL);
}

/*
 * Around a wrapper: a SIGSEGV on the timeout's page comes back as
 * WRAPPER_FAULTED, errno EFAULT.
 */
static void catch_faults(const struct call *c)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_segv;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	page_size = sysconf(_SC_PAGESIZE);
	fault_page = (char *)((uintptr_t)c->tmo & ~(uintptr_t)(page_size - 1));
	if (sigaction(SIGSEGV, &sa, NULL))
		ksft_exit_fail_msg("sigaction: %s\n", strerror(errno));
}

static void call_mask(const struct call *c, sigset_t *set)
{
	sigemptyset(set);
	if (c->mask && *c->mask & SIGBIT(SIGUSR1))
		sigaddset(set, SIGUSR1);
}

#define FAULT_GUARD()						\
	do {							\
		catch_faults(c);				\
		if (sigsetjmp(fault_env, 1)) {			\
			errno = EFAULT;				\
			return WRAPPER_FAULTED;			\
		}						\
	} while (0)

static long libc_select(const struct entry *e, const struct call *c)
{
	fd_set s;

	FAULT_GUARD();
	FD_ZERO(&s);
	FD_SET(c->fd, &s);
	return select(c->fd + 1, c->out ? NULL : &s, c->out ? &s : NULL, NULL,
		      c->tmo);
}

static long libc_pselect(const struct entry *e, const struct call *c)
{
	sigset_t set;
	fd_set s;

	FAULT_GUARD();
	call_mask(c, &set);
	FD_ZERO(&s);
	FD_SET(c->fd, &s);
	return pselect(c->fd + 1, c->out ? NULL : &s, c->out ? &s : NULL, NULL,
		       c->tmo, &set);
}

static long libc_ppoll(const struct entry *e, const struct call *c)
{
	struct pollfd p = { c->fd, c->out ? POLLOUT : POLLIN, 0 };
	sigset_t set;

	FAULT_GUARD();
	call_mask(c, &set);
	return ppoll(&p, 1, c->tmo, &set);
}

/* The wrappers as entries of the scenario machinery (lib/scenario.c). */
static const struct entry wrappers[] = {
	{ .name = "select", .kind = TK_TIMEVAL, .family = F_SELECT,
	  .writeback = true, .call = libc_select },
	{ .name = "pselect", .kind = LIBC_TS_KIND, .family = F_SELECT,
	  .writeback = true, .sigmask = true, .call = libc_pselect },
	{ .name = "ppoll", .kind = LIBC_TS_KIND, .family = F_POLL,
	  .writeback = true, .sigmask = true, .call = libc_ppoll },
};

enum expect {
	E_RESUMES,	/* 0 after the time left at the stop, timeout unchanged */
	E_FAULTS,	/* as E_RESUMES, then SIGSEGV writing the timeout back */
	E_COPY,		/* EINTR, handler ran, timeout unchanged */
	E_WRITTEN,	/* EINTR, handler ran, timeout = the time left */
};

struct variant {
	const char *name;
	enum wmode mode;
	enum action action;
	/* what glibc 2.36 leads to: select's, pselect's and ppoll's */
	enum expect expect[3];
	/* the case name's outcome part, per wrapper */
	const char *says[3];
};

static const struct variant variants[] = {
	{ "readonly_stop", W_READONLY, ACT_STOP,
	  { E_FAULTS, E_RESUMES, E_RESUMES },
	  { "copy_then_segv", "copy", "copy" } },
	{ "signal", W_PLAIN, ACT_SIGNAL,
	  { E_WRITTEN, E_COPY, E_COPY },
	  { "written_back", "copy", "copy" } },
	{ "sticky_stop", W_STICKY, ACT_STOP,
	  { E_RESUMES, E_RESUMES, E_RESUMES },
	  { "resumes", "resumes", "resumes" } },
};

static bool ends_in_time(const struct outcome *o, int64_t g, const char *name)
{
	int64_t after = o->t1 - o->at.cont, lo, hi;

	left_at_stop(o, T_NS, g, &lo, &hi);
	hi += T_NS / 16;
	if (after >= lo && (after < hi || !virtual_time()))
		return true;
	ksft_print_msg("%s: ended %.1f ms after SIGCONT, not in [%.1f, %.1f) ms\n",
		       name, after / 1e6, lo / 1e6, hi / 1e6);
	return false;
}

/* What was measured, for the result line. */
static const char *measured(const struct scenario *s, const struct outcome *o)
{
	static char buf[192];
	char tmo[64] = "timeout unchanged";
	int64_t ref = o->at.cont ? o->at.cont : o->at.signal;
	const char *what = o->at.cont ? "SIGCONT" : "SIGUSR1";

	if (memcmp(&s->tmo, &o->after, tmo_size(s->e->kind)))
		snprintf(tmo, sizeof(tmo), "timeout now %s",
			 tmo_str(s->e->kind, &o->after));
	if (o->ret == WRAPPER_FAULTED)
		snprintf(buf, sizeof(buf),
			 "SIGSEGV in the wrapper on the timeout's page %.1f ms after %s",
			 (o->t1 - ref) / 1e6, what);
	else
		snprintf(buf, sizeof(buf), "%s %.1f ms after %s, handler ran %d, %s",
			 o->ret == 0 ? "returned 0" :
			 o->err == EINTR ? "EINTR" : strerror(o->err),
			 (o->t1 - ref) / 1e6, what, o->handled, tmo);
	return buf;
}

static bool check(enum expect x, const struct scenario *s,
		  const struct outcome *o, const char *name)
{
	const struct instants *at = &o->at;
	int64_t g = tmo_granule_ns(s->e->kind);
	bool ok = o->mask_after == o->mask_before;

	switch (x) {
	case E_FAULTS:
		return ok && o->ret == WRAPPER_FAULTED && !o->handled &&
		       ends_in_time(o, g, name) && unchanged(s, o);
	case E_RESUMES:
		return ok && o->ret == 0 && !o->handled &&
		       ends_in_time(o, g, name) && unchanged(s, o);
	case E_COPY:
		return ok && o->ret == -1 && o->err == EINTR &&
		       o->handled == 1 && unchanged(s, o);
	case E_WRITTEN:
		return ok && o->ret == -1 && o->err == EINTR &&
		       o->handled == 1 &&
		       remaining_within(s, o, T_NS - elapsed(o) - 2 * g,
					T_NS - (at->signal - at->asleep));
	}
	return false;
}

static bool run(const struct entry *e, const struct variant *v, enum expect x,
		const char *name)
{
	struct scenario s = { .e = e, .mode = v->mode, .action = v->action,
			      .delay_ns = T_NS / 4, .hold_ns = T_NS * 3 / 2 };
	struct outcome o;
	int64_t lo, hi;
	bool ok;
	int tries;

	tmo_set_ns(e->kind, &s.tmo, T_NS);
	for (tries = 1;; tries++) {
		if (run_scenario(&s, &o)) {
			ksft_test_result_fail("%s\n", name);
			return false;
		}
		ksft_print_msg("%s: %s\n", name, outcome_str(&s, &o));
		if (v->action != ACT_STOP)
			break;
		/* a stop that came late leaves too little to tell */
		left_at_stop(&o, T_NS, tmo_granule_ns(e->kind), &lo, &hi);
		if (lo >= T_NS / 8 || tries == 3)
			break;
		ksft_print_msg("%s: stopped too late to tell, again\n", name);
	}
	ok = check(x, &s, &o, name);
	ksft_test_result(ok, "%s # measured: %s\n", name, measured(&s, &o));
	return ok;
}

int main(void)
{
	size_t w, i;

	ksft_print_header();
	ksft_set_plan(ARRAY_SIZE(wrappers) * ARRAY_SIZE(variants));
	ksft_print_msg("glibc %s, ABI %s, libc timespec %zu bytes\n",
		       gnu_get_libc_version(), ABI_NAME, sizeof(struct timespec));
	ksft_print_msg("ret -2 below: the wrapper faulted on the timeout's page (SIGSEGV caught), not a value it returned\n");
	for (w = 0; w < ARRAY_SIZE(wrappers); w++) {
		for (i = 0; i < ARRAY_SIZE(variants); i++) {
			const struct variant *v = &variants[i];
			char name[96];

			snprintf(name, sizeof(name), "%s_%s_%s",
				 wrappers[w].name, v->name, v->says[w]);
			run(&wrappers[w], v, v->expect[w], name);
		}
	}
	ksft_finished();
}
