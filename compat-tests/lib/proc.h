/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Process control for the tests: the monotonic clock both sides read, how
 * a caller passes its timeout (plain, STICKY_TIMEOUTS, read-only page), the
 * SIGUSR1 handler that counts, and what a parent does to a sleeping child
 * (wait for it to sleep, stop it, continue it), each step with the
 * CLOCK_MONOTONIC instant the parent recorded.
 */
#ifndef COMPAT_TESTS_PROC_H
#define COMPAT_TESTS_PROC_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "tmo.h"

/* CLOCK_MONOTONIC in ns, through the raw syscall. */
int64_t mono_ns(void);

/*
 * The guest runs in virtual time (QEMU -icount: MATRIX_CLOCK, the cell's
 * clock, virtual or count): no host load can delay a wakeup, so upper bounds on
 * when a call returns are asserted; in a guest on host time (the loaded
 * KASAN guest) they are reported only.
 */
bool virtual_time(void);

/*
 * "# cpu: ..." the CPU time this test and its children used: in virtual
 * time what it costs the host to run it (atexit).
 */
void print_cpu_time(void);

/* Sleep until CLOCK_MONOTONIC reads @t. */
void sleep_until(int64_t t);

/* A pipe whose read end never becomes readable: waits time out. */
void idle_pipe(int p[2]);

/* How the caller passes its timeout. */
enum wmode {
	W_PLAIN,	/* writable: the kernel writes the remaining time back */
	W_STICKY,	/* personality(PER_LINUX | STICKY_TIMEOUTS) */
	W_READONLY,	/* in a read-only page */
	W_STRADDLE,	/* across two pages: its seconds at the end of a
			 * writable one, the rest at the start of a read-only
			 * one (tmo_place()) */
};

/* Enter @m for the rest of the process (STICKY_TIMEOUTS); -1 on failure. */
int wmode_enter(enum wmode m);

/*
 * Two private pages for a timeout; tmo_arm() stores @v at the start as @m
 * wants; tmo_place() also places a W_STRADDLE timeout of kind @k, and
 * returns where the timeout is.
 */
union tmo *tmo_page(void);
void tmo_arm(union tmo *page, enum wmode m, const union tmo *v);
void *tmo_place(union tmo *page, enum wmode m, const union tmo *v,
		enum tkind k);

/* A page, read-only after @init bytes of @src are copied into it. */
void *readonly_copy(const void *src, size_t init);

/*
 * SIGUSR1 and SIGUSR2 handler that counts its runs, with or without
 * SA_RESTART; the runs so far.
 */
void count_usr1(bool sa_restart);
int usr1_count(void);

/* The calling thread's blocked-signal mask (bit n-1: signal n). */
uint64_t blocked_mask(void);
void block_signals(uint64_t mask);
/* The calling thread's pending signals, blocked ones included. */
uint64_t pending_mask(void);

/*
 * Wait until @pid sleeps in the kernel ('S'); @when: the instant after the
 * state was read. 0: asleep; -1: the child ended; -2: it never slept (20 s).
 */
int wait_sleeping(pid_t pid, int64_t *when);

/*
 * SIGSTOP @pid (@sent: just before kill) and wait until it has stopped
 * (@stopped: the stop observed). -1 when it ended instead: then it is
 * reaped and its wait status is in @status.
 */
int stop_child(pid_t pid, int64_t *sent, int64_t *stopped, int *status);

/* Send @sig to @pid; @sent: the instant just before kill. */
int signal_child(pid_t pid, int sig, int64_t *sent);

#endif
