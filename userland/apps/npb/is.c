/* NPB IS: rank 2^TOTAL_KEYS_LOG_2 integer keys in [0, 2^MAX_KEY_LOG_2) ten times
 * (NPB 1.0 report sec 2.6 "IS"; class table and partial-verification keys from
 * NPB 3.4).  Distributed bucket sort as in the MPI reference: local bucket counts,
 * MPI_Allreduce of the counts, buckets assigned to processes so each gets about
 * TOTAL_KEYS/np keys, MPI_Alltoall of the send counts and MPI_Alltoallv of the
 * keys, then a counting sort of the local key range.  Partial verification
 * checks the ranks of 5 test keys every iteration; full verification checks
 * the final sorted order (also across process boundaries). */
#include "npb.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ITERATIONS 10
#define TEST_ARRAY_SIZE 5
#define IS_SEED 314159265.0

struct is_class {
    char cls;
    int total_keys_log2, max_key_log2, num_buckets_log2;
    int test_index[TEST_ARRAY_SIZE], test_rank[TEST_ARRAY_SIZE];
};

static const struct is_class is_classes[] = {
    {'S', 16, 11, 9, {48427, 17148, 23627, 62548, 4431}, {0, 18, 346, 64917, 65463}},
    {'W', 20, 16, 10, {357773, 934767, 875723, 898999, 404505},
     {1249, 11698, 1039987, 1043896, 1048018}},
    {'A', 23, 19, 10, {2112377, 662041, 5336171, 3642833, 4250760},
     {104, 17523, 123928, 8288932, 8388264}},
};

struct is_state {
    const struct is_class *c;
    int me, np;
    int total_keys, num_keys, max_key, num_buckets, shift;
    int *key_array;     /* my NUM_KEYS generated keys (grown for the full verify) */
    int key_array_cap;
    int *key_buff1;     /* keys grouped by bucket, then counts over my key range */
    int *key_buff2;     /* keys received for my key range */
    int key_buff2_cap;
    int *bucket_size;   /* NUM_BUCKETS local counts + TEST_ARRAY_SIZE hidden test keys */
    int *bucket_total;  /* the same, summed over all processes */
    int *bucket_ptrs;
    int *send_count, *send_displ, *recv_count, *recv_displ;
    int test_vals[TEST_ARRAY_SIZE]; /* test keys, known on their owner only */
    int total_local_keys, min_key_val, max_key_val;
    int passed;
};

/* Expected rank of test key i in iteration `it`: the reference shifts the ranks
 * differently per class because keys it and MAX_KEY-it are planted (NPB 3.4 is.c). */
static int is_expected_rank(const struct is_state *s, int i, int it)
{
    int r = s->c->test_rank[i];
    switch (s->c->cls) {
    case 'S': return i <= 2 ? r + it : r - it;
    case 'W': return i < 2 ? r + (it - 2) : r - it;
    default:  return i <= 2 ? r + (it - 1) : r - (it - 1); /* A */
    }
}

static void is_create_keys(struct is_state *s)
{
    /* each key uses 4 randoms; jump to this process's part of the sequence */
    double seed = IS_SEED;
    randlc(&seed, npb_pow46(NPB_A, (int64_t)4 * s->num_keys * s->me));
    double k = s->max_key / 4;
    for (int i = 0; i < s->num_keys; i++) {
        double x = randlc(&seed, NPB_A);
        x += randlc(&seed, NPB_A);
        x += randlc(&seed, NPB_A);
        x += randlc(&seed, NPB_A);
        s->key_array[i] = (int)(k * x);
    }
}

static int is_grow(int **buf, int *cap, int need)
{
    if (need <= *cap)
        return 1;
    int *n = realloc(*buf, (size_t)need * sizeof(int));
    if (!n)
        return 0;
    *buf = n;
    *cap = need;
    return 1;
}

/* One ranking pass; returns 0 when a buffer could not grow (then all ranks abort). */
static int is_rank(struct is_state *s, int it)
{
    int nb = s->num_buckets;
    if (s->me == 0) { /* plant two keys whose ranks are known (NPB 1.0 sec 2.6) */
        s->key_array[it] = it;
        s->key_array[it + MAX_ITERATIONS] = s->max_key - it;
    }
    memset(s->bucket_size, 0, (size_t)nb * sizeof(int));
    for (int i = 0; i < s->num_keys; i++)
        s->bucket_size[s->key_array[i] >> s->shift]++;
    s->bucket_ptrs[0] = 0;
    for (int b = 1; b < nb; b++)
        s->bucket_ptrs[b] = s->bucket_ptrs[b - 1] + s->bucket_size[b - 1];
    for (int i = 0; i < s->num_keys; i++) {
        int k = s->key_array[i];
        s->key_buff1[s->bucket_ptrs[k >> s->shift]++] = k;
    }
    /* the test keys ride along with the bucket counts (owner has them, others 0) */
    for (int i = 0; i < TEST_ARRAY_SIZE; i++)
        s->bucket_size[nb + i] = s->test_vals[i];
    MPI_Allreduce(s->bucket_size, s->bucket_total, nb + TEST_ARRAY_SIZE, MPI_INT, MPI_SUM,
                  MPI_COMM_WORLD);

    /* buckets go to process j until the running total reaches (j+1) * NUM_KEYS */
    int first_bucket = -1, last_bucket = -2, lesser = 0;
    long acc = 0;
    int local_acc = 0, j = 0, bstart = 0;
    for (int b = 0; b < nb && j < s->np; b++) {
        acc += s->bucket_total[b];
        local_acc += s->bucket_size[b];
        if (acc >= (long)(j + 1) * s->num_keys || b == nb - 1) {
            s->send_count[j] = local_acc;
            if (j == s->me) {
                first_bucket = bstart;
                last_bucket = b;
            }
            local_acc = 0;
            bstart = b + 1;
            j++;
        }
    }
    for (; j < s->np; j++)
        s->send_count[j] = 0; /* processes left without buckets */
    for (int b = 0; b < first_bucket; b++)
        lesser += s->bucket_total[b];
    s->send_displ[0] = 0;
    for (j = 1; j < s->np; j++)
        s->send_displ[j] = s->send_displ[j - 1] + s->send_count[j - 1];

    MPI_Alltoall(s->send_count, 1, MPI_INT, s->recv_count, 1, MPI_INT, MPI_COMM_WORLD);
    s->recv_displ[0] = 0;
    for (j = 1; j < s->np; j++)
        s->recv_displ[j] = s->recv_displ[j - 1] + s->recv_count[j - 1];
    s->total_local_keys = s->recv_displ[s->np - 1] + s->recv_count[s->np - 1];
    if (!npb_all_ok(is_grow(&s->key_buff2, &s->key_buff2_cap, s->total_local_keys)))
        return 0;
    MPI_Alltoallv(s->key_buff1, s->send_count, s->send_displ, MPI_INT, s->key_buff2,
                  s->recv_count, s->recv_displ, MPI_INT, MPI_COMM_WORLD);

    /* counting sort over my key range: key_buff1[v - min] = #keys <= v */
    if (first_bucket < 0) { /* no buckets for me: empty key range */
        s->min_key_val = 0;
        s->max_key_val = -1;
    } else {
        s->min_key_val = first_bucket << s->shift;
        s->max_key_val = ((last_bucket + 1) << s->shift) - 1;
    }
    int range = s->max_key_val - s->min_key_val + 1;
    if (range > 0) {
        memset(s->key_buff1, 0, (size_t)range * sizeof(int));
        for (int i = 0; i < s->total_local_keys; i++)
            s->key_buff1[s->key_buff2[i] - s->min_key_val]++;
        for (int v = 1; v < range; v++)
            s->key_buff1[v] += s->key_buff1[v - 1];
    }

    /* partial verification: the rank of key k is the number of keys below k */
    for (int i = 0; i < TEST_ARRAY_SIZE; i++) {
        int k = s->bucket_total[nb + i];
        if (range > 0 && s->min_key_val <= k && k <= s->max_key_val) {
            int key_rank = lesser + (k > s->min_key_val ? s->key_buff1[k - 1 - s->min_key_val] : 0);
            if (key_rank == is_expected_rank(s, i, it))
                s->passed++;
            else
                printf(" IS: failed partial verification: iteration %d, process %d, test key %d"
                       " (rank %d, expected %d)\n", it, s->me, i, key_rank, is_expected_rank(s, i, it));
        }
    }
    return 1;
}

/* Sort the keys of the last pass and check the order, locally and across ranks. */
static int is_full_verify(struct is_state *s)
{
    int n = s->total_local_keys, bad = 0, total_bad = 0;
    if (!npb_all_ok(is_grow(&s->key_array, &s->key_array_cap, n)))
        return -1;
    for (int i = 0; i < n; i++) {
        int k = s->key_buff2[i];
        s->key_array[--s->key_buff1[k - s->min_key_val]] = k;
    }
    for (int i = 1; i < n; i++)
        if (s->key_array[i - 1] > s->key_array[i])
            bad++;
    /* neighbour check: my largest key must not exceed the next rank's smallest
     * (a rank without keys sends -1, which checks nothing) */
    int my_last = n > 0 ? s->key_array[n - 1] : -1, prev_last = -1;
    MPI_Request req = MPI_REQUEST_NULL;
    if (s->me > 0)
        MPI_Irecv(&prev_last, 1, MPI_INT, s->me - 1, 1000, MPI_COMM_WORLD, &req);
    if (s->me < s->np - 1)
        MPI_Send(&my_last, 1, MPI_INT, s->me + 1, 1000, MPI_COMM_WORLD);
    if (s->me > 0)
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    if (n > 0 && prev_last > s->key_array[0])
        bad++;
    MPI_Allreduce(&bad, &total_bad, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (total_bad != 0 && s->me == 0)
        printf(" IS: full verification: %d keys out of sort\n", total_bad);
    return total_bad;
}

static void is_free(struct is_state *s)
{
    free(s->key_array);
    free(s->key_buff1);
    free(s->key_buff2);
    free(s->bucket_size);
    free(s->bucket_total);
    free(s->bucket_ptrs);
    free(s->send_count);
    free(s->send_displ);
    free(s->recv_count);
    free(s->recv_displ);
}

int npb_is(char cls)
{
    struct is_state st = {0}, *s = &st;
    for (size_t i = 0; i < sizeof is_classes / sizeof is_classes[0]; i++)
        if (is_classes[i].cls == toupper((unsigned char)cls))
            s->c = &is_classes[i];
    if (!s->c)
        return npb_refuse("IS", "unknown class '%c' (use S, W or A)", cls);
    s->me = npb_rank();
    s->np = npb_nprocs();
    s->total_keys = 1 << s->c->total_keys_log2;
    s->max_key = 1 << s->c->max_key_log2;
    s->num_buckets = 1 << s->c->num_buckets_log2;
    s->shift = s->c->max_key_log2 - s->c->num_buckets_log2;
    if (!npb_is_pow2(s->np) || s->np > s->num_buckets)
        return npb_refuse("IS", "needs a power-of-two number of processes up to %d, got %d",
                          s->num_buckets, s->np);
    s->num_keys = s->total_keys / s->np;
    if (s->num_keys < 2 * MAX_ITERATIONS + 1)
        return npb_refuse("IS", "too many processes (%d) for class %c", s->np, s->c->cls);

    int nb = s->num_buckets;
    s->key_array_cap = s->num_keys;
    s->key_array = npb_alloc((size_t)s->num_keys * sizeof(int));
    s->key_buff1 = npb_alloc((size_t)(s->max_key > s->num_keys ? s->max_key : s->num_keys) * sizeof(int));
    s->key_buff2_cap = s->num_keys * 2;
    s->key_buff2 = npb_alloc((size_t)s->key_buff2_cap * sizeof(int));
    s->bucket_size = npb_alloc((size_t)(nb + TEST_ARRAY_SIZE) * sizeof(int));
    s->bucket_total = npb_alloc((size_t)(nb + TEST_ARRAY_SIZE) * sizeof(int));
    s->bucket_ptrs = npb_alloc((size_t)nb * sizeof(int));
    s->send_count = npb_alloc((size_t)s->np * sizeof(int));
    s->send_displ = npb_alloc((size_t)s->np * sizeof(int));
    s->recv_count = npb_alloc((size_t)s->np * sizeof(int));
    s->recv_displ = npb_alloc((size_t)s->np * sizeof(int));
    int ok = s->key_array && s->key_buff1 && s->key_buff2 && s->bucket_size && s->bucket_total &&
             s->bucket_ptrs && s->send_count && s->send_displ && s->recv_count && s->recv_displ;
    if (!npb_all_ok(ok)) {
        is_free(s);
        return npb_refuse("IS", "out of memory");
    }

    if (s->me == 0) {
        printf("\n NAS Parallel Benchmarks 3.4 -- IS Benchmark\n\n");
        printf(" Size:  %d  (class %c)\n Iterations:   %d\n Number of processes:     %d\n\n",
               s->total_keys, s->c->cls, MAX_ITERATIONS, s->np);
    }
    is_create_keys(s);
    for (int i = 0; i < TEST_ARRAY_SIZE; i++) {
        int gi = s->c->test_index[i];
        s->test_vals[i] = gi / s->num_keys == s->me ? s->key_array[gi % s->num_keys] : 0;
    }

    int status = NPB_OK;
    /* one untimed pass touches every page and table (as the reference does) */
    if (!is_rank(s, 1))
        goto oom;
    s->passed = 0;

    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    for (int it = 1; it <= MAX_ITERATIONS; it++) {
        if (s->me == 0)
            printf("        %d\n", it);
        if (!is_rank(s, it))
            goto oom;
    }
    double tm = npb_max_time(MPI_Wtime() - t0);

    int bad = is_full_verify(s);
    if (bad < 0)
        goto oom;
    int passed_total = 0;
    MPI_Allreduce(&s->passed, &passed_total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (bad == 0)
        passed_total++;
    int verified = passed_total == TEST_ARRAY_SIZE * MAX_ITERATIONS + 1;

    struct npb_result r = {.name = "IS", .cls = s->c->cls, .iterations = MAX_ITERATIONS,
                           .seconds = tm,
                           .mops = (double)MAX_ITERATIONS * s->total_keys / tm / 1e6,
                           .optype = "keys ranked", .verified = verified};
    snprintf(r.size, sizeof r.size, "%d", s->total_keys);
    npb_print_result(&r);
    status = verified ? NPB_OK : NPB_FAILED;
    is_free(s);
    return status;
oom:
    is_free(s);
    return npb_refuse("IS", "out of memory while receiving keys");
}
