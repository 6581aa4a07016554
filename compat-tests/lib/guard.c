// SPDX-License-Identifier: GPL-2.0
/*
 * guard.h: a case per process, ended at its bound. SIGCHLD is blocked from
 * the fork to the wait, so sigtimedwait() cannot miss the case's end; the
 * case process gets the test's own mask back before it runs.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "guard.h"
#include "kselftest.h"
#include "proc.h"

static sigset_t test_mask;

static int bound_s(void)
{
	const char *s = getenv("MATRIX_CASE_TIMEOUT");
	char *end;
	long v;

	if (!s || !*s)
		return CASE_TIMEOUT_S;
	v = strtol(s, &end, 10);
	if (*end || v < 0 || v > 86400)
		ksft_exit_fail_msg("MATRIX_CASE_TIMEOUT=%s: seconds, 0 to 86400\n", s);
	return v;
}

pid_t case_start(void)
{
	sigset_t chld;
	pid_t pid;

	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	sigprocmask(SIG_BLOCK, &chld, &test_mask);
	fflush(NULL);
	pid = fork();
	if (pid < 0)
		ksft_exit_fail_msg("fork: %s\n", strerror(errno));
	if (!pid) {
		setpgid(0, 0);
		sigprocmask(SIG_SETMASK, &test_mask, NULL);
	}
	return pid;
}

void case_exit(bool ok)
{
	fflush(NULL);
	_exit(ok ? 0 : 1);
}

/* Reaped: 1; the deadline passed: 0. SIGCHLD is blocked. */
static int reap(pid_t pid, int *status, int s)
{
	int64_t end = mono_ns() + (int64_t)s * 1000000000;
	sigset_t chld;

	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	for (;;) {
		int64_t left = end - mono_ns();
		struct timespec ts = { left / 1000000000, left % 1000000000 };

		if (waitpid(pid, status, WNOHANG) == pid)
			return 1;
		if (s && left <= 0)
			return 0;
		/* Any child's SIGCHLD wakes it: then look again. */
		sigtimedwait(&chld, NULL, s ? &ts : NULL);
	}
}

enum case_end case_wait(pid_t pid, char *why, size_t size)
{
	int status = 0, s = bound_s();
	enum case_end end;

	if (!reap(pid, &status, s)) {
		kill(-pid, SIGKILL);
		waitpid(pid, &status, 0);
		snprintf(why, size, "timeout: no result within %d s, killed", s);
		end = CASE_TIMEOUT;
	} else if (WIFEXITED(status) && WEXITSTATUS(status) <= 1) {
		end = WEXITSTATUS(status) ? CASE_FAIL : CASE_PASS;
	} else {
		if (WIFSIGNALED(status))
			snprintf(why, size, "the case died of signal %d", WTERMSIG(status));
		else
			snprintf(why, size, "the case exited with status %d",
				 WEXITSTATUS(status));
		end = CASE_DIED;
	}
	kill(-pid, SIGKILL);
	sigprocmask(SIG_SETMASK, &test_mask, NULL);
	return end;
}
