/* mbcf_check.h - what the guest MBCF test programs (tests/guest/mbcftest,
 * tests/guest/ppntest) share: TAP-style checks prefixed by the rank, the
 * completion queue drained into per-cookie status and arrival order, a
 * synchronous remote write, a barrier over remote writes, and the table of
 * refused remote writes (every status a target refuses a write with, mbcf.h)
 * with the check that the target's memory is unchanged. */
#ifndef MBCF_CHECK_H
#define MBCF_CHECK_H
#include <stddef.h>
#include <stdint.h>

extern int rank, size, failures;   /* this rank, ranks in all, failed checks */

/* mbcf_init, rank and size, and the barrier area exported; 0 or the error
 * (printed as a "not ok" line). */
int check_init(void);

/* "ok - rank R: WHAT (A B)" or "not ok - ..."; check_fmt prints WHAT, A and B
 * through FMT (a format taking a string and two longs). */
void check(int cond, const char *what, long a, long b);
void check_fmt(int cond, const char *fmt, const char *what, long a, long b);

/* Completions by cookie (cookies below MAXOPS): status and arrival order. */
#define MAXOPS 4096
extern int op_status[MAXOPS], op_order[MAXOPS], done_count;
void drain_cq(void);
void wait_done(int count);   /* flush, then wait until COUNT completions since done_count = 0 */

/* One remote write, waiting for its completion; retried while the target is
 * not ready yet (not attached or not exported: it is still starting). */
int put_sync(int to, uint64_t raddr, const void *src, size_t len);

/* All ranks meet: barrier_at(GEN) with generations that grow over the run;
 * barrier() takes the one after the last. */
void barrier_at(uint64_t gen);
void barrier(void);

/* Refusals: refuse_prepare(is_target) fills the guard pages and, on the
 * target, exports page 0 read-write, page 1 read-only and page 3 read-write
 * (2, 4, 5 stay unexported). refuse_send posts every refused case and one
 * allowed write to NODE/TASK (NOSUCH_TASK: a task id with no process) and an
 * append to an unregistered FIFO, checks each status and returns the number
 * of writes posted (the FIFO append not counted). refuse_check_target checks
 * on the target that only the allowed write landed. */
void refuse_prepare(int is_target);
int refuse_send(int node, int task, int nosuch_task);
void refuse_check_target(void);

#endif
