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

int uring_read(struct uring *u, int fd, int n)
{
	struct io_uring_params p;
	struct io_uring_sqe *sqe;
	unsigned int *tail, *array, mask;
	char *sq, *cq;
	int i;

	memset(u, 0, sizeof(*u));
	if (n < 1 || n > URING_READS_MAX)
		return -EINVAL;
	u->fd = setup(&p, n);
	if (u->fd < 0)
		return -errno;
	sq = ring(u->fd, p.sq_off.array + p.sq_entries * sizeof(unsigned int),
		  IORING_OFF_SQ_RING);
	cq = ring(u->fd, p.cq_off.cqes + p.cq_entries * sizeof(struct io_uring_cqe),
		  IORING_OFF_CQ_RING);
	sqe = ring(u->fd, p.sq_entries * sizeof(*sqe), IORING_OFF_SQES);
	if (sq == MAP_FAILED || cq == MAP_FAILED || sqe == MAP_FAILED)
		return -errno;
	tail = (unsigned int *)(sq + p.sq_off.tail);
	array = (unsigned int *)(sq + p.sq_off.array);
	mask = *(unsigned int *)(sq + p.sq_off.ring_mask);
	for (i = 0; i < n; i++) {
		memset(&sqe[i], 0, sizeof(*sqe));
		sqe[i].opcode = IORING_OP_READ;
		sqe[i].fd = fd;
		sqe[i].addr = (uintptr_t)&u->buf[i];
		sqe[i].len = 1;
		sqe[i].off = (__u64)-1;	/* the file's position: a pipe has none */
		sqe[i].user_data = i + 1;
		array[(*tail + i) & mask] = i;
	}
	__atomic_store_n(tail, *tail + n, __ATOMIC_RELEASE);
	if (syscall(__NR_io_uring_enter, u->fd, n, 0, 0, NULL, 0) != n)
		return errno ? -errno : -EIO;
	u->cq_head = (unsigned int *)(cq + p.cq_off.head);
	u->cq_tail = (unsigned int *)(cq + p.cq_off.tail);
	u->cq_mask = (unsigned int *)(cq + p.cq_off.ring_mask);
	u->cqes = cq + p.cq_off.cqes;
	return 0;
}

int uring_result(const struct uring *u)
{
	const struct io_uring_cqe *cqe = u->cqes;
	unsigned int head = *u->cq_head;

	if (head == __atomic_load_n(u->cq_tail, __ATOMIC_ACQUIRE))
		return -ENODATA;
	return cqe[head & *u->cq_mask].res;
}

int uring_completions(const struct uring *u)
{
	return __atomic_load_n(u->cq_tail, __ATOMIC_ACQUIRE) - *u->cq_head;
}
