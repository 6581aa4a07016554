/* SPDX-License-Identifier: GPL-2.0 */
/*
 * io_uring reads in flight, through the raw system calls: each completion
 * queues task_work on the submitting task, which sets TIF_NOTIFY_SIGNAL;
 * signal_pending() is then true with no signal sent, and a select/poll
 * sleep of that task ends as if one had been.
 */
#ifndef COMPAT_TESTS_URING_H
#define COMPAT_TESTS_URING_H

#include <stdint.h>

#define URING_READS_MAX 8
#define URING_TICKS_MAX 64

struct uring {
	int fd;
	char buf[URING_READS_MAX];
	unsigned int *cq_head, *cq_tail, *cq_mask;
	void *cqes;
};

/* 0 when this kernel has io_uring for this ABI, else -errno. */
int uring_probe(void);

/*
 * Submit @n reads of a byte each from @fd (1 <= @n <= URING_READS_MAX): a
 * byte written to a pipe completes one; 0 or -errno.
 */
int uring_read(struct uring *u, int fd, int n);

/* The first completion's result (1: a byte read), or -ENODATA if none came. */
int uring_result(const struct uring *u);

/*
 * Submit @n io_uring timeouts (no signal: their completions are task_work
 * of this task) that complete @period_ns apart, the first @period_ns from
 * now; 0 or -errno.
 */
int uring_ticks(struct uring *u, int n, int64_t period_ns);

/* How many completions have been posted. */
int uring_done(const struct uring *u);

#endif
