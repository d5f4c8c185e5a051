/* mpi_unsupported_gen.c - the rest of the MPI-3.1 C functions (the list:
 * tests/mpi/mpi31_functions.txt) that libmpi_mbcf does not implement: user
 * data representations (MPI_Register_datarep), name publishing. Each
 * prints its name once per call and returns
 * MPI_ERR_UNSUPPORTED_OPERATION (functions returning a handle return 0, the
 * null handle). Generated once from the standard prototypes; edit freely. */
#include "mpi_export.h"
#include "mpi_unsupported.h"

int PMPI_Lookup_name(const char *service_name, MPI_Info info, char *port_name)
{
    (void)service_name; (void)info; (void)port_name;
    return unsupported("MPI_Lookup_name");
}
MPI_ALIAS(Lookup_name);

int PMPI_Publish_name(const char *service_name, MPI_Info info, const char *port_name)
{
    (void)service_name; (void)info; (void)port_name;
    return unsupported("MPI_Publish_name");
}
MPI_ALIAS(Publish_name);

int PMPI_Register_datarep(const char *datarep, MPI_Datarep_conversion_function *read_conversion_fn, MPI_Datarep_conversion_function *write_conversion_fn, MPI_Datarep_extent_function *dtype_file_extent_fn, void *extra_state)
{
    (void)datarep; (void)read_conversion_fn; (void)write_conversion_fn; (void)dtype_file_extent_fn; (void)extra_state;
    return unsupported("MPI_Register_datarep");
}
MPI_ALIAS(Register_datarep);

int PMPI_Unpublish_name(const char *service_name, MPI_Info info, const char *port_name)
{
    (void)service_name; (void)info; (void)port_name;
    return unsupported("MPI_Unpublish_name");
}
MPI_ALIAS(Unpublish_name);

