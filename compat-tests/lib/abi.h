/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Per-ABI entry points of the select/poll/epoll family, called through raw
 * syscall(2) with the numbers and types of the tree's own uapi headers, so
 * one test source exercises every ABI it is compiled for.
 */
#ifndef COMPAT_TESTS_ABI_H
#define COMPAT_TESTS_ABI_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>
#include <asm/unistd.h>
#include <linux/time_types.h>

#include "kselftest.h"

/* The ABI a binary was built for (the Makefile passes -DABI_NAME). */
#ifndef ABI_NAME
#define ABI_NAME "native"
#endif

/* How an entry point encodes its timeout. */
enum tkind {
	TK_TIMEVAL,	/* struct __kernel_old_timeval: long sec, long usec */
	TK_OLD_TS,	/* struct __kernel_old_timespec: long sec, long nsec */
	TK_TS64,	/* struct __kernel_timespec: 64-bit sec and nsec */
	TK_MSEC,	/* int milliseconds, -1 = infinite */
};

union tmo {
	struct __kernel_old_timeval tv;
	struct __kernel_old_timespec ots;
	struct __kernel_timespec ts;
	int ms;
};

/* Wait for @fd to become readable (or writable, @out) with @tmo. */
struct entry;
typedef long (*entry_fn)(const struct entry *e, int fd, bool out,
			 void *tmo, const uint64_t *mask);

struct entry {
	const char *name;
	long nr;
	enum tkind kind;
	bool writeback;	/* the kernel writes the remaining time back */
	bool sigmask;	/* takes a signal mask for the duration of the call */
	entry_fn call;
	bool epoll;	/* EINTR after stop/continue too (signal(7)) */
};

extern const struct entry entries[];
extern const unsigned int nr_entries;

#define for_each_entry(e) for (e = entries; e < entries + nr_entries; e++)

/*
 * Overrides for the bad-input tests: an fd-array pointer, an nfds value and
 * a sigsetsize to pass instead of the wrapper's own.
 */
struct call_override {
	bool fds_set, nfds_set;
	void *fds;
	long nfds;
	size_t sigsetsize;	/* 0: the right one */
};
extern struct call_override override;

/* Call @e; returns the raw result, -1 with errno on failure. */
long entry_call(const struct entry *e, int fd, bool out, void *tmo,
		const uint64_t *mask);

/* Timeout encoding helpers: "sub" is usec for timevals, nsec otherwise. */
void tmo_set(enum tkind k, void *t, int64_t sec, int64_t sub);
void tmo_set_ns(enum tkind k, void *t, int64_t ns);
int64_t tmo_ns(enum tkind k, const void *t);	/* value in ns */
bool tmo_normalised(enum tkind k, const void *t);
int64_t tmo_granule_ns(enum tkind k);		/* 1000 for timevals */
size_t tmo_size(enum tkind k);
/* a <= b as times, without overflow for huge or non-normalised values. */
bool tmo_le(enum tkind k, const void *a, const void *b);
/* Seconds and sub-second part, whatever the kind. */
void tmo_get(enum tkind k, const void *t, int64_t *sec, int64_t *sub);
const char *tmo_str(enum tkind k, const void *t);	/* static buffer */
/* The largest seconds value the ABI's "long" holds. */
#define ABI_LONG_MAX ((int64_t)(sizeof(long) == 4 ? INT32_MAX : INT64_MAX))

/* CLOCK_MONOTONIC in ns, through the raw syscall. */
int64_t mono_ns(void);

/* A pipe whose read end never becomes readable: waits time out. */
void idle_pipe(int p[2]);

/* A page, read-only after @init bytes of @src are copied into it. */
void *readonly_copy(const void *src, size_t init);

/* Install @fn for @sig, with or without SA_RESTART. */
void handle(int sig, void (*fn)(int), bool restart);

/* Child coordination: wait until @pid sleeps in the kernel ('S'). */
int wait_sleeping(pid_t pid);

/* Stop @pid while it sleeps, wait for the stop, continue it. */
int stop_continue(pid_t pid);

/* Plan/results helpers on top of kselftest.h. */
#define ksft_check(cond, fmt, ...) do {					\
	if (cond)							\
		ksft_test_result_pass(fmt "\n", ##__VA_ARGS__);		\
	else								\
		ksft_test_result_fail(fmt "\n", ##__VA_ARGS__);		\
} while (0)

unsigned int count_entries(bool (*pred)(const struct entry *e));
bool has_writeback(const struct entry *e);
bool has_sigmask(const struct entry *e);
bool any_entry(const struct entry *e);

#endif
