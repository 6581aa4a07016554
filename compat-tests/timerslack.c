// SPDX-License-Identifier: GPL-2.0
/*
 * Rule (prctl(2), proc(5)): timer_slack_ns defaults to 50000 ns, round-trips
 * through PR_SET/GET_TIMERSLACK and /proc/self/timerslack_ns, 0 restores the
 * default, a fork child's default is its parent's current value, and a
 * SCHED_FIFO task runs with 0 slack and ignores PR_SET_TIMERSLACK.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "report.h"

static long get_slack(void)
{
	return syscall(__NR_prctl, PR_GET_TIMERSLACK, 0, 0, 0, 0);
}

static long set_slack(unsigned long ns)
{
	return syscall(__NR_prctl, PR_SET_TIMERSLACK, ns, 0, 0, 0);
}

static long long proc_slack(void)
{
	char buf[32] = "";
	int fd = open("/proc/self/timerslack_ns", O_RDONLY);

	if (fd < 0 || read(fd, buf, sizeof(buf) - 1) <= 0)
		return -1;
	close(fd);
	return atoll(buf);
}

static int proc_set_slack(const char *val)
{
	int fd = open("/proc/self/timerslack_ns", O_WRONLY);
	int ok = fd >= 0 && write(fd, val, strlen(val)) == (ssize_t)strlen(val);

	if (fd >= 0)
		close(fd);
	return ok ? 0 : -1;
}

/* Run @fn in a child; its exit status 0 means the assertion held. */
static bool in_child(int (*fn)(void))
{
	int status;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (!pid)
		_exit(fn());
	return pid > 0 && waitpid(pid, &status, 0) == pid &&
	       WIFEXITED(status) && !WEXITSTATUS(status);
}

static int child_inherits(void)
{
	if (get_slack() != 77777)
		return 1;
	/* The child's default is what its parent had at fork. */
	return set_slack(0) || get_slack() != 77777;
}

static int child_fifo(void)
{
	struct sched_param sp = { .sched_priority = 1 };

	if (syscall(__NR_sched_setscheduler, 0, SCHED_FIFO, &sp))
		return 2;
	if (get_slack() != 0)
		return 1;
	return set_slack(12345) || get_slack() != 0;
}

static bool default_50us(void)
{
	long def = get_slack();

	ksft_print_msg("default timer_slack_ns %ld\n", def);
	return def == 50000;
}

static bool set_get(void)
{
	return !set_slack(123456) && get_slack() == 123456;
}

static bool proc_agrees(void)
{
	return !set_slack(123456) && proc_slack() == 123456;
}

static bool zero_resets(void)
{
	return !set_slack(0) && get_slack() == 50000;
}

static bool proc_write(void)
{
	return !proc_set_slack("4242") && get_slack() == 4242 &&
	       !proc_set_slack("0") && get_slack() == 50000;
}

static bool fork_inherits(void)
{
	bool ok;

	set_slack(77777);
	ok = in_child(child_inherits);
	set_slack(0);
	return ok;
}

static bool fifo_zero_slack(void)
{
	return in_child(child_fifo);
}

/* Each case in a process of its own (lib/guard.h): none reads another's slack. */
static const struct named_case cases[] = {
	{ "default_50us", default_50us },
	{ "set_get", set_get },
	{ "proc_agrees", proc_agrees },
	{ "zero_resets", zero_resets },
	{ "proc_write", proc_write },
	{ "fork_inherits", fork_inherits },
	{ "fifo_zero_slack", fifo_zero_slack },
};

int main(void)
{
	run_cases(cases, ARRAY_SIZE(cases));
}
