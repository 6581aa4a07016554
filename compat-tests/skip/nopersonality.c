// SPDX-License-Identifier: GPL-2.0
/*
 * Rule: nopersonality PROG [ARG...] runs PROG under a seccomp filter that
 * refuses personality(2) with EPERM, as a container's profile may, and
 * lets every other call through. Without PROG it checks its own filter
 * (KTAP): personality() fails with EPERM, getpid() still works.
 *
 * Raw prctl(2) and seccomp(2) and a classic BPF program: the filter
 * checks the arch field first (a syscall number means nothing without
 * it), the ABI's own and, on a 64-bit kernel, the compat one a program
 * it executes may have (select_timeout_test_compat executes an i386 one).
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/prctl.h>
#include <linux/seccomp.h>
#include "kselftest.h"

#if defined(__x86_64__)
/* x86_64 and x32 (its numbers carry __X32_SYSCALL_BIT, masked off). */
#define ARCH_OWN	AUDIT_ARCH_X86_64
#define NR_OWN		135
#define NR_MASK		(~0x40000000u)
#define ARCH_COMPAT	AUDIT_ARCH_I386
#define NR_COMPAT	136
#elif defined(__i386__)
#define ARCH_OWN	AUDIT_ARCH_I386
#define NR_OWN		136
#elif defined(__aarch64__)
#define ARCH_OWN	AUDIT_ARCH_AARCH64
#define NR_OWN		92
#define ARCH_COMPAT	AUDIT_ARCH_ARM
#define NR_COMPAT	136
#elif defined(__arm__) && defined(__ARMEL__)
#define ARCH_OWN	AUDIT_ARCH_ARM
#define NR_OWN		136
#else
#error "nopersonality: no arch field and personality number for this ABI"
#endif
#ifndef NR_MASK
#define NR_MASK		(~0u)
#endif
#ifndef ARCH_COMPAT	/* none: the second arch test never matches */
#define ARCH_COMPAT	ARCH_OWN
#define NR_COMPAT	NR_OWN
#endif
_Static_assert((__NR_personality & NR_MASK) == NR_OWN, "personality number");

static int refuse_personality(void)
{
	struct sock_filter insns[] = {
		/* 0 */ BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
		/* 1 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, ARCH_OWN, 0, 3),
		/* 2 */ BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		/* 3 */ BPF_STMT(BPF_ALU | BPF_AND | BPF_K, NR_MASK),
		/* 4 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, NR_OWN, 4, 3),
		/* 5 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, ARCH_COMPAT, 0, 2),
		/* 6 */ BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		/* 7 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, NR_COMPAT, 1, 0),
		/* 8 */ BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
		/* 9 */ BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM),
	};
	struct sock_fprog prog = { sizeof(insns) / sizeof(insns[0]), insns };

	/* Unprivileged filters need no_new_privs; root's too, harmlessly. */
	if (syscall(__NR_prctl, PR_SET_NO_NEW_PRIVS, 1L, 0L, 0L, 0L) != 0) {
		fprintf(stderr, "nopersonality: PR_SET_NO_NEW_PRIVS: %s\n", strerror(errno));
		return -1;
	}
	if (syscall(__NR_seccomp, SECCOMP_SET_MODE_FILTER, 0L, &prog) != 0) {
		fprintf(stderr, "nopersonality: seccomp: %s\n", strerror(errno));
		return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	long pers;

	if (argc > 1) {
		if (refuse_personality())
			return 125;
		execv(argv[1], argv + 1);
		fprintf(stderr, "nopersonality: %s: %s\n", argv[1], strerror(errno));
		return 127;
	}
	ksft_print_header();
	ksft_set_plan(2);
	/* The guests of these trees have CONFIG_SECCOMP_FILTER: no skip. */
	if (refuse_personality())
		ksft_exit_fail_msg("no filter installed\n");
	errno = 0;
	pers = syscall(__NR_personality, 0xffffffffUL);
	ksft_print_msg("personality(0xffffffff) = %ld, errno %d (%s)\n", pers, errno, strerror(errno));
	ksft_test_result(pers == -1 && errno == EPERM, "personality_eperm\n");
	ksft_test_result(syscall(__NR_getpid) == getpid(), "getpid_allowed\n");
	ksft_finished();
}
