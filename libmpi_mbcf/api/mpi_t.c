/* mpi_t.c - the tool information interface MPI_T (MPI-3.1 sec 14.3):
 * control variables = the library's run-time parameters (params.h, the
 * MPI_MBCF_* environment variables; MPI_MBCF_SPIN may be written at run
 * time, the others are fixed at MPI_Init), performance variables = the
 * MPI_MBCF_STATS counters of the messaging layer (continuous, read-only),
 * two categories grouping them. No enumerations. Errors are MPI_T_ERR_*
 * return codes (MPI_T calls never call an error handler). */
#include "mpi_export.h"
#include "params.h"
#include "pml_internal.h"
#include <string.h>

static int t_inits;            /* MPI_T_init_thread minus MPI_T_finalize */

struct cvar {
    const char *name, *desc;
    MPI_Datatype dt;
    void *val;
    int scope;                 /* MPI_T_SCOPE_LOCAL: writable */
};
static const struct cvar cvars[] = {
    { "MPI_MBCF_EAGER", "largest message sent eagerly through the receiver's FIFO (bytes)",
      MPI_LONG_LONG, &mpi_params.eager_limit, MPI_T_SCOPE_READONLY },
    { "MPI_MBCF_INLINE", "largest matched send carried inside its W_DONE notice (bytes)",
      MPI_LONG_LONG, &mpi_params.inline_max, MPI_T_SCOPE_READONLY },
    { "MPI_MBCF_SPIN", "idle progress rounds before sleeping in mbcf_wait (-1: never sleep)",
      MPI_INT, &mpi_params.spin_rounds, MPI_T_SCOPE_LOCAL },
    { "MPI_MBCF_STATS", "print the counters line at MPI_Finalize (0/1)", MPI_INT,
      &mpi_params.stats, MPI_T_SCOPE_READONLY },
};
#define NCVAR ((int)(sizeof cvars / sizeof cvars[0]))

struct pvar {
    const char *name, *desc;
    uint64_t *val;
};
static const struct pvar pvars[] = {
    { "msgs_sent", "messages sent to other ranks", &pml_stats.msgs_sent },
    { "bytes_sent", "bytes sent to other ranks", &pml_stats.bytes_sent },
    { "bytes_remote_write", "bytes that went by MBCF remote write", &pml_stats.bytes_remote_write },
    { "bytes_fifo", "bytes that went through memory-based FIFOs", &pml_stats.bytes_fifo },
    { "send_requests", "send-requests this rank issued", &pml_stats.send_requests },
};
#define NPVAR ((int)(sizeof pvars / sizeof pvars[0]))

static const struct { const char *name, *desc; } cats[] = {
    { "mbcf_params", "run-time parameters of libmpi_mbcf (environment)" },
    { "mbcf_pml_stats", "counters of the MPI/MBCF messaging layer" },
};
#define NCAT 2

#define NEED_INIT() do { if (t_inits <= 0) return MPI_T_ERR_NOT_INITIALIZED; } while (0)

/* MPI-3.1 sec 14.3.3: *len in = buffer size, out = length with the NUL. */
static void put_str(char *dst, int *len, const char *src)
{
    if (!len)
        return;
    if (dst && *len > 0) {
        strncpy(dst, src, (size_t)*len - 1);
        dst[*len - 1] = 0;
    }
    *len = (int)strlen(src) + 1;
}

int PMPI_T_init_thread(int required, int *provided)
{
    if (provided)
        *provided = required < MPI_THREAD_FUNNELED ? required : MPI_THREAD_FUNNELED;
    if (!t_inits++ && !mpi_initialized)
        params_from_env();     /* the values MPI_Init will use */
    return MPI_SUCCESS;
}
MPI_ALIAS(T_init_thread);

int PMPI_T_finalize(void)
{
    NEED_INIT();
    t_inits--;
    return MPI_SUCCESS;
}
MPI_ALIAS(T_finalize);

int PMPI_T_enum_get_info(MPI_T_enum e, int *num, char *name, int *name_len)
{
    (void)e; (void)num; (void)name; (void)name_len;
    NEED_INIT();
    return MPI_T_ERR_INVALID_HANDLE;   /* there are no enumerations */
}
MPI_ALIAS(T_enum_get_info);

int PMPI_T_enum_get_item(MPI_T_enum e, int index, int *value, char *name, int *name_len)
{
    (void)e; (void)index; (void)value; (void)name; (void)name_len;
    NEED_INIT();
    return MPI_T_ERR_INVALID_HANDLE;
}
MPI_ALIAS(T_enum_get_item);

int PMPI_T_cvar_get_num(int *n)
{
    NEED_INIT();
    *n = NCVAR;
    return MPI_SUCCESS;
}
MPI_ALIAS(T_cvar_get_num);

int PMPI_T_cvar_get_info(int i, char *name, int *name_len, int *verbosity, MPI_Datatype *dt,
                         MPI_T_enum *en, char *desc, int *desc_len, int *binding, int *scope)
{
    NEED_INIT();
    if (i < 0 || i >= NCVAR)
        return MPI_T_ERR_INVALID_INDEX;
    put_str(name, name_len, cvars[i].name);
    put_str(desc, desc_len, cvars[i].desc);
    if (verbosity) *verbosity = MPI_T_VERBOSITY_USER_BASIC;
    if (dt) *dt = cvars[i].dt;
    if (en) *en = MPI_T_ENUM_NULL;
    if (binding) *binding = MPI_T_BIND_NO_OBJECT;
    if (scope) *scope = cvars[i].scope;
    return MPI_SUCCESS;
}
MPI_ALIAS(T_cvar_get_info);

int PMPI_T_cvar_get_index(const char *name, int *index)
{
    NEED_INIT();
    for (int i = 0; name && i < NCVAR; i++)
        if (!strcmp(name, cvars[i].name)) {
            *index = i;
            return MPI_SUCCESS;
        }
    return MPI_T_ERR_INVALID_NAME;
}
MPI_ALIAS(T_cvar_get_index);

/* A cvar handle is its index + 1 (no object binding, so no state). */
int PMPI_T_cvar_handle_alloc(int i, void *obj, MPI_T_cvar_handle *h, int *count)
{
    (void)obj;
    NEED_INIT();
    if (i < 0 || i >= NCVAR)
        return MPI_T_ERR_INVALID_INDEX;
    *h = i + 1;
    *count = 1;
    return MPI_SUCCESS;
}
MPI_ALIAS(T_cvar_handle_alloc);

int PMPI_T_cvar_handle_free(MPI_T_cvar_handle *h)
{
    NEED_INIT();
    if (!h || *h < 1 || *h > NCVAR)
        return MPI_T_ERR_INVALID_HANDLE;
    *h = MPI_T_CVAR_HANDLE_NULL;
    return MPI_SUCCESS;
}
MPI_ALIAS(T_cvar_handle_free);

static size_t cvar_size(int i)
{
    return cvars[i].dt == MPI_INT ? sizeof(int) : sizeof(long long);
}

int PMPI_T_cvar_read(MPI_T_cvar_handle h, void *buf)
{
    NEED_INIT();
    if (h < 1 || h > NCVAR)
        return MPI_T_ERR_INVALID_HANDLE;
    memcpy(buf, cvars[h - 1].val, cvar_size(h - 1));
    return MPI_SUCCESS;
}
MPI_ALIAS(T_cvar_read);

int PMPI_T_cvar_write(MPI_T_cvar_handle h, const void *buf)
{
    NEED_INIT();
    if (h < 1 || h > NCVAR)
        return MPI_T_ERR_INVALID_HANDLE;
    if (cvars[h - 1].scope != MPI_T_SCOPE_LOCAL)
        return MPI_T_ERR_CVAR_SET_NEVER;
    int v;
    memcpy(&v, buf, sizeof v);
    if (v < SPIN_POLL || v > 1000000)
        return MPI_T_ERR_INVALID;
    memcpy(cvars[h - 1].val, &v, sizeof v);
    return MPI_SUCCESS;
}
MPI_ALIAS(T_cvar_write);

int PMPI_T_pvar_get_num(int *n)
{
    NEED_INIT();
    *n = NPVAR;
    return MPI_SUCCESS;
}
MPI_ALIAS(T_pvar_get_num);

int PMPI_T_pvar_get_info(int i, char *name, int *name_len, int *verbosity, int *var_class,
                         MPI_Datatype *dt, MPI_T_enum *en, char *desc, int *desc_len,
                         int *binding, int *readonly, int *continuous, int *atomic)
{
    NEED_INIT();
    if (i < 0 || i >= NPVAR)
        return MPI_T_ERR_INVALID_INDEX;
    put_str(name, name_len, pvars[i].name);
    put_str(desc, desc_len, pvars[i].desc);
    if (verbosity) *verbosity = MPI_T_VERBOSITY_USER_BASIC;
    if (var_class) *var_class = MPI_T_PVAR_CLASS_COUNTER;
    if (dt) *dt = MPI_UNSIGNED_LONG_LONG;
    if (en) *en = MPI_T_ENUM_NULL;
    if (binding) *binding = MPI_T_BIND_NO_OBJECT;
    if (readonly) *readonly = 1;
    if (continuous) *continuous = 1;
    if (atomic) *atomic = 0;
    return MPI_SUCCESS;
}
MPI_ALIAS(T_pvar_get_info);

int PMPI_T_pvar_get_index(const char *name, int var_class, int *index)
{
    NEED_INIT();
    if (var_class != MPI_T_PVAR_CLASS_COUNTER)
        return MPI_T_ERR_INVALID_NAME;
    for (int i = 0; name && i < NPVAR; i++)
        if (!strcmp(name, pvars[i].name)) {
            *index = i;
            return MPI_SUCCESS;
        }
    return MPI_T_ERR_INVALID_NAME;
}
MPI_ALIAS(T_pvar_get_index);

/* Sessions carry no state (every variable is continuous and read-only). */
static int next_session = 1;

int PMPI_T_pvar_session_create(MPI_T_pvar_session *s)
{
    NEED_INIT();
    *s = next_session++;
    return MPI_SUCCESS;
}
MPI_ALIAS(T_pvar_session_create);

int PMPI_T_pvar_session_free(MPI_T_pvar_session *s)
{
    NEED_INIT();
    if (!s || *s <= 0 || *s >= next_session)
        return MPI_T_ERR_INVALID_SESSION;
    *s = MPI_T_PVAR_SESSION_NULL;
    return MPI_SUCCESS;
}
MPI_ALIAS(T_pvar_session_free);

static int check_sh(MPI_T_pvar_session s, MPI_T_pvar_handle h)
{
    if (t_inits <= 0)
        return MPI_T_ERR_NOT_INITIALIZED;
    if (s <= 0 || s >= next_session)
        return MPI_T_ERR_INVALID_SESSION;
    if (h != MPI_T_PVAR_ALL_HANDLES && (h < 1 || h > NPVAR))
        return MPI_T_ERR_INVALID_HANDLE;
    return MPI_SUCCESS;
}

int PMPI_T_pvar_handle_alloc(MPI_T_pvar_session s, int i, void *obj, MPI_T_pvar_handle *h,
                             int *count)
{
    (void)obj;
    NEED_INIT();
    if (s <= 0 || s >= next_session)
        return MPI_T_ERR_INVALID_SESSION;
    if (i < 0 || i >= NPVAR)
        return MPI_T_ERR_INVALID_INDEX;
    *h = i + 1;
    *count = 1;
    return MPI_SUCCESS;
}
MPI_ALIAS(T_pvar_handle_alloc);

int PMPI_T_pvar_handle_free(MPI_T_pvar_session s, MPI_T_pvar_handle *h)
{
    int e = h ? check_sh(s, *h) : MPI_T_ERR_INVALID_HANDLE;
    if (e)
        return e;
    *h = MPI_T_PVAR_HANDLE_NULL;
    return MPI_SUCCESS;
}
MPI_ALIAS(T_pvar_handle_free);

int PMPI_T_pvar_start(MPI_T_pvar_session s, MPI_T_pvar_handle h)
{
    int e = check_sh(s, h);
    return e ? e : MPI_T_ERR_PVAR_NO_STARTSTOP;   /* continuous */
}
MPI_ALIAS(T_pvar_start);

int PMPI_T_pvar_stop(MPI_T_pvar_session s, MPI_T_pvar_handle h)
{
    int e = check_sh(s, h);
    return e ? e : MPI_T_ERR_PVAR_NO_STARTSTOP;
}
MPI_ALIAS(T_pvar_stop);

int PMPI_T_pvar_read(MPI_T_pvar_session s, MPI_T_pvar_handle h, void *buf)
{
    int e = check_sh(s, h);
    if (e)
        return e;
    if (h == MPI_T_PVAR_ALL_HANDLES)
        return MPI_T_ERR_INVALID_HANDLE;
    unsigned long long v = *pvars[h - 1].val;
    memcpy(buf, &v, sizeof v);
    return MPI_SUCCESS;
}
MPI_ALIAS(T_pvar_read);

int PMPI_T_pvar_write(MPI_T_pvar_session s, MPI_T_pvar_handle h, const void *buf)
{
    (void)buf;
    int e = check_sh(s, h);
    return e ? e : MPI_T_ERR_PVAR_NO_WRITE;
}
MPI_ALIAS(T_pvar_write);

int PMPI_T_pvar_reset(MPI_T_pvar_session s, MPI_T_pvar_handle h)
{
    int e = check_sh(s, h);
    return e ? e : MPI_T_ERR_PVAR_NO_WRITE;
}
MPI_ALIAS(T_pvar_reset);

int PMPI_T_pvar_readreset(MPI_T_pvar_session s, MPI_T_pvar_handle h, void *buf)
{
    (void)buf;
    int e = check_sh(s, h);
    return e ? e : MPI_T_ERR_PVAR_NO_WRITE;
}
MPI_ALIAS(T_pvar_readreset);

int PMPI_T_category_get_num(int *n)
{
    NEED_INIT();
    *n = NCAT;
    return MPI_SUCCESS;
}
MPI_ALIAS(T_category_get_num);

int PMPI_T_category_get_info(int i, char *name, int *name_len, char *desc, int *desc_len,
                             int *ncv, int *npv, int *ncat)
{
    NEED_INIT();
    if (i < 0 || i >= NCAT)
        return MPI_T_ERR_INVALID_INDEX;
    put_str(name, name_len, cats[i].name);
    put_str(desc, desc_len, cats[i].desc);
    if (ncv) *ncv = i == 0 ? NCVAR : 0;
    if (npv) *npv = i == 1 ? NPVAR : 0;
    if (ncat) *ncat = 0;
    return MPI_SUCCESS;
}
MPI_ALIAS(T_category_get_info);

int PMPI_T_category_get_index(const char *name, int *index)
{
    NEED_INIT();
    for (int i = 0; name && i < NCAT; i++)
        if (!strcmp(name, cats[i].name)) {
            *index = i;
            return MPI_SUCCESS;
        }
    return MPI_T_ERR_INVALID_NAME;
}
MPI_ALIAS(T_category_get_index);

static int list(int cat, int want, int n, int len, int idx[])
{
    if (t_inits <= 0)
        return MPI_T_ERR_NOT_INITIALIZED;
    if (cat < 0 || cat >= NCAT)
        return MPI_T_ERR_INVALID_INDEX;
    for (int i = 0; cat == want && i < n && i < len; i++)
        idx[i] = i;
    return MPI_SUCCESS;
}

int PMPI_T_category_get_cvars(int cat, int len, int idx[])
{
    return list(cat, 0, NCVAR, len, idx);
}
MPI_ALIAS(T_category_get_cvars);

int PMPI_T_category_get_pvars(int cat, int len, int idx[])
{
    return list(cat, 1, NPVAR, len, idx);
}
MPI_ALIAS(T_category_get_pvars);

int PMPI_T_category_get_categories(int cat, int len, int idx[])
{
    return list(cat, -1, 0, len, idx);
}
MPI_ALIAS(T_category_get_categories);

int PMPI_T_category_changed(int *stamp)
{
    NEED_INIT();
    *stamp = 0;                /* the categories never change */
    return MPI_SUCCESS;
}
MPI_ALIAS(T_category_changed);
