/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Every case in a process of its own, ended at its own bound: a call that
 * never returns costs its case (not ok, "timeout"), never the rest of the
 * program, the ABI or the cell. The bound is MATRIX_CASE_TIMEOUT seconds
 * (guests/init takes it from matrix.case_timeout=), CASE_TIMEOUT_S without
 * it; 0 waits for ever.
 */
#ifndef COMPAT_TESTS_GUARD_H
#define COMPAT_TESTS_GUARD_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/*
 * A case sleeps for seconds at most (wait_sleeping() gives up after 20 s):
 * in virtual time a minute is never reached by a case that ends.
 */
#define CASE_TIMEOUT_S 60

enum case_end {
	CASE_PASS,
	CASE_FAIL,
	CASE_TIMEOUT,	/* killed at the bound */
	CASE_DIED,	/* killed by a signal, or an exit status of its own */
};

/*
 * Fork the case: 0 in the case process (a process group of its own, so
 * whatever it forks ends with it), its pid in the test.
 */
pid_t case_start(void);

/* In the case process: flush the output and exit with the verdict. */
void case_exit(bool ok) __attribute__((noreturn));

/*
 * In the test: wait for the case, at most the bound, then kill its process
 * group (also after a case that ended: nothing it forked outlives it).
 * What ended it; for CASE_TIMEOUT and CASE_DIED, why in @why.
 */
enum case_end case_wait(pid_t pid, char *why, size_t size);

#endif
