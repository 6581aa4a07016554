// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <linux/personality.h>

#include "kselftest.h"
#include "proc.h"

#define KSIGSET_SIZE 8

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

void print_cpu_time(void)
{
	struct rusage self, kids;
	double s;

	getrusage(RUSAGE_SELF, &self);
	getrusage(RUSAGE_CHILDREN, &kids);
	s = self.ru_utime.tv_sec + self.ru_stime.tv_sec +
	    kids.ru_utime.tv_sec + kids.ru_stime.tv_sec +
	    (self.ru_utime.tv_usec + self.ru_stime.tv_usec +
	     kids.ru_utime.tv_usec + kids.ru_stime.tv_usec) / 1e6;
	printf("# cpu: %.2f s, children included\n", s);
}

void sleep_until(int64_t t)
{
	int64_t now;

	/* Relative steps: libc's timespec differs between ABIs. */
	while ((now = mono_ns()) < t) {
		struct timespec d = { (t - now) / 1000000000,
				      (t - now) % 1000000000 };

		nanosleep(&d, NULL);
	}
}

void idle_pipe(int p[2])
{
	if (pipe(p))
		ksft_exit_fail_msg("pipe: %s\n", strerror(errno));
}

int wmode_enter(enum wmode m)
{
	if (m != W_STICKY)
		return 0;
	return syscall(__NR_personality, PER_LINUX | STICKY_TIMEOUTS) < 0 ?
	       -1 : 0;
}

static void protect(void *p, bool ro)
{
	if (mprotect(p, sysconf(_SC_PAGESIZE),
		     ro ? PROT_READ : PROT_READ | PROT_WRITE))
		ksft_exit_fail_msg("mprotect: %s\n", strerror(errno));
}

union tmo *tmo_page(void)
{
	void *p = mmap(NULL, 2 * sysconf(_SC_PAGESIZE), PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		ksft_exit_fail_msg("mmap: %s\n", strerror(errno));
	return p;
}

void tmo_arm(union tmo *page, enum wmode m, const union tmo *v)
{
	if (m == W_READONLY)
		protect(page, false);
	*page = *v;
	if (m == W_READONLY)
		protect(page, true);
}

void *tmo_place(union tmo *page, enum wmode m, const union tmo *v,
		enum tkind k)
{
	long pg = sysconf(_SC_PAGESIZE);
	char *second = (char *)page + pg, *t = second - tmo_sub_off(k);

	if (m != W_STRADDLE) {
		tmo_arm(page, m, v);
		return page;
	}
	protect(second, false);
	memcpy(t, v, tmo_size(k));
	protect(second, true);
	return t;
}

void *readonly_copy(const void *src, size_t init)
{
	void *p = tmo_page();

	memcpy(p, src, init);
	protect(p, true);
	return p;
}

static volatile sig_atomic_t usr1_runs;

static void on_usr1(int sig)
{
	usr1_runs++;
}

void count_usr1(bool sa_restart)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr1;
	sa.sa_flags = sa_restart ? SA_RESTART : 0;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGUSR1, &sa, NULL) || sigaction(SIGUSR2, &sa, NULL))
		ksft_exit_fail_msg("sigaction: %s\n", strerror(errno));
}

int usr1_count(void)
{
	return usr1_runs;
}

uint64_t blocked_mask(void)
{
	uint64_t m = 0;

	if (syscall(__NR_rt_sigprocmask, SIG_BLOCK, NULL, &m, KSIGSET_SIZE))
		ksft_exit_fail_msg("rt_sigprocmask: %s\n", strerror(errno));
	return m;
}

void block_signals(uint64_t mask)
{
	if (syscall(__NR_rt_sigprocmask, SIG_BLOCK, &mask, NULL, KSIGSET_SIZE))
		ksft_exit_fail_msg("rt_sigprocmask: %s\n", strerror(errno));
}

uint64_t pending_mask(void)
{
	uint64_t m = 0;

	if (syscall(__NR_rt_sigpending, &m, KSIGSET_SIZE))
		ksft_exit_fail_msg("rt_sigpending: %s\n", strerror(errno));
	return m;
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

int wait_sleeping(pid_t pid, int64_t *when)
{
	struct timespec ms = { 0, 1000000 };
	int i;

	/* Up to 20 s: TCG can be slow, but a child that never sleeps is a bug. */
	for (i = 0; i < 20000; i++) {
		char s = proc_state(pid);

		if (s == 'S') {
			*when = mono_ns();
			return 0;
		}
		if (!s || s == 'Z')
			return -1;
		nanosleep(&ms, NULL);
	}
	return -2;
}

int stop_child(pid_t pid, int64_t *sent, int64_t *stopped, int *status)
{
	*sent = mono_ns();
	*status = -1;
	if (kill(pid, SIGSTOP) || waitpid(pid, status, WUNTRACED) != pid)
		return -1;
	*stopped = mono_ns();
	return WIFSTOPPED(*status) ? 0 : -1;
}

int signal_child(pid_t pid, int sig, int64_t *sent)
{
	*sent = mono_ns();
	return kill(pid, sig);
}

bool virtual_time(void)
{
	const char *c = getenv("MATRIX_CLOCK");

	/* count is virtual time at shift=0 (the cost cells) */
	return c && (!strcmp(c, "virtual") || !strcmp(c, "count"));
}
