// SPDX-License-Identifier: GPL-2.0
/*
 * Rule (patch 3's changelog: "A seccomp filter has to allow
 * restart_syscall for these calls to restart; one that does not makes the
 * restarted call fail where it used to fail with EINTR"): under a seccomp
 * filter that allows select, pselect6, ppoll and every other call the
 * child makes but not restart_syscall, whose default action is then
 * SECCOMP_RET_KILL_PROCESS (_kill) or SECCOMP_RET_ERRNO | EPERM (_errno),
 * a call stopped and continued with no handler run:
 * - writable: is re-executed as itself (-ERESTARTNOHAND), which the filter
 *   allows, and returns 0 after the time it had left at the stop;
 * - STICKY_TIMEOUTS or read-only: continues as restart_syscall(2), which
 *   the filter refuses: the process is killed by SIGSYS at SIGCONT
 *   (_kill), or the call fails with EPERM at SIGCONT (_errno) - where the
 *   unpatched kernel returned EINTR (declared there).
 * Each in a child; the filter checks the arch field first. A kernel
 * without CONFIG_SECCOMP_FILTER: SKIP.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/prctl.h>
#include <linux/seccomp.h>

#include "scenario.h"

#if defined(__x86_64__)
#define ARCH_OWN	AUDIT_ARCH_X86_64	/* x32's numbers carry its bit */
#elif defined(__i386__)
#define ARCH_OWN	AUDIT_ARCH_I386
#elif defined(__aarch64__)
#define ARCH_OWN	AUDIT_ARCH_AARCH64
#elif defined(__arm__) && defined(__ARMEL__)
#define ARCH_OWN	AUDIT_ARCH_ARM
#else
#error "seccomp: no arch field for this ABI"
#endif

#define T_NS 400000000LL

struct variant {
	const char *name;
	enum wmode mode;
	unsigned int action;	/* the filter's default action */
};

static const struct variant variants[] = {
	{ "plain_kill", W_PLAIN, SECCOMP_RET_KILL_PROCESS },
	{ "plain_errno", W_PLAIN, SECCOMP_RET_ERRNO | EPERM },
	{ "sticky_kill", W_STICKY, SECCOMP_RET_KILL_PROCESS },
	{ "sticky_errno", W_STICKY, SECCOMP_RET_ERRNO | EPERM },
	{ "readonly_kill", W_READONLY, SECCOMP_RET_KILL_PROCESS },
	{ "readonly_errno", W_READONLY, SECCOMP_RET_ERRNO | EPERM },
};

/* restart_syscall gets @action; every other call of this ABI is allowed. */
static int install(unsigned int action)
{
	struct sock_filter insns[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, ARCH_OWN, 0, 2),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_restart_syscall, 1, 0),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
		BPF_STMT(BPF_RET | BPF_K, action),
	};
	struct sock_fprog prog = { ARRAY_SIZE(insns), insns };

	if (syscall(__NR_prctl, PR_SET_NO_NEW_PRIVS, 1L, 0L, 0L, 0L))
		return -errno;
	if (syscall(__NR_seccomp, SECCOMP_SET_MODE_FILTER, 0L, &prog))
		return -errno;
	return 0;
}

static int child_filter(const struct scenario *s)
{
	return install(s->setup_arg);
}

/* Whether this kernel has seccomp filters, in a child of its own. */
static const char *no_seccomp(void)
{
	static char why[80];
	static int known;
	int status = 0;
	pid_t pid;

	if (known)
		return *why ? why : NULL;
	known = 1;
	fflush(stdout);
	pid = fork();
	if (!pid)
		_exit(-install(SECCOMP_RET_ERRNO | EPERM));
	waitpid(pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		snprintf(why, sizeof(why), "no seccomp filter here: %s",
			 WIFEXITED(status) ? strerror(WEXITSTATUS(status)) :
			 "the probe died");
	return *why ? why : NULL;
}

static const char *skip(const struct entry *e, const void *p)
{
	if (!e->writeback)
		return "no write-back: its own restart";
	if (!virtual_time())
		return "host-time guest: the restart's window needs virtual time";
	return no_seccomp();
}

static bool run(const struct entry *e, const void *p, const char *name)
{
	const struct variant *v = p;
	struct scenario s = { .e = e, .mode = v->mode, .action = ACT_STOP,
			      .delay_ns = T_NS / 4, .hold_ns = T_NS * 3 / 2,
			      .child_setup = child_filter,
			      .setup_arg = v->action, .may_die = true };
	bool kill = v->action == SECCOMP_RET_KILL_PROCESS;
	struct outcome o;
	int64_t after, lo, hi;

	tmo_set_ns(e->kind, &s.tmo, T_NS);
	if (run_scenario(&s, &o))
		return false;
	if (o.killed) {
		ksft_print_msg("%s: killed by signal %d (%s); parent at cont %+.1f ms after stopped\n",
			       name, o.killed, strsignal(o.killed),
			       (o.at.cont - o.at.stopped) / 1e6);
		return v->mode != W_PLAIN && kill && o.killed == SIGSYS;
	}
	ksft_print_msg("%s: %s\n", name, outcome_str(&s, &o));
	if (v->mode != W_PLAIN)
		return !kill && o.ret == -1 && o.err == EPERM &&
		       o.t1 - o.at.cont < T_NS / 16 && unchanged(&s, &o);
	/* the time left at the stop, as restart.c bounds it */
	lo = T_NS - (o.at.stopped - o.t0) - tmo_granule_ns(e->kind);
	hi = T_NS - (o.at.stop - o.at.asleep);
	after = o.t1 - o.at.cont;
	return o.ret == 0 && after >= lo && after < hi + T_NS / 16 &&
	       tmo_ns(e->kind, &o.after) == 0;
}

int main(void)
{
	atexit(print_cpu_time);
	run_variants(VARIANTS(variants, skip, run));
}
