// SPDX-License-Identifier: GPL-2.0
/*
 * Rule: the series' kselftest (select_timeout_test, beside this program or
 * in its hidden .kselftest/ folder) SKIPs at once where it cannot run, and
 * never hangs:
 *  - personality_refused: under nopersonality (personality(2) refused by
 *    seccomp), its sticky cases are each "ok ... # SKIP", at least one
 *    saying personality(), none "not ok";
 *  - compat_off: its 32-bit starter (select_timeout_test_compat, only in the
 *    payload of the nocompat cells, whose kernel runs no 32-bit program)
 *    exits KSFT_SKIP with a "# SKIP" line.
 * Each within SKIP_BOUND_S seconds of CLOCK_MONOTONIC; a run that lasts
 * HANG_S is killed and fails its case.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/wait.h>
#include "kselftest.h"

#define SKIP_BOUND_S	5
#define HANG_S		60

static char dir[PATH_MAX];

/* A program of the kselftest: in .kselftest/ (not a test of the suite) or beside. */
static char *helper(const char *name)
{
	static char path[2][PATH_MAX];
	static int i;
	char *p = path[i++ % 2];

	snprintf(p, PATH_MAX, ".kselftest/%s", name);
	if (!access(p, X_OK))
		return p;
	snprintf(p, PATH_MAX, "./%s", name);
	return access(p, X_OK) ? NULL : p;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Named, as the report's row needs (kselftest.h's skip line has no name). */
static void result_skip(const char *name, const char *why)
{
	ksft_inc_xskip_cnt();
	printf("ok %u %s # SKIP %s\n", ksft_test_num(), name, why);
}

struct verdicts {
	int status, ok, skip, why, notok;
	double secs;
};

/*
 * Run argv (relative to this program's directory) and read its output:
 * each line echoed as a diagnostic, its KTAP results counted.
 */
static struct verdicts run(char *const argv[])
{
	static char out[1 << 16];
	struct verdicts v = { .status = -1 };
	double t0 = now();
	size_t len = 0;
	int fd[2];
	pid_t pid;

	if (pipe(fd))
		ksft_exit_fail_msg("%s: %s\n", "pipe", strerror(errno));
	pid = fork();
	if (pid < 0)
		ksft_exit_fail_msg("%s: %s\n", "fork", strerror(errno));
	if (pid == 0) {
		dup2(fd[1], 1);
		dup2(fd[1], 2);
		close(fd[0]);
		execv(argv[0], argv);
		fprintf(stderr, "%s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	close(fd[1]);
	while (len < sizeof(out) - 1) {
		struct pollfd p = { fd[0], POLLIN, 0 };
		int left = (int)((t0 + HANG_S - now()) * 1000);
		ssize_t n;

		if (left <= 0 || poll(&p, 1, left) == 0) {
			ksft_print_msg("%s: still running after %d s: killed\n", argv[0], HANG_S);
			kill(pid, SIGKILL);
			break;
		}
		n = read(fd[0], out + len, sizeof(out) - 1 - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		len += n;
	}
	out[len] = '\0';
	close(fd[0]);
	waitpid(pid, &v.status, 0);
	v.secs = now() - t0;
	for (char *l = out, *e; *l; l = e + !!*e) {
		e = strchrnul(l, '\n');
		ksft_print_msg("| %.*s\n", (int)(e - l), l);
		if (!strncmp(l, "not ok ", 7)) {
			v.notok++;
		} else if (!strncmp(l, "ok ", 3)) {
			v.ok++;
			if (memmem(l, e - l, "# SKIP", 6)) {
				v.skip++;
				v.why += !!memmem(l, e - l, "personality()", 13);
			}
		}
	}
	ksft_print_msg("%s: exit status %d after %.3f s (bound %d s): %d ok, %d SKIP (%d personality()), %d not ok\n",
		       argv[0], WIFEXITED(v.status) ? WEXITSTATUS(v.status) : -1,
		       v.secs, SKIP_BOUND_S, v.ok, v.skip, v.why, v.notok);
	return v;
}

static bool exited(const struct verdicts *v, int code)
{
	return WIFEXITED(v->status) && WEXITSTATUS(v->status) == code;
}

static void personality_refused(void)
{
	char *argv[] = { "./nopersonality", helper("select_timeout_test"),
		"-v", "select_sticky", "-v", "pselect6_sticky", "-v", "ppoll_sticky",
		"-v", "pselect6_time64_sticky", "-v", "ppoll_time64_sticky", NULL };
	struct verdicts v;

	if (!argv[1]) {
		result_skip("personality_refused", "no select_timeout_test here");
		return;
	}
	v = run(argv);
	ksft_test_result(exited(&v, 0) && v.ok > 0 && v.skip == v.ok && v.why > 0 &&
			 !v.notok && v.secs < SKIP_BOUND_S, "personality_refused\n");
}

static void compat_off(void)
{
	char *argv[] = { helper("select_timeout_test_compat"), NULL };
	struct verdicts v;

	if (!argv[0]) {
		result_skip("compat_off", "only the nocompat cells carry select_timeout_test_compat");
		return;
	}
	v = run(argv);
	/* ksft_exit_skip() prints "1..0 # SKIP ..." before any plan. */
	ksft_test_result(exited(&v, KSFT_SKIP) && !v.notok && v.secs < SKIP_BOUND_S,
			 "compat_off\n");
}

int main(int argc, char **argv)
{
	ssize_t n = readlink("/proc/self/exe", dir, sizeof(dir) - 1);
	char *slash;

	if (n < 0)
		ksft_exit_fail_msg("%s: %s\n", "/proc/self/exe", strerror(errno));
	dir[n] = '\0';
	slash = strrchr(dir, '/');
	if (slash)
		*slash = '\0';
	/* The programs it runs are beside it. */
	if (chdir(dir))
		ksft_exit_fail_msg("%s: %s\n", dir, strerror(errno));
	ksft_print_header();
	ksft_set_plan(2);
	personality_refused();
	compat_off();
	ksft_finished();
}
