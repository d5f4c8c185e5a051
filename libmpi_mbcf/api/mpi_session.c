/* mpi_session.c - the Sessions Model (MPI-4.0 sec 11.3): MPI_Session_init
 * initializes the library if nothing has (and the last MPI_Session_finalize
 * then finalizes it, unless MPI_Init has also been called); two process
 * sets, "mpi://WORLD" and "mpi://SELF" (sec 11.3.2); groups from them and
 * communicators from groups (MPI_Comm_create_from_group: collective over
 * the group only, made with MPI_Comm_create_group on the world
 * communicator, the string tag hashed into its tag); session error
 * handlers. */
#include "mpi_export.h"
#include "mpi_errhandler.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* 1: the library was initialized by MPI_Session_init and MPI_Init has not
 * been called (mpi_init.c reads it) */
int mpi_session_lib;

#define NSESS 64
static struct {
    int used;
    MPI_Errhandler eh;
    MPI_Info info;
} sess[NSESS + 1];
static int nlive;
/* session error handler functions, by handle (made as communicator ones) */
#define NSEH 32
static struct {
    MPI_Errhandler eh;
    MPI_Session_errhandler_function *fn;
} seh[NSEH];

static const char *const psets[] = { "mpi://WORLD", "mpi://SELF" };

static int sess_ok(MPI_Session s)
{
    return s >= 1 && s <= NSESS && sess[s].used;
}

/* Report code on session s through its error handler; returns code. */
static int sess_err(MPI_Session s, int code, const char *fn)
{
    MPI_Errhandler eh = sess_ok(s) ? sess[s].eh : MPI_ERRORS_ARE_FATAL;
    if (code == MPI_SUCCESS || eh == MPI_ERRORS_RETURN)
        return code;
    for (int i = 0; i < NSEH; i++)
        if (seh[i].fn && seh[i].eh == eh) {
            MPI_Session ss = s;
            int c = code;
            seh[i].fn(&ss, &c);
            return code;
        }
    fprintf(stderr, "libmpi_mbcf: fatal error in %s on rank %d: error code %d\n", fn,
            mpi_world_rank, code);
    PMPI_Abort(MPI_COMM_WORLD, code);
    return code;
}

int PMPI_Session_init(MPI_Info info, MPI_Errhandler eh, MPI_Session *session)
{
    if (!session)
        return sess_err(0, MPI_ERR_ARG, "MPI_Session_init");
    int s = 1;
    while (s <= NSESS && sess[s].used)
        s++;
    if (s > NSESS)
        return sess_err(0, MPI_ERR_NO_MEM, "MPI_Session_init");
    if (!mpi_initialized) {
        if (mpi_finalized)
            return sess_err(0, MPI_ERR_OTHER, "MPI_Session_init");
        int e = PMPI_Init(NULL, NULL);
        if (e)
            return e;
        mpi_session_lib = 1;
    }
    sess[s].used = 1;
    sess[s].eh = eh == MPI_ERRHANDLER_NULL ? MPI_ERRORS_ARE_FATAL : eh;
    sess[s].info = MPI_INFO_NULL;
    if (info != MPI_INFO_NULL && PMPI_Info_dup(info, &sess[s].info))
        sess[s].info = MPI_INFO_NULL;
    nlive++;
    *session = s;
    return MPI_SUCCESS;
}
MPI_ALIAS(Session_init);

int PMPI_Session_finalize(MPI_Session *session)
{
    if (!session || !sess_ok(*session))
        return sess_err(0, MPI_ERR_SESSION, "MPI_Session_finalize");
    MPI_Session s = *session;
    if (sess[s].info != MPI_INFO_NULL)
        PMPI_Info_free(&sess[s].info);
    sess[s].used = 0;
    *session = MPI_SESSION_NULL;
    if (--nlive == 0 && mpi_session_lib == 1 && mpi_initialized && !mpi_finalized) {
        mpi_session_lib = 0;
        return PMPI_Finalize();
    }
    return MPI_SUCCESS;
}
MPI_ALIAS(Session_finalize);

int PMPI_Session_get_num_psets(MPI_Session s, MPI_Info info, int *n)
{
    (void)info;
    if (!sess_ok(s))
        return sess_err(0, MPI_ERR_SESSION, "MPI_Session_get_num_psets");
    if (!n)
        return sess_err(s, MPI_ERR_ARG, "MPI_Session_get_num_psets");
    *n = 2;
    return MPI_SUCCESS;
}
MPI_ALIAS(Session_get_num_psets);

int PMPI_Session_get_nth_pset(MPI_Session s, MPI_Info info, int n, int *len, char *name)
{
    (void)info;
    if (!sess_ok(s))
        return sess_err(0, MPI_ERR_SESSION, "MPI_Session_get_nth_pset");
    if (n < 0 || n > 1 || !len || *len < 0 || (*len && !name))
        return sess_err(s, MPI_ERR_ARG, "MPI_Session_get_nth_pset");
    int need = (int)strlen(psets[n]) + 1;
    if (*len) /* sec 11.3.2: truncated to *len - 1 characters */
        snprintf(name, (size_t)*len, "%s", psets[n]);
    *len = need;
    return MPI_SUCCESS;
}
MPI_ALIAS(Session_get_nth_pset);

static int pset_index(const char *name)
{
    for (int i = 0; name && i < 2; i++)
        if (!strcasecmp(name, psets[i]))
            return i;
    return -1;
}

int PMPI_Session_get_pset_info(MPI_Session s, const char *pset, MPI_Info *info)
{
    if (!sess_ok(s))
        return sess_err(0, MPI_ERR_SESSION, "MPI_Session_get_pset_info");
    int i = pset_index(pset);
    if (i < 0 || !info)
        return sess_err(s, MPI_ERR_ARG, "MPI_Session_get_pset_info");
    char v[16];
    snprintf(v, sizeof v, "%d", i == 0 ? mpi_world_size : 1);
    int e = PMPI_Info_create(info);
    if (!e)
        e = PMPI_Info_set(*info, "mpi_size", v);
    return e ? sess_err(s, e, "MPI_Session_get_pset_info") : MPI_SUCCESS;
}
MPI_ALIAS(Session_get_pset_info);

int PMPI_Session_get_info(MPI_Session s, MPI_Info *info)
{
    if (!sess_ok(s))
        return sess_err(0, MPI_ERR_SESSION, "MPI_Session_get_info");
    if (!info)
        return sess_err(s, MPI_ERR_ARG, "MPI_Session_get_info");
    int e = sess[s].info != MPI_INFO_NULL ? PMPI_Info_dup(sess[s].info, info)
                                          : PMPI_Info_create(info);
    if (!e)
        e = PMPI_Info_set(*info, "thread_level", "MPI_THREAD_SINGLE");
    return e ? sess_err(s, e, "MPI_Session_get_info") : MPI_SUCCESS;
}
MPI_ALIAS(Session_get_info);

int PMPI_Group_from_session_pset(MPI_Session s, const char *pset, MPI_Group *group)
{
    if (!sess_ok(s))
        return sess_err(0, MPI_ERR_SESSION, "MPI_Group_from_session_pset");
    int i = pset_index(pset);
    if (i < 0 || !group)
        return sess_err(s, MPI_ERR_ARG, "MPI_Group_from_session_pset");
    int e = PMPI_Comm_group(i == 0 ? MPI_COMM_WORLD : MPI_COMM_SELF, group);
    return e ? sess_err(s, e, "MPI_Group_from_session_pset") : MPI_SUCCESS;
}
MPI_ALIAS(Group_from_session_pset);

/* FNV-1a of the string tag, as a tag (0..2^30-1) */
static int tag_of(const char *t)
{
    uint32_t h = 2166136261u;
    for (; t && *t; t++)
        h = (h ^ (unsigned char)*t) * 16777619u;
    return (int)(h & 0x3fffffff);
}

int PMPI_Comm_create_from_group(MPI_Group group, const char *stringtag, MPI_Info info,
                                MPI_Errhandler eh, MPI_Comm *newcomm)
{
    (void)info;
    CHECK_INIT("MPI_Comm_create_from_group");
    if (!stringtag || !newcomm)
        return mpi_err(MPI_COMM_SELF, MPI_ERR_ARG, "MPI_Comm_create_from_group");
    int e = PMPI_Comm_create_group(MPI_COMM_WORLD, group, tag_of(stringtag), newcomm);
    if (!e && *newcomm != MPI_COMM_NULL)
        PMPI_Comm_set_errhandler(*newcomm, eh == MPI_ERRHANDLER_NULL ? MPI_ERRORS_ARE_FATAL : eh);
    return e;
}
MPI_ALIAS(Comm_create_from_group);

int PMPI_Intercomm_create_from_groups(MPI_Group local_group, int local_leader,
                                      MPI_Group remote_group, int remote_leader,
                                      const char *stringtag, MPI_Info info, MPI_Errhandler eh,
                                      MPI_Comm *newintercomm)
{
    CHECK_INIT("MPI_Intercomm_create_from_groups");
    if (!stringtag || !newintercomm)
        return mpi_err(MPI_COMM_SELF, MPI_ERR_ARG, "MPI_Intercomm_create_from_groups");
    MPI_Comm local;
    MPI_Group world;
    int wleader, e = PMPI_Comm_create_from_group(local_group, stringtag, info, eh, &local);
    if (e)
        return e;
    PMPI_Comm_group(MPI_COMM_WORLD, &world);
    e = PMPI_Group_translate_ranks(remote_group, 1, &remote_leader, world, &wleader);
    PMPI_Group_free(&world);
    if (!e)
        e = PMPI_Intercomm_create(local, local_leader, MPI_COMM_WORLD, wleader,
                                  tag_of(stringtag) & 0x7fff, newintercomm);
    if (!e)
        PMPI_Comm_set_errhandler(*newintercomm,
                                 eh == MPI_ERRHANDLER_NULL ? MPI_ERRORS_ARE_FATAL : eh);
    PMPI_Comm_free(&local);
    return e;
}
MPI_ALIAS(Intercomm_create_from_groups);

int PMPI_Session_create_errhandler(MPI_Session_errhandler_function *fn, MPI_Errhandler *eh)
{
    if (!fn || !eh)
        return sess_err(0, MPI_ERR_ARG, "MPI_Session_create_errhandler");
    for (int i = 0; i < NSEH; i++)
        if (!seh[i].fn) {
            int e = PMPI_Comm_create_errhandler((MPI_Comm_errhandler_function *)(void *)fn, eh);
            if (e)
                return e;
            seh[i].eh = *eh;
            seh[i].fn = fn;
            return MPI_SUCCESS;
        }
    return sess_err(0, MPI_ERR_NO_MEM, "MPI_Session_create_errhandler");
}
MPI_ALIAS(Session_create_errhandler);

int PMPI_Session_set_errhandler(MPI_Session s, MPI_Errhandler eh)
{
    if (!sess_ok(s))
        return sess_err(0, MPI_ERR_SESSION, "MPI_Session_set_errhandler");
    sess[s].eh = eh;
    return MPI_SUCCESS;
}
MPI_ALIAS(Session_set_errhandler);

int PMPI_Session_get_errhandler(MPI_Session s, MPI_Errhandler *eh)
{
    if (!sess_ok(s) || !eh)
        return sess_err(0, sess_ok(s) ? MPI_ERR_ARG : MPI_ERR_SESSION, "MPI_Session_get_errhandler");
    *eh = sess[s].eh;
    return MPI_SUCCESS;
}
MPI_ALIAS(Session_get_errhandler);

int PMPI_Session_call_errhandler(MPI_Session s, int code)
{
    if (!sess_ok(s))
        return sess_err(0, MPI_ERR_SESSION, "MPI_Session_call_errhandler");
    sess_err(s, code, "MPI_Session_call_errhandler");
    return MPI_SUCCESS;
}
MPI_ALIAS(Session_call_errhandler);

MPI_Fint PMPI_Session_c2f(MPI_Session s)
{
    return s;
}
MPI_ALIAS(Session_c2f);
MPI_Session PMPI_Session_f2c(MPI_Fint s)
{
    return s;
}
MPI_ALIAS(Session_f2c);
