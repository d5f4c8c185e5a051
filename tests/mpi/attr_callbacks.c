/* attr_callbacks.c - conformance: attribute copy and delete callbacks
 * (MPI-3.1 sec 6.7.2-6.7.4). Communicator: a key with a copy callback is
 * copied to the MPI_Comm_dup copy (the value the callback made), a key with
 * MPI_COMM_DUP_FN carries the same value, one with MPI_COMM_NULL_COPY_FN is
 * not copied; delete callbacks run on Comm_free, once per attribute; the
 * same for the dup of an intercommunicator.
 * Datatype: Type_dup copies through the copy callback, Type_free runs the
 * delete callback. Window: Win_free runs the delete callback of every
 * attribute still set (windows of each flavour).
 * Prints TAP; exits non-zero on any failure. */
#include "tap.h"
#include <stdlib.h>

static int copies, deletes;

static int comm_copy(MPI_Comm c, int k, void *extra, void *in, void *out, int *flag)
{
    (void)c;
    (void)k;
    (void)extra;
    int *v = malloc(sizeof *v);
    *v = *(int *)in + 100;
    *(void **)out = v;
    *flag = 1;
    copies++;
    return MPI_SUCCESS;
}

static int comm_del(MPI_Comm c, int k, void *val, void *extra)
{
    (void)c;
    (void)k;
    if (extra)
        free(val);
    deletes++;
    return MPI_SUCCESS;
}

static int type_copy(MPI_Datatype t, int k, void *extra, void *in, void *out, int *flag)
{
    (void)t;
    (void)k;
    (void)extra;
    *(void **)out = (char *)in + 1;
    *flag = 1;
    copies++;
    return MPI_SUCCESS;
}

static int type_del(MPI_Datatype t, int k, void *val, void *extra)
{
    (void)t;
    (void)k;
    (void)val;
    (void)extra;
    deletes++;
    return MPI_SUCCESS;
}

static int win_del(MPI_Win w, int k, void *val, void *extra)
{
    (void)w;
    (void)k;
    (void)extra;
    *(int *)val += 1;
    deletes++;
    return MPI_SUCCESS;
}

static void comm_part(void)
{
    int kcopy, kdup, knull, flag = 0;
    MPI_Comm_create_keyval(comm_copy, comm_del, &kcopy, (void *)1);
    MPI_Comm_create_keyval(MPI_COMM_DUP_FN, comm_del, &kdup, NULL);
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, comm_del, &knull, NULL);
    MPI_Comm base;
    MPI_Comm_dup(MPI_COMM_WORLD, &base);
    int *v = malloc(sizeof *v), same = 7, none = 9;
    *v = 5;
    MPI_Comm_set_attr(base, kcopy, v);
    MPI_Comm_set_attr(base, kdup, &same);
    MPI_Comm_set_attr(base, knull, &none);
    copies = deletes = 0;
    MPI_Comm d;
    MPI_Comm_dup(base, &d);
    int *got = NULL;
    MPI_Comm_get_attr(d, kcopy, &got, &flag);
    CHECK(flag && got && got != v && *got == 105 && copies == 1,
          "Comm_dup: key with a copy callback found on the copy (flag %d, value %d, %d copies)",
          flag, flag && got ? *got : -1, copies);
    int *g2 = NULL;
    MPI_Comm_get_attr(d, kdup, &g2, &flag);
    CHECK(flag && g2 == &same, "Comm_dup: MPI_COMM_DUP_FN key has the same value (flag %d)",
          flag);
    MPI_Comm_get_attr(d, knull, &g2, &flag);
    CHECK(!flag, "Comm_dup: MPI_COMM_NULL_COPY_FN key is not copied (flag %d)", flag);
    MPI_Comm d2; /* a dup of the dup: copied again */
    MPI_Comm_dup(d, &d2);
    MPI_Comm_get_attr(d2, kcopy, &got, &flag);
    CHECK(flag && *got == 205, "Comm_dup of the copy: copied again (value %d)",
          flag ? *got : -1);
    deletes = 0;
    MPI_Comm_free(&d2);
    CHECK(deletes == 2, "Comm_free of the second copy: 2 delete callbacks (got %d)", deletes);
    deletes = 0;
    MPI_Comm_free(&d);
    CHECK(deletes == 2, "Comm_free of the copy: 2 delete callbacks (got %d)", deletes);
    deletes = 0;
    MPI_Comm_free(&base);
    CHECK(deletes == 3, "Comm_free of the original: 3 delete callbacks (got %d)", deletes);
    /* an intercommunicator (even and odd world ranks) and its dup */
    if (tap_size() >= 2) {
        int me = tap_rank();
        MPI_Comm local, ic, icd;
        MPI_Comm_split(MPI_COMM_WORLD, me % 2, me, &local);
        MPI_Intercomm_create(local, 0, MPI_COMM_WORLD, me % 2 ? 0 : 1, 21, &ic);
        int *iv = malloc(sizeof *iv);
        *iv = 1;
        MPI_Comm_set_attr(ic, kcopy, iv);
        MPI_Comm_set_attr(ic, kdup, &same);
        copies = 0;
        MPI_Comm_dup(ic, &icd);
        int *a = NULL, *b = NULL, fa = 0, fb = 0;
        MPI_Comm_get_attr(icd, kcopy, &a, &fa);
        MPI_Comm_get_attr(icd, kdup, &b, &fb);
        CHECK(fa && *a == 101 && fb && b == &same && copies == 1,
              "Comm_dup of an intercommunicator: attributes copied (flags %d %d)", fa, fb);
        deletes = 0;
        MPI_Comm_free(&icd);
        MPI_Comm_free(&ic);
        CHECK(deletes == 4, "Comm_free of the intercommunicator and its dup: 4 deletes (%d)",
              deletes);
        MPI_Comm_free(&local);
    }
    MPI_Comm_free_keyval(&kcopy);
    MPI_Comm_free_keyval(&kdup);
    MPI_Comm_free_keyval(&knull);
}

static void type_part(void)
{
    static char text[4] = "abc";
    int k, flag = 0;
    MPI_Type_create_keyval(type_copy, type_del, &k, NULL);
    MPI_Datatype t, t2;
    MPI_Type_contiguous(3, MPI_INT, &t);
    MPI_Type_set_attr(t, k, text);
    copies = deletes = 0;
    MPI_Type_dup(t, &t2);
    char *got = NULL;
    MPI_Type_get_attr(t2, k, &got, &flag);
    CHECK(flag && got == text + 1 && copies == 1,
          "Type_dup: attribute copied through the copy callback (flag %d, copies %d)", flag,
          copies);
    MPI_Type_free(&t2);
    CHECK(deletes == 1, "Type_free of the dup: delete callback ran (%d)", deletes);
    MPI_Type_free(&t);
    CHECK(deletes == 2, "Type_free of the original: delete callback ran (%d)", deletes);
    MPI_Type_free_keyval(&k);
}

static void win_part(void)
{
    int k1, k2;
    MPI_Win_create_keyval(MPI_WIN_NULL_COPY_FN, win_del, &k1, NULL);
    MPI_Win_create_keyval(MPI_WIN_NULL_COPY_FN, win_del, &k2, NULL);
    static int mem[16];
    int c1 = 0, c2 = 0, c3 = 0;
    MPI_Win w;
    MPI_Win_create(mem, sizeof mem, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &w);
    MPI_Win_set_attr(w, k1, &c1);
    MPI_Win_set_attr(w, k2, &c2);
    deletes = 0;
    MPI_Win_free(&w);
    CHECK(c1 == 1 && c2 == 1 && deletes == 2,
          "Win_free (created window): both delete callbacks ran (%d %d)", c1, c2);
    void *base;
    MPI_Win_allocate(64, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &base, &w);
    MPI_Win_set_attr(w, k1, &c3);
    MPI_Win_free(&w);
    CHECK(c3 == 1, "Win_free (allocated window): delete callback ran (%d)", c3);
    c3 = 0;
    MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, &w);
    MPI_Win_set_attr(w, k2, &c3);
    MPI_Win_free(&w);
    CHECK(c3 == 1, "Win_free (dynamic window): delete callback ran (%d)", c3);
    MPI_Win_free_keyval(&k1);
    MPI_Win_free_keyval(&k2);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    tap_start(60);
    comm_part();
    type_part();
    win_part();
    int rc = tap_finish();
    MPI_Finalize();
    return rc;
}
