/* tap.h - TAP reporting for the MPI conformance programs (tests/mpi): every
 * rank records named checks; tap_finish() gathers them at rank 0 over plain
 * MPI_Send/MPI_Recv and prints "ok N - rank R: what" / "not ok ...". Builds
 * against any MPI (ours, MPICH). A watchdog alarm fails a hung program. */
#ifndef TESTS_MPI_TAP_H
#define TESTS_MPI_TAP_H
#include <mpi.h>

void tap_start(int timeout_s);          /* after MPI_Init */
void tap_check(int cond, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int tap_finish(void);                   /* before MPI_Finalize; returns exit status */
int tap_total(void);                    /* checks printed so far (rank 0) */
int tap_rank(void);
int tap_size(void);
#define CHECK(cond, ...) tap_check((cond), __VA_ARGS__)
/* A check Debian's MPICH 4.0.2 gets wrong (each use names the symptom):
 * recorded everywhere, required only on libmpi_mbcf. */
#ifdef LIBMPI_MBCF
#define NOT_ON_MPICH(ok) (ok)
#else
#define NOT_ON_MPICH(ok) ((ok) || 1)
#endif
/* A byte pattern that differs per seed: tap_fill writes it, tap_same checks it. */
void tap_fill(unsigned char *b, int len, int seed);
int tap_same(const unsigned char *b, int len, int seed);

/* Suite build (suite.c runs every program in one MPI job, for QEMU where a
 * boot is expensive): Init/Finalize are the driver's, main is renamed. */
#ifdef TAP_SUITE
int tap_suite_init(int *provided);
#define MPI_Init(a, b) tap_suite_init(NULL)
#define MPI_Init_thread(a, b, req, prov) tap_suite_init(prov)
#define MPI_Finalize() MPI_SUCCESS
#define MPI_Finalized(f) (*(f) = 1, MPI_SUCCESS)
#endif

#endif
