// SPDX-License-Identifier: GPL-2.0
/*
 * The entry-point table: which select/poll/epoll system calls this ABI has,
 * how each encodes its timeout, and a raw-syscall wrapper per shape.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/select.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <linux/eventpoll.h>

#include "abi.h"

#define KSIGSET_SIZE 8	/* _NSIG / 8 on every ABI here */

struct call_override override;

static void *fds_or(void *own)
{
	return override.fds_set ? override.fds : own;
}

static long nfds_or(long own)
{
	return override.nfds_set ? override.nfds : own;
}

static size_t sigsetsize(void)
{
	return override.sigsetsize ? override.sigsetsize : KSIGSET_SIZE;
}

#define maybe_unused __attribute__((unused))	/* not every ABI has all */

static maybe_unused long call_select(const struct entry *e, int fd, bool out, void *tmo,
			const uint64_t *mask)
{
	fd_set s;

	FD_ZERO(&s);
	FD_SET(fd, &s);
	return syscall(e->nr, nfds_or(fd + 1), out ? NULL : fds_or(&s),
		       out ? fds_or(&s) : NULL, NULL, tmo);
}

/* i386's select(82) takes its five arguments in a struct. */
static maybe_unused long call_old_select(const struct entry *e, int fd, bool out,
			    void *tmo, const uint64_t *mask)
{
	fd_set s;
	struct {
		unsigned long n;
		void *inp, *outp, *exp, *tvp;
	} a = { nfds_or(fd + 1), out ? NULL : fds_or(&s),
		out ? fds_or(&s) : NULL, NULL, tmo };

	FD_ZERO(&s);
	FD_SET(fd, &s);
	return syscall(e->nr, &a);
}

static long call_pselect(const struct entry *e, int fd, bool out, void *tmo,
			 const uint64_t *mask)
{
	fd_set s;
	struct {
		const void *p;
		size_t size;	/* the ABI's size_t, as the kernel reads it */
	} sig = { mask, sigsetsize() };

	FD_ZERO(&s);
	FD_SET(fd, &s);
	return syscall(e->nr, nfds_or(fd + 1), out ? NULL : fds_or(&s),
		       out ? fds_or(&s) : NULL, NULL, tmo, mask ? &sig : NULL);
}

static maybe_unused long call_poll(const struct entry *e, int fd, bool out, void *tmo,
		      const uint64_t *mask)
{
	struct pollfd p = { fd, out ? POLLOUT : POLLIN, 0 };

	return syscall(e->nr, fds_or(&p), nfds_or(1), tmo ? *(int *)tmo : -1);
}

static long call_ppoll(const struct entry *e, int fd, bool out, void *tmo,
		       const uint64_t *mask)
{
	struct pollfd p = { fd, out ? POLLOUT : POLLIN, 0 };

	return syscall(e->nr, fds_or(&p), nfds_or(1), tmo, mask,
		       sigsetsize());
}

static long call_epoll(const struct entry *e, int fd, bool out, void *tmo,
		       const uint64_t *mask)
{
	struct epoll_event ev = { out ? EPOLLOUT : EPOLLIN, 0 };
	long ret, ep = syscall(__NR_epoll_create1, 0);
	int err;

	if (ep < 0)
		return ep;
	if (syscall(__NR_epoll_ctl, ep, EPOLL_CTL_ADD, fd, &ev)) {
		close(ep);
		return -1;
	}
	if (e->kind == TK_MSEC && !e->sigmask)
		ret = syscall(e->nr, ep, fds_or(&ev), nfds_or(1),
			      tmo ? *(int *)tmo : -1);
	else if (e->kind == TK_MSEC)
		ret = syscall(e->nr, ep, fds_or(&ev), nfds_or(1),
			      tmo ? *(int *)tmo : -1, mask, sigsetsize());
	else
		ret = syscall(e->nr, ep, fds_or(&ev), nfds_or(1), tmo, mask,
			      sigsetsize());
	err = errno;
	close(ep);
	errno = err;
	return ret;
}

/*
 * On 32-bit ABIs the unsuffixed pselect6/ppoll take old_timespec32, which
 * is __kernel_old_timespec there; on 64-bit ABIs that type has the layout
 * of __kernel_timespec, so TK_OLD_TS is right for both.
 */
const struct entry entries[] = {
#ifdef __NR__newselect
	{ "select", __NR__newselect, TK_TIMEVAL, true, false, call_select, false },
#ifdef __NR_select
	{ "old_select", __NR_select, TK_TIMEVAL, true, false, call_old_select, false },
#endif
#elif defined(__NR_select)
	{ "select", __NR_select, TK_TIMEVAL, true, false, call_select, false },
#endif
	{ "pselect6", __NR_pselect6, TK_OLD_TS, true, true, call_pselect, false },
#ifdef __NR_pselect6_time64
	{ "pselect6_time64", __NR_pselect6_time64, TK_TS64, true, true,
	  call_pselect, false },
#endif
#ifdef __NR_poll
	{ "poll", __NR_poll, TK_MSEC, false, false, call_poll, false },
#endif
	{ "ppoll", __NR_ppoll, TK_OLD_TS, true, true, call_ppoll, false },
#ifdef __NR_ppoll_time64
	{ "ppoll_time64", __NR_ppoll_time64, TK_TS64, true, true, call_ppoll, false },
#endif
#ifdef __NR_epoll_wait
	{ "epoll_wait", __NR_epoll_wait, TK_MSEC, false, false, call_epoll, true },
#endif
	{ "epoll_pwait", __NR_epoll_pwait, TK_MSEC, false, true, call_epoll, true },
	{ "epoll_pwait2", __NR_epoll_pwait2, TK_TS64, false, true, call_epoll, true },
};
const unsigned int nr_entries = sizeof(entries) / sizeof(entries[0]);

long entry_call(const struct entry *e, int fd, bool out, void *tmo,
		const uint64_t *mask)
{
	return e->call(e, fd, out, tmo, mask);
}

bool has_writeback(const struct entry *e) { return e->writeback; }
bool has_sigmask(const struct entry *e) { return e->sigmask; }
bool any_entry(const struct entry *e) { return true; }

unsigned int count_entries(bool (*pred)(const struct entry *e))
{
	const struct entry *e;
	unsigned int n = 0;

	for_each_entry(e)
		n += pred(e);
	return n;
}

void tmo_set(enum tkind k, void *t, int64_t sec, int64_t sub)
{
	union tmo *u = t;

	switch (k) {
	case TK_TIMEVAL:
		u->tv.tv_sec = sec;
		u->tv.tv_usec = sub;
		break;
	case TK_OLD_TS:
		u->ots.tv_sec = sec;
		u->ots.tv_nsec = sub;
		break;
	case TK_TS64:
		u->ts.tv_sec = sec;
		u->ts.tv_nsec = sub;
		break;
	case TK_MSEC:
		u->ms = sec * 1000 + sub / 1000000;
		break;
	}
}

int64_t tmo_granule_ns(enum tkind k)
{
	return k == TK_TIMEVAL ? 1000 : k == TK_MSEC ? 1000000 : 1;
}

void tmo_set_ns(enum tkind k, void *t, int64_t ns)
{
	int64_t g = tmo_granule_ns(k);

	tmo_set(k, t, ns / 1000000000, (ns % 1000000000) / (k == TK_MSEC ? 1 : g));
}

int64_t tmo_ns(enum tkind k, const void *t)
{
	const union tmo *u = t;

	switch (k) {
	case TK_TIMEVAL:
		return u->tv.tv_sec * 1000000000LL + u->tv.tv_usec * 1000LL;
	case TK_OLD_TS:
		return u->ots.tv_sec * 1000000000LL + u->ots.tv_nsec;
	case TK_TS64:
		return u->ts.tv_sec * 1000000000LL + u->ts.tv_nsec;
	case TK_MSEC:
		return u->ms * 1000000LL;
	}
	return -1;
}

bool tmo_normalised(enum tkind k, const void *t)
{
	const union tmo *u = t;

	switch (k) {
	case TK_TIMEVAL:
		return u->tv.tv_sec >= 0 && u->tv.tv_usec >= 0 &&
		       u->tv.tv_usec < 1000000;
	case TK_OLD_TS:
		return u->ots.tv_sec >= 0 && u->ots.tv_nsec >= 0 &&
		       u->ots.tv_nsec < 1000000000;
	case TK_TS64:
		return u->ts.tv_sec >= 0 && u->ts.tv_nsec >= 0 &&
		       u->ts.tv_nsec < 1000000000;
	case TK_MSEC:
		return u->ms >= -1;
	}
	return false;
}

void tmo_get(enum tkind k, const void *t, int64_t *sec, int64_t *sub)
{
	const union tmo *u = t;

	switch (k) {
	case TK_TIMEVAL:
		*sec = u->tv.tv_sec;
		*sub = u->tv.tv_usec;
		break;
	case TK_OLD_TS:
		*sec = u->ots.tv_sec;
		*sub = u->ots.tv_nsec;
		break;
	case TK_TS64:
		*sec = u->ts.tv_sec;
		*sub = u->ts.tv_nsec;
		break;
	case TK_MSEC:
		*sec = u->ms / 1000;
		*sub = u->ms % 1000 * 1000000LL;
		break;
	}
}

/* Carry whole seconds out of @sub, saturating at INT64_MAX. */
static void tmo_fold(enum tkind k, int64_t *sec, int64_t *sub)
{
	int64_t unit = k == TK_TIMEVAL ? 1000000 : 1000000000;
	int64_t carry = *sub / unit;

	*sub %= unit;
	if (carry > 0 && *sec > INT64_MAX - carry)
		*sec = INT64_MAX;
	else
		*sec += carry;
}

bool tmo_le(enum tkind k, const void *a, const void *b)
{
	int64_t as, asub, bs, bsub;

	tmo_get(k, a, &as, &asub);
	tmo_get(k, b, &bs, &bsub);
	tmo_fold(k, &as, &asub);
	tmo_fold(k, &bs, &bsub);
	return as < bs || (as == bs && asub <= bsub);
}

size_t tmo_size(enum tkind k)
{
	const union tmo *u = NULL;

	switch (k) {
	case TK_TIMEVAL:
		return sizeof(u->tv);
	case TK_OLD_TS:
		return sizeof(u->ots);
	case TK_TS64:
		return sizeof(u->ts);
	case TK_MSEC:
		return sizeof(u->ms);
	}
	return 0;
}

const char *tmo_str(enum tkind k, const void *t)
{
	static char bufs[4][64];	/* a few may appear in one printf */
	static unsigned int next;
	char *buf = bufs[next++ % 4];
	const union tmo *u = t;

	switch (k) {
	case TK_TIMEVAL:
		snprintf(buf, sizeof(bufs[0]), "{%lld s, %lld us}",
			 (long long)u->tv.tv_sec, (long long)u->tv.tv_usec);
		break;
	case TK_OLD_TS:
		snprintf(buf, sizeof(bufs[0]), "{%lld s, %lld ns}",
			 (long long)u->ots.tv_sec, (long long)u->ots.tv_nsec);
		break;
	case TK_TS64:
		snprintf(buf, sizeof(bufs[0]), "{%lld s, %lld ns}",
			 (long long)u->ts.tv_sec, (long long)u->ts.tv_nsec);
		break;
	case TK_MSEC:
		snprintf(buf, sizeof(bufs[0]), "%d ms", u->ms);
		break;
	}
	return buf;
}

int64_t mono_ns(void)
{
	struct __kernel_timespec ts;
#ifdef __NR_clock_gettime64
	long nr = __NR_clock_gettime64;
#else
	long nr = __NR_clock_gettime;
#endif

	if (syscall(nr, CLOCK_MONOTONIC, &ts))
		ksft_exit_fail_msg("clock_gettime: %s\n", strerror(errno));
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

void idle_pipe(int p[2])
{
	if (pipe(p))
		ksft_exit_fail_msg("pipe: %s\n", strerror(errno));
}

void *readonly_copy(const void *src, size_t init)
{
	long pg = sysconf(_SC_PAGESIZE);
	void *p = mmap(NULL, pg, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		ksft_exit_fail_msg("mmap: %s\n", strerror(errno));
	memcpy(p, src, init);
	if (mprotect(p, pg, PROT_READ))
		ksft_exit_fail_msg("mprotect: %s\n", strerror(errno));
	return p;
}

void handle(int sig, void (*fn)(int), bool restart)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = fn;
	sa.sa_flags = restart ? SA_RESTART : 0;
	sigemptyset(&sa.sa_mask);
	if (sigaction(sig, &sa, NULL))
		ksft_exit_fail_msg("sigaction: %s\n", strerror(errno));
}

static char proc_state(pid_t pid)
{
	char path[64], buf[512] = "", *p;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	f = fopen(path, "r");
	if (!f)
		return 0;
	if (!fgets(buf, sizeof(buf), f))
		buf[0] = 0;
	fclose(f);
	p = strrchr(buf, ')');
	return p && p[1] == ' ' ? p[2] : 0;
}

int wait_sleeping(pid_t pid)
{
	struct timespec ms = { 0, 1000000 };
	int i;

	/* Up to 20 s: TCG can be slow, but a child that never sleeps is a bug. */
	for (i = 0; i < 20000; i++) {
		char s = proc_state(pid);

		if (s == 'S')
			return 0;
		if (!s || s == 'Z')
			return -1;
		nanosleep(&ms, NULL);
	}
	return -1;
}

int stop_continue(pid_t pid)
{
	int status;

	if (wait_sleeping(pid) || kill(pid, SIGSTOP))
		return -1;
	if (waitpid(pid, &status, WUNTRACED) != pid || !WIFSTOPPED(status))
		return -1;
	return kill(pid, SIGCONT);
}
