// SPDX-License-Identifier: GPL-2.0
/*
 * The entry-point table: which select/poll/epoll system calls this ABI has,
 * how each encodes its timeout, and a raw-syscall wrapper per shape.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <string.h>
#include <sys/select.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/eventpoll.h>

#include "entry.h"

#define KSIGSET_SIZE 8	/* _NSIG / 8 on every ABI here */

static void *fds_or(const struct call *c, void *own)
{
	return c->fds_set ? c->fds : own;
}

static long nfds_or(const struct call *c, long own)
{
	return c->nfds_set ? c->nfds : own;
}

static size_t sigsetsize(const struct call *c)
{
	return c->sigsetsize ? c->sigsetsize : KSIGSET_SIZE;
}

static int msec(const struct call *c)
{
	return c->tmo ? *(int *)c->tmo : -1;
}

#define maybe_unused __attribute__((unused))	/* not every ABI has all */

/*
 * The kernel reads and writes only the words of an fd_set that nfds
 * covers, in the kernel's word for the ABI (__kernel_ulong_t: 32 bits for
 * a compat caller). Every word past them holds a guard that must survive
 * the call, restarts included: a compat call restarted with native-sized
 * fd_sets would clobber the next word.
 */
#define FDS_GUARD ((__kernel_ulong_t)0x5a5a5a5a5a5a5a5aULL)
#define FDS_WORDS (sizeof(fd_set) / sizeof(__kernel_ulong_t))
bool fds_clobbered;
unsigned int fds_ready;

unsigned int call_events(const struct call *c)
{
	return c->pri ? POLLPRI : c->out ? POLLOUT : POLLIN;
}

/* select's three sets, @s where the call's descriptor is (call_events()). */
static void fds_sets(const struct call *c, fd_set *s, void *sets[3])
{
	sets[0] = sets[1] = sets[2] = NULL;
	sets[c->pri ? 2 : c->out ? 1 : 0] = fds_or(c, s);
}

static void fds_prepare(fd_set *s, int fd)
{
	__kernel_ulong_t *w = (__kernel_ulong_t *)s;
	size_t i, bits = 8 * sizeof(*w);

	FD_ZERO(s);
	FD_SET(fd, s);
	for (i = fd / bits + 1; i < FDS_WORDS; i++)
		w[i] = FDS_GUARD;
}

static long fds_check(const struct call *c, const fd_set *s, long ret)
{
	const __kernel_ulong_t *w = (const __kernel_ulong_t *)s;
	size_t i, bits = 8 * sizeof(*w), at = c->fd / bits;
	__kernel_ulong_t bit = (__kernel_ulong_t)1 << (c->fd % bits);
	int err = errno;

	for (i = at + 1; !c->fds_set && i < FDS_WORDS; i++)
		fds_clobbered |= w[i] != FDS_GUARD;
	/* the words nfds covers: the descriptor's bit, and no other */
	for (i = 0; ret > 0 && !c->fds_set && i <= at; i++)
		fds_ready |= (i == at ? w[i] & ~bit : w[i]) ? READY_OTHER : 0;
	if (ret > 0 && !c->fds_set && w[at] & bit)
		fds_ready |= call_events(c);
	errno = err;
	return ret;
}

static maybe_unused long call_select(const struct entry *e, const struct call *c)
{
	fd_set s;
	void *sets[3];

	fds_prepare(&s, c->fd);
	fds_sets(c, &s, sets);
	return fds_check(c, &s, syscall(e->nr, nfds_or(c, c->fd + 1), sets[0],
					sets[1], sets[2], c->tmo));
}

/* i386's select(82) takes its five arguments in a struct. */
static maybe_unused long call_old_select(const struct entry *e,
					 const struct call *c)
{
	fd_set s;
	void *sets[3];
	struct {
		unsigned long n;
		void *inp, *outp, *exp, *tvp;
	} a;

	fds_prepare(&s, c->fd);
	fds_sets(c, &s, sets);
	a.n = nfds_or(c, c->fd + 1);
	a.inp = sets[0];
	a.outp = sets[1];
	a.exp = sets[2];
	a.tvp = c->tmo;
	return fds_check(c, &s, syscall(e->nr, &a));
}

static long call_pselect(const struct entry *e, const struct call *c)
{
	fd_set s;
	void *sets[3];
	/*
	 * The kernel reads two of its own longs: the ABI's pointer and
	 * size_t, except on x32, whose pselect6 is the 64-bit one.
	 */
	struct {
		__kernel_ulong_t p;
		__kernel_ulong_t size;
	} sig = { (uintptr_t)c->mask, sigsetsize(c) };

	fds_prepare(&s, c->fd);
	fds_sets(c, &s, sets);
	return fds_check(c, &s, syscall(e->nr, nfds_or(c, c->fd + 1), sets[0],
					sets[1], sets[2], c->tmo,
					c->mask ? &sig : NULL));
}

/* poll's revents (epoll's events) as fds_ready, when it returned more than 0. */
static long ready_check(const struct call *c, unsigned int revents, long ret)
{
	if (ret > 0 && !c->fds_set)
		fds_ready = revents;
	return ret;
}

static maybe_unused long call_poll(const struct entry *e, const struct call *c)
{
	struct pollfd p = { c->fd, call_events(c), 0 };
	long ret = syscall(e->nr, fds_or(c, &p), nfds_or(c, 1), msec(c));

	return ready_check(c, (unsigned short)p.revents, ret);
}

static long call_ppoll(const struct entry *e, const struct call *c)
{
	struct pollfd p = { c->fd, call_events(c), 0 };
	long ret = syscall(e->nr, fds_or(c, &p), nfds_or(c, 1), c->tmo,
			   c->mask, sigsetsize(c));

	return ready_check(c, (unsigned short)p.revents, ret);
}

/* epoll_wait (ms), epoll_pwait (ms, mask), epoll_pwait2 (timespec, mask). */
static long call_epoll(const struct entry *e, const struct call *c)
{
	struct epoll_event ev = { call_events(c), 0 };
	long ret, ep = syscall(__NR_epoll_create1, 0);
	int err;

	if (ep < 0)
		return ep;
	if (syscall(__NR_epoll_ctl, ep, EPOLL_CTL_ADD, c->fd, &ev)) {
		close(ep);
		return -1;
	}
	if (e->kind == TK_MSEC && !e->sigmask)
		ret = syscall(e->nr, ep, fds_or(c, &ev), nfds_or(c, 1), msec(c));
	else if (e->kind == TK_MSEC)
		ret = syscall(e->nr, ep, fds_or(c, &ev), nfds_or(c, 1), msec(c),
			      c->mask, sigsetsize(c));
	else
		ret = syscall(e->nr, ep, fds_or(c, &ev), nfds_or(c, 1), c->tmo,
			      c->mask, sigsetsize(c));
	err = errno;
	close(ep);
	errno = err;
	return ready_check(c, ev.events, ret);
}

/*
 * On 32-bit ABIs the unsuffixed pselect6/ppoll take old_timespec32, which
 * is __kernel_old_timespec there; on 64-bit ABIs that type has the layout
 * of __kernel_timespec, so TK_OLD_TS is right for both.
 */
const struct entry entries[] = {
#ifdef __NR__newselect
	{ .name = "select", .nr = __NR__newselect, .kind = TK_TIMEVAL,
	  .writeback = true, .call = call_select },
#ifdef __NR_select
	{ .name = "old_select", .nr = __NR_select, .kind = TK_TIMEVAL,
	  .writeback = true, .call = call_old_select },
#endif
#elif defined(__NR_select)
	{ .name = "select", .nr = __NR_select, .kind = TK_TIMEVAL,
	  .writeback = true, .call = call_select },
#endif
	{ .name = "pselect6", .nr = __NR_pselect6, .kind = TK_OLD_TS,
	  .writeback = true, .sigmask = true, .call = call_pselect },
#ifdef __NR_pselect6_time64
	{ .name = "pselect6_time64", .nr = __NR_pselect6_time64,
	  .kind = TK_TS64, .writeback = true, .sigmask = true,
	  .call = call_pselect },
#endif
#ifdef __NR_poll
	{ .name = "poll", .nr = __NR_poll, .kind = TK_MSEC, .family = F_POLL,
	  .call = call_poll },
#endif
	{ .name = "ppoll", .nr = __NR_ppoll, .kind = TK_OLD_TS, .family = F_POLL,
	  .writeback = true, .sigmask = true, .call = call_ppoll },
#ifdef __NR_ppoll_time64
	{ .name = "ppoll_time64", .nr = __NR_ppoll_time64, .kind = TK_TS64,
	  .family = F_POLL, .writeback = true, .sigmask = true,
	  .call = call_ppoll },
#endif
#ifdef __NR_epoll_wait
	{ .name = "epoll_wait", .nr = __NR_epoll_wait, .kind = TK_MSEC,
	  .family = F_EPOLL, .call = call_epoll },
#endif
	{ .name = "epoll_pwait", .nr = __NR_epoll_pwait, .kind = TK_MSEC,
	  .family = F_EPOLL, .sigmask = true, .call = call_epoll },
	{ .name = "epoll_pwait2", .nr = __NR_epoll_pwait2, .kind = TK_TS64,
	  .family = F_EPOLL, .sigmask = true, .call = call_epoll },
};
const unsigned int nr_entries = sizeof(entries) / sizeof(entries[0]);

long entry_call(const struct entry *e, const struct call *c)
{
	return e->call(e, c);
}

enum on_stop entry_on_stop(const struct entry *e)
{
	if (e->family == F_EPOLL)
		return STOP_EINTR;
	return e->writeback ? STOP_RESUMES : STOP_ABSOLUTE;
}

const struct entry *entry_find(const char *name)
{
	const struct entry *e;

	for_each_entry(e)
		if (!strcmp(e->name, name))
			return e;
	return NULL;
}
