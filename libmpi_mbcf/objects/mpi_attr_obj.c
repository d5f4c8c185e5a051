/* mpi_attr_obj.c - the attribute table of datatypes and windows (MPI-3.1
 * sec 6.7.3-6.7.4) behind the entry points of api/mpi_attr.c and the user
 * keys of Win_get_attr (mpi_win.c answers the predefined ones). One table of
 * (kind, object handle, keyval) -> value; a value replaced or deleted goes
 * through the keyval's delete function, also when its object is freed
 * (Type_free, Win_free: sec 6.7.2 "delete_fn ... when the object is
 * deleted"); Type_dup copies the attributes through their copy functions
 * (sec 6.7.4, as Comm_dup does in sec 6.7.2). */
#include "mpi_export.h"
#include "mpi_errhandler.h"
#include "mpi_attr_obj.h"
#include <stdlib.h>

#define KEY_BASE 1000
#define MAX_KEYS 64
static struct {
    int used, kind;
    void (*del)(void);        /* MPI_Type_delete_attr_function / MPI_Win_... */
    void *extra;
    MPI_Type_copy_attr_function *copy; /* types only */
} keys[MAX_KEYS];
static struct obj_attr { int kind, obj, key; void *val; } *attrs;
static int nattrs, capattrs;

static int key_ok(int kind, int k)
{
    return k >= KEY_BASE && k < KEY_BASE + MAX_KEYS && keys[k - KEY_BASE].used &&
           keys[k - KEY_BASE].kind == kind;
}

int attr_create_key(int kind, void (*del)(void), void *extra, int *k, const char *fn,
                    MPI_Type_copy_attr_function *copy)
{
    if (!k)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_ARG, fn);
    for (int i = 0; i < MAX_KEYS; i++)
        if (!keys[i].used) {
            keys[i].used = 1;
            keys[i].kind = kind;
            keys[i].del = del;
            keys[i].extra = extra;
            keys[i].copy = copy;
            *k = KEY_BASE + i;
            return MPI_SUCCESS;
        }
    return mpi_err(MPI_COMM_WORLD, MPI_ERR_NO_MEM, fn);
}

int attr_free_key(int kind, int *k, const char *fn)
{
    if (!k || !key_ok(kind, *k))
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_KEYVAL, fn);
    keys[*k - KEY_BASE].used = 0;
    *k = MPI_KEYVAL_INVALID;
    return MPI_SUCCESS;
}

static int find(int kind, int obj, int k)
{
    for (int i = 0; i < nattrs; i++)
        if (attrs[i].kind == kind && attrs[i].obj == obj && attrs[i].key == k)
            return i;
    return -1;
}

/* Run the delete function of attribute i; 0 or its error. */
static int run_delete(int i)
{
    struct obj_attr *a = &attrs[i];
    void (*del)(void) = keys[a->key - KEY_BASE].del;
    void *extra = keys[a->key - KEY_BASE].extra;
    if (!del)
        return MPI_SUCCESS;
    if (a->kind == ATTR_OBJ_TYPE)
        return ((MPI_Type_delete_attr_function *)del)(a->obj, a->key, a->val, extra);
    return ((MPI_Win_delete_attr_function *)del)(a->obj, a->key, a->val, extra);
}

int attr_set(int kind, int obj, int k, void *val, const char *fn)
{
    if (!key_ok(kind, k))
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_KEYVAL, fn);
    int i = find(kind, obj, k);
    if (i >= 0) {
        int e = run_delete(i);
        if (e)
            return mpi_err(MPI_COMM_WORLD, e, fn);
        attrs[i].val = val;
        return MPI_SUCCESS;
    }
    if (nattrs == capattrs) {
        int nc = capattrs ? 2 * capattrs : 16;
        void *p = realloc(attrs, (size_t)nc * sizeof *attrs);
        if (!p)
            return mpi_err(MPI_COMM_WORLD, MPI_ERR_NO_MEM, fn);
        attrs = p;
        capattrs = nc;
    }
    attrs[nattrs].kind = kind;
    attrs[nattrs].obj = obj;
    attrs[nattrs].key = k;
    attrs[nattrs].val = val;
    nattrs++;
    return MPI_SUCCESS;
}

int attr_get(int kind, int obj, int k, void *val, int *flag, const char *fn)
{
    if (!key_ok(kind, k) || !flag || !val)
        return mpi_err(MPI_COMM_WORLD, key_ok(kind, k) ? MPI_ERR_ARG : MPI_ERR_KEYVAL, fn);
    int i = find(kind, obj, k);
    *flag = i >= 0;
    if (i >= 0)
        *(void **)val = attrs[i].val;
    return MPI_SUCCESS;
}

int attr_delete(int kind, int obj, int k, const char *fn)
{
    int i = key_ok(kind, k) ? find(kind, obj, k) : -1;
    if (i < 0)
        return mpi_err(MPI_COMM_WORLD, MPI_ERR_KEYVAL, fn);
    int e = run_delete(i);
    if (e)
        return mpi_err(MPI_COMM_WORLD, e, fn);
    attrs[i] = attrs[--nattrs];
    return MPI_SUCCESS;
}

/* Delete every attribute of one object, through the delete functions; the
 * first error a delete function returned (the others still run). */
static int delete_all(int kind, int obj)
{
    int err = MPI_SUCCESS;
    for (int i = 0; i < nattrs;) {
        if (attrs[i].kind != kind || attrs[i].obj != obj) {
            i++;
            continue;
        }
        int e = run_delete(i);
        if (e && !err)
            err = e;
        attrs[i] = attrs[--nattrs];
    }
    return err;
}

int win_attr_delete_all(MPI_Win win)
{
    return delete_all(ATTR_OBJ_WIN, win);
}

int type_attr_delete_all(MPI_Datatype t)
{
    return delete_all(ATTR_OBJ_TYPE, t);
}

int type_attr_copy(MPI_Datatype from, MPI_Datatype to)
{
    for (int i = 0; i < nattrs; i++) {
        if (attrs[i].kind != ATTR_OBJ_TYPE || attrs[i].obj != from)
            continue;
        int k = attrs[i].key, flag = 0;
        MPI_Type_copy_attr_function *cp = keys[k - KEY_BASE].copy;
        void *out = NULL;
        if (cp == MPI_TYPE_DUP_FN) {
            out = attrs[i].val;
            flag = 1;
        } else if (cp) {
            int e = cp(from, k, keys[k - KEY_BASE].extra, attrs[i].val, &out, &flag);
            if (e)
                return e;
        }
        if (flag) {
            int e = attr_set(ATTR_OBJ_TYPE, to, k, out, "MPI_Type_dup");
            if (e)
                return e;
        }
    }
    return MPI_SUCCESS;
}

int win_user_attr(MPI_Win win, int key, void *val, int *flag)
{
    return attr_get(ATTR_OBJ_WIN, win, key, val, flag, "MPI_Win_get_attr");
}
