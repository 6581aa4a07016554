// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/io_uring.h>

#include "uring.h"

static int setup(struct io_uring_params *p, unsigned int entries)
{
	memset(p, 0, sizeof(*p));
	return syscall(__NR_io_uring_setup, entries, p);
}

int uring_probe(void)
{
	struct io_uring_params p;
	int fd = setup(&p, 1);

	if (fd < 0)
		return -errno;
	close(fd);
	return 0;
}

static void *ring(int fd, size_t len, off_t off)
{
	return mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE,
		    fd, off);
}

/* A ring of @n entries: its SQEs in @sqe, the CQ ring in @u. */
static int ring_setup(struct uring *u, struct io_uring_params *p,
		      unsigned int n, struct io_uring_sqe **sqe, char **sq)
{
	char *cq;

	memset(u, 0, sizeof(*u));
	u->fd = setup(p, n);
	if (u->fd < 0)
		return -errno;
	*sq = ring(u->fd, p->sq_off.array + p->sq_entries * sizeof(unsigned int),
		   IORING_OFF_SQ_RING);
	cq = ring(u->fd, p->cq_off.cqes + p->cq_entries * sizeof(struct io_uring_cqe),
		  IORING_OFF_CQ_RING);
	*sqe = ring(u->fd, p->sq_entries * sizeof(**sqe), IORING_OFF_SQES);
	if (*sq == MAP_FAILED || cq == MAP_FAILED || *sqe == MAP_FAILED)
		return -errno;
	memset(*sqe, 0, n * sizeof(**sqe));
	u->cq_head = (unsigned int *)(cq + p->cq_off.head);
	u->cq_tail = (unsigned int *)(cq + p->cq_off.tail);
	u->cq_mask = (unsigned int *)(cq + p->cq_off.ring_mask);
	u->cqes = cq + p->cq_off.cqes;
	return 0;
}

/* Queue SQEs 0..@n-1 and submit them. */
static int submit(struct uring *u, struct io_uring_params *p, char *sq,
		  unsigned int n)
{
	unsigned int *tail = (unsigned int *)(sq + p->sq_off.tail);
	unsigned int *array = (unsigned int *)(sq + p->sq_off.array);
	unsigned int mask = *(unsigned int *)(sq + p->sq_off.ring_mask), i;

	for (i = 0; i < n; i++)
		array[(*tail + i) & mask] = i;
	__atomic_store_n(tail, *tail + n, __ATOMIC_RELEASE);
	if (syscall(__NR_io_uring_enter, u->fd, n, 0, 0, NULL, 0) != n)
		return errno ? -errno : -EIO;
	return 0;
}

int uring_read(struct uring *u, int fd, int n)
{
	struct io_uring_params p;
	struct io_uring_sqe *sqe;
	char *sq;
	int err, i;

	if (n < 1 || n > URING_READS_MAX)
		return -EINVAL;
	err = ring_setup(u, &p, n, &sqe, &sq);
	if (err)
		return err;
	for (i = 0; i < n; i++) {
		sqe[i].opcode = IORING_OP_READ;
		sqe[i].fd = fd;
		sqe[i].addr = (uintptr_t)&u->buf[i];
		sqe[i].len = 1;
		sqe[i].off = (__u64)-1;	/* the file's position: a pipe has none */
		sqe[i].user_data = i + 1;
	}
	return submit(u, &p, sq, n);
}

int uring_ticks(struct uring *u, int n, int64_t period_ns)
{
	struct __kernel_timespec ts[URING_TICKS_MAX];
	struct io_uring_params p;
	struct io_uring_sqe *sqe;
	char *sq;
	int err, i;

	if (n < 1 || n > URING_TICKS_MAX)
		return -EINVAL;
	err = ring_setup(u, &p, n, &sqe, &sq);
	if (err)
		return err;
	for (i = 0; i < n; i++) {
		int64_t t = period_ns * (i + 1);

		ts[i].tv_sec = t / 1000000000;
		ts[i].tv_nsec = t % 1000000000;
		/* a pure timeout (off 0: no completion count), relative */
		sqe[i].opcode = IORING_OP_TIMEOUT;
		sqe[i].fd = -1;
		sqe[i].addr = (uintptr_t)&ts[i];
		sqe[i].len = 1;
		sqe[i].user_data = i + 1;
	}
	/* io_timeout_prep() copies the timespecs at submission */
	return submit(u, &p, sq, n);
}

int uring_done(const struct uring *u)
{
	return __atomic_load_n(u->cq_tail, __ATOMIC_ACQUIRE) - *u->cq_head;
}

int uring_result(const struct uring *u)
{
	const struct io_uring_cqe *cqe = u->cqes;
	unsigned int head = *u->cq_head;

	if (head == __atomic_load_n(u->cq_tail, __ATOMIC_ACQUIRE))
		return -ENODATA;
	return cqe[head & *u->cq_mask].res;
}
