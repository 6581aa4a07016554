/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Per-ABI entry points of the select/poll/epoll family, called through raw
 * syscall(2) with the numbers and types of the tree's own uapi headers, so
 * one test source exercises every ABI it is compiled for.
 */
#ifndef COMPAT_TESTS_ENTRY_H
#define COMPAT_TESTS_ENTRY_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>
#include <asm/unistd.h>

#include "tmo.h"

/* The ABI a binary was built for (the Makefile passes -DABI_NAME). */
#ifndef ABI_NAME
#define ABI_NAME "native"
#endif

/* The largest seconds value the ABI's "long" holds. */
/*
 * The largest seconds value of the ABI's timeval and old timespec: their
 * tv_sec is __kernel_long_t, which is "long" except on x32 (64 bits there,
 * with a 32-bit long).
 */
#define ABI_TV_SEC_32 (sizeof(((struct __kernel_old_timeval *)0)->tv_sec) == 4)
#define ABI_LONG_MAX ((int64_t)(ABI_TV_SEC_32 ? INT32_MAX : INT64_MAX))
#define ABI_LONG_MIN ((int64_t)(ABI_TV_SEC_32 ? INT32_MIN : INT64_MIN))

enum family { F_SELECT, F_POLL, F_EPOLL };

/* What SIGSTOP/SIGCONT with no handler run does to a sleeping call. */
enum on_stop {
	STOP_RESUMES,	/* restarts with the time left at the stop */
	STOP_ABSOLUTE,	/* poll: restarts towards the original end time */
	STOP_EINTR,	/* epoll: fails with EINTR (signal(7)) */
};

/*
 * One call's arguments: wait for @fd to become readable (or writable,
 * @out; or to have an exceptional condition, @pri: select's except set,
 * POLLPRI) with @tmo (NULL: forever) under @mask (NULL: none). The rest
 * replace what the wrapper would pass, for the bad-input tests.
 */
struct call {
	int fd;
	bool out;
	bool pri;
	void *tmo;
	const uint64_t *mask;
	bool fds_set, nfds_set;
	void *fds;		/* the fd array or set */
	long nfds;
	size_t sigsetsize;	/* 0: the right one */
};

/* Set when a call changed an fd_set word past nfds (entry.c). */
extern bool fds_clobbered;

/*
 * What the last call that returned more than 0 reported for its
 * descriptor (entry.c): POLLIN, POLLOUT or POLLPRI when select's set of
 * that kind holds it, READY_OTHER added when the set holds another bit too;
 * poll's revents; epoll's events.
 */
extern unsigned int fds_ready;
#define READY_OTHER (1u << 16)

/* The events @c waits for: POLLIN, POLLOUT or POLLPRI (EPOLL* alike). */
unsigned int call_events(const struct call *c);

struct entry {
	const char *name;
	long nr;
	enum tkind kind;
	enum family family;
	bool writeback;	/* the kernel writes the remaining time back */
	bool sigmask;	/* takes a signal mask for the duration of the call */
	long (*call)(const struct entry *e, const struct call *c);
};

extern const struct entry entries[];
extern const unsigned int nr_entries;

#define for_each_entry(e) for (e = entries; e < entries + nr_entries; e++)

/* Call @e; returns the raw result, -1 with errno on failure. */
long entry_call(const struct entry *e, const struct call *c);

enum on_stop entry_on_stop(const struct entry *e);

/* The entry named @name, or NULL. */
const struct entry *entry_find(const char *name);

#endif
