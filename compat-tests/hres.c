// SPDX-License-Identifier: GPL-2.0
/*
 * Rule: the guest runs in high-resolution mode - clock_getres() of
 * CLOCK_MONOTONIC is 1 ns through every clock_getres entry point of the ABI,
 * and /proc/timer_list shows hres_active 1 on every CPU. A precondition for
 * every timing assertion of the other tests.
 */
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include "report.h"

static bool res_1ns(const char *name, long nr, bool ts64)
{
	struct __kernel_timespec ts = { -1, -1 };
	struct __kernel_old_timespec ots = { -1, -1 };
	long ret = syscall(nr, CLOCK_MONOTONIC, ts64 ? (void *)&ts : (void *)&ots);
	int64_t ns = ts64 ? ts.tv_sec * 1000000000LL + ts.tv_nsec :
			    ots.tv_sec * 1000000000LL + ots.tv_nsec;

	ksft_print_msg("%s(CLOCK_MONOTONIC) = %lld ns\n", name, (long long)ns);
	return ret == 0 && ns == 1;
}

static const char *no_time64(void)
{
#ifdef __NR_clock_getres_time64
	return NULL;
#else
	return "no clock_getres_time64 in this ABI";
#endif
}

static bool time64_1ns(void)
{
#ifdef __NR_clock_getres_time64
	return res_1ns("clock_getres_time64", __NR_clock_getres_time64, true);
#else
	return false;
#endif
}

/* The unsuffixed call takes the ABI's long-based timespec. */
static bool old_1ns(void)
{
	return res_1ns("clock_getres", __NR_clock_getres, false);
}

static bool hres_active(void)
{
	char line[256], cs[64] = "?";
	int cpus = 0, active = 0;
	FILE *f;

	f = fopen("/sys/devices/system/clocksource/clocksource0/current_clocksource", "r");
	if (f && fgets(cs, sizeof(cs), f))
		cs[strcspn(cs, "\n")] = 0;
	if (f)
		fclose(f);
	f = fopen("/proc/timer_list", "r");
	while (f && fgets(line, sizeof(line), f)) {
		int v;

		if (sscanf(line, " .hres_active : %d", &v) == 1) {
			cpus++;
			active += v == 1;
		}
	}
	if (f)
		fclose(f);
	ksft_print_msg("clocksource %s, hres_active on %d of %d cpus\n", cs,
		       active, cpus);
	return cpus > 0 && active == cpus;
}

static const struct named_case cases[] = {
	{ "clock_getres_time64_1ns", time64_1ns, no_time64 },
	{ "clock_getres_1ns", old_1ns },
	{ "hres_active", hres_active },
};

int main(void)
{
	run_cases(cases, ARRAY_SIZE(cases));
}
