// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <string.h>

#include "tmo.h"

/* Where a kind keeps its seconds and sub-second part; no seconds: msec. */
struct layout {
	size_t size, sec_off, sec_len, sub_off, sub_len;
	int64_t per_sec;	/* sub-second units in a second */
	const char *unit;
};

#define FIELDS(T, s, u)							\
	.size = sizeof(T), .sec_off = offsetof(T, s),			\
	.sec_len = sizeof(((T *)0)->s), .sub_off = offsetof(T, u),	\
	.sub_len = sizeof(((T *)0)->u)

static const struct layout layouts[] = {
	[TK_TIMEVAL] = { FIELDS(struct __kernel_old_timeval, tv_sec, tv_usec),
			 .per_sec = 1000000, .unit = "us" },
	[TK_OLD_TS] = { FIELDS(struct __kernel_old_timespec, tv_sec, tv_nsec),
			.per_sec = 1000000000, .unit = "ns" },
	[TK_TS64] = { FIELDS(struct __kernel_timespec, tv_sec, tv_nsec),
		      .per_sec = 1000000000, .unit = "ns" },
	[TK_MSEC] = { .size = sizeof(int), .sub_len = sizeof(int),
		      .per_sec = 1000, .unit = "ms" },
};

static int64_t load(const void *t, size_t off, size_t len)
{
	int32_t v32;
	int64_t v64;

	if (len == sizeof(v32)) {
		memcpy(&v32, (const char *)t + off, len);
		return v32;
	}
	if (len == sizeof(v64)) {
		memcpy(&v64, (const char *)t + off, len);
		return v64;
	}
	return 0;
}

static void store(void *t, size_t off, size_t len, int64_t v)
{
	int32_t v32 = (int32_t)v;

	if (len == sizeof(v32))
		memcpy((char *)t + off, &v32, len);
	else if (len == sizeof(v))
		memcpy((char *)t + off, &v, len);
}

/* The raw fields, milliseconds split into seconds and a rest. */
struct tparts tmo_get(enum tkind k, const void *t)
{
	const struct layout *l = &layouts[k];
	struct tparts p = { load(t, l->sec_off, l->sec_len),
			    load(t, l->sub_off, l->sub_len) };

	if (!l->sec_len) {
		p.sec = p.sub / l->per_sec;
		p.sub %= l->per_sec;
	}
	return p;
}

void tmo_set(enum tkind k, void *t, int64_t sec, int64_t sub)
{
	const struct layout *l = &layouts[k];

	memset(t, 0, l->size);
	if (!l->sec_len)
		sub += sec * l->per_sec;
	store(t, l->sec_off, l->sec_len, sec);
	store(t, l->sub_off, l->sub_len, sub);
}

int64_t tmo_granule_ns(enum tkind k)
{
	return 1000000000 / layouts[k].per_sec;
}

void tmo_set_ns(enum tkind k, void *t, int64_t ns)
{
	tmo_set(k, t, ns / 1000000000,
		ns % 1000000000 / tmo_granule_ns(k));
}

void tmo_set_max(enum tkind k, void *t)
{
	const struct layout *l = &layouts[k];
	size_t len = l->sec_len ? l->sec_len : l->sub_len;
	int64_t max = len == 4 ? INT32_MAX : INT64_MAX;

	memset(t, 0, l->size);
	if (l->sec_len) {
		store(t, l->sec_off, l->sec_len, max);
		store(t, l->sub_off, l->sub_len, l->per_sec - 1);
	} else {
		store(t, l->sub_off, l->sub_len, max);
	}
}

int64_t tmo_ns(enum tkind k, const void *t)
{
	struct tparts p = tmo_get(k, t);

	return p.sec * 1000000000LL + p.sub * tmo_granule_ns(k);
}

bool tmo_normalised(enum tkind k, const void *t)
{
	struct tparts p = tmo_get(k, t);

	return p.sec >= 0 && p.sub >= 0 && p.sub < layouts[k].per_sec;
}

size_t tmo_size(enum tkind k)
{
	return layouts[k].size;
}

void tmo_widths(enum tkind k, int *sec_bits, int *sub_bits)
{
	*sec_bits = 8 * layouts[k].sec_len;
	*sub_bits = 8 * layouts[k].sub_len;
}

size_t tmo_sub_off(enum tkind k)
{
	return layouts[k].sub_off;
}

/* Carry whole seconds out of the sub-second part, saturating. */
static struct tparts fold(enum tkind k, struct tparts p)
{
	int64_t carry = p.sub / layouts[k].per_sec;

	p.sub %= layouts[k].per_sec;
	if (carry > 0 && p.sec > INT64_MAX - carry)
		p.sec = INT64_MAX;
	else
		p.sec += carry;
	return p;
}

bool tmo_le(enum tkind k, const void *a, const void *b)
{
	struct tparts x = fold(k, tmo_get(k, a)), y = fold(k, tmo_get(k, b));

	return x.sec < y.sec || (x.sec == y.sec && x.sub <= y.sub);
}

const char *tmo_str(enum tkind k, const void *t)
{
	static char bufs[4][64];	/* a few may appear in one printf */
	static unsigned int next;
	const struct layout *l = &layouts[k];
	char *buf = bufs[next++ % 4];

	if (l->sec_len)
		snprintf(buf, sizeof(bufs[0]), "{%lld s, %lld %s}",
			 (long long)load(t, l->sec_off, l->sec_len),
			 (long long)load(t, l->sub_off, l->sub_len), l->unit);
	else
		snprintf(buf, sizeof(bufs[0]), "%lld %s",
			 (long long)load(t, l->sub_off, l->sub_len), l->unit);
	return buf;
}
