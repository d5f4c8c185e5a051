/* mpi_unsupported_gen.c - the rest of the MPI-3.1 C functions (the list:
 * tests/mpi/mpi31_functions.txt) that libmpi_mbcf does not implement: I/O
 * beyond the few File_ calls of mpi_unsupported.c, name publishing. Each
 * prints its name once per call and returns
 * MPI_ERR_UNSUPPORTED_OPERATION (functions returning a handle return 0, the
 * null handle). Generated once from the standard prototypes; edit freely. */
#include "mpi_export.h"
#include "mpi_unsupported.h"

MPI_Fint PMPI_File_c2f(MPI_File file)
{
    (void)file;
    unsupported("MPI_File_c2f");
    return 0;
}
MPI_ALIAS(File_c2f);

int PMPI_File_call_errhandler(MPI_File fh, int errorcode)
{
    (void)fh; (void)errorcode;
    return unsupported("MPI_File_call_errhandler");
}
MPI_ALIAS(File_call_errhandler);

int PMPI_File_create_errhandler(MPI_File_errhandler_function *file_errhandler_fn, MPI_Errhandler *errhandler)
{
    (void)file_errhandler_fn; (void)errhandler;
    return unsupported("MPI_File_create_errhandler");
}
MPI_ALIAS(File_create_errhandler);

MPI_File PMPI_File_f2c(MPI_Fint file)
{
    (void)file;
    unsupported("MPI_File_f2c");
    return 0;
}
MPI_ALIAS(File_f2c);

int PMPI_File_get_amode(MPI_File fh, int *amode)
{
    (void)fh; (void)amode;
    return unsupported("MPI_File_get_amode");
}
MPI_ALIAS(File_get_amode);

int PMPI_File_get_atomicity(MPI_File fh, int *flag)
{
    (void)fh; (void)flag;
    return unsupported("MPI_File_get_atomicity");
}
MPI_ALIAS(File_get_atomicity);

int PMPI_File_get_byte_offset(MPI_File fh, MPI_Offset offset, MPI_Offset *disp)
{
    (void)fh; (void)offset; (void)disp;
    return unsupported("MPI_File_get_byte_offset");
}
MPI_ALIAS(File_get_byte_offset);

int PMPI_File_get_errhandler(MPI_File file, MPI_Errhandler *errhandler)
{
    (void)file; (void)errhandler;
    return unsupported("MPI_File_get_errhandler");
}
MPI_ALIAS(File_get_errhandler);

int PMPI_File_get_group(MPI_File fh, MPI_Group *group)
{
    (void)fh; (void)group;
    return unsupported("MPI_File_get_group");
}
MPI_ALIAS(File_get_group);

int PMPI_File_get_info(MPI_File fh, MPI_Info *info_used)
{
    (void)fh; (void)info_used;
    return unsupported("MPI_File_get_info");
}
MPI_ALIAS(File_get_info);

int PMPI_File_get_position(MPI_File fh, MPI_Offset *offset)
{
    (void)fh; (void)offset;
    return unsupported("MPI_File_get_position");
}
MPI_ALIAS(File_get_position);

int PMPI_File_get_position_shared(MPI_File fh, MPI_Offset *offset)
{
    (void)fh; (void)offset;
    return unsupported("MPI_File_get_position_shared");
}
MPI_ALIAS(File_get_position_shared);

int PMPI_File_get_type_extent(MPI_File fh, MPI_Datatype datatype, MPI_Aint *extent)
{
    (void)fh; (void)datatype; (void)extent;
    return unsupported("MPI_File_get_type_extent");
}
MPI_ALIAS(File_get_type_extent);

int PMPI_File_get_view(MPI_File fh, MPI_Offset *disp, MPI_Datatype *etype, MPI_Datatype *filetype, char *datarep)
{
    (void)fh; (void)disp; (void)etype; (void)filetype; (void)datarep;
    return unsupported("MPI_File_get_view");
}
MPI_ALIAS(File_get_view);

int PMPI_File_iread(MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPI_Request *request)
{
    (void)fh; (void)buf; (void)count; (void)datatype; (void)request;
    return unsupported("MPI_File_iread");
}
MPI_ALIAS(File_iread);

int PMPI_File_iread_all(MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPI_Request *request)
{
    (void)fh; (void)buf; (void)count; (void)datatype; (void)request;
    return unsupported("MPI_File_iread_all");
}
MPI_ALIAS(File_iread_all);

int PMPI_File_iread_at(MPI_File fh, MPI_Offset offset, void *buf, int count, MPI_Datatype datatype, MPI_Request *request)
{
    (void)fh; (void)offset; (void)buf; (void)count; (void)datatype; (void)request;
    return unsupported("MPI_File_iread_at");
}
MPI_ALIAS(File_iread_at);

int PMPI_File_iread_at_all(MPI_File fh, MPI_Offset offset, void *buf, int count, MPI_Datatype datatype, MPI_Request *request)
{
    (void)fh; (void)offset; (void)buf; (void)count; (void)datatype; (void)request;
    return unsupported("MPI_File_iread_at_all");
}
MPI_ALIAS(File_iread_at_all);

int PMPI_File_iread_shared(MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPI_Request *request)
{
    (void)fh; (void)buf; (void)count; (void)datatype; (void)request;
    return unsupported("MPI_File_iread_shared");
}
MPI_ALIAS(File_iread_shared);

int PMPI_File_iwrite(MPI_File fh, const void *buf, int count, MPI_Datatype datatype, MPI_Request *request)
{
    (void)fh; (void)buf; (void)count; (void)datatype; (void)request;
    return unsupported("MPI_File_iwrite");
}
MPI_ALIAS(File_iwrite);

int PMPI_File_iwrite_all(MPI_File fh, const void *buf, int count, MPI_Datatype datatype, MPI_Request *request)
{
    (void)fh; (void)buf; (void)count; (void)datatype; (void)request;
    return unsupported("MPI_File_iwrite_all");
}
MPI_ALIAS(File_iwrite_all);

int PMPI_File_iwrite_at(MPI_File fh, MPI_Offset offset, const void *buf, int count, MPI_Datatype datatype, MPI_Request *request)
{
    (void)fh; (void)offset; (void)buf; (void)count; (void)datatype; (void)request;
    return unsupported("MPI_File_iwrite_at");
}
MPI_ALIAS(File_iwrite_at);

int PMPI_File_iwrite_at_all(MPI_File fh, MPI_Offset offset, const void *buf, int count, MPI_Datatype datatype, MPI_Request *request)
{
    (void)fh; (void)offset; (void)buf; (void)count; (void)datatype; (void)request;
    return unsupported("MPI_File_iwrite_at_all");
}
MPI_ALIAS(File_iwrite_at_all);

int PMPI_File_iwrite_shared(MPI_File fh, const void *buf, int count, MPI_Datatype datatype, MPI_Request *request)
{
    (void)fh; (void)buf; (void)count; (void)datatype; (void)request;
    return unsupported("MPI_File_iwrite_shared");
}
MPI_ALIAS(File_iwrite_shared);

int PMPI_File_preallocate(MPI_File fh, MPI_Offset size)
{
    (void)fh; (void)size;
    return unsupported("MPI_File_preallocate");
}
MPI_ALIAS(File_preallocate);

int PMPI_File_read_all_begin(MPI_File fh, void *buf, int count, MPI_Datatype datatype)
{
    (void)fh; (void)buf; (void)count; (void)datatype;
    return unsupported("MPI_File_read_all_begin");
}
MPI_ALIAS(File_read_all_begin);

int PMPI_File_read_all_end(MPI_File fh, void *buf, MPI_Status *status)
{
    (void)fh; (void)buf; (void)status;
    return unsupported("MPI_File_read_all_end");
}
MPI_ALIAS(File_read_all_end);

int PMPI_File_read_at_all(MPI_File fh, MPI_Offset offset, void * buf, int count, MPI_Datatype datatype, MPI_Status *status)
{
    (void)fh; (void)offset; (void)buf; (void)count; (void)datatype; (void)status;
    return unsupported("MPI_File_read_at_all");
}
MPI_ALIAS(File_read_at_all);

int PMPI_File_read_at_all_begin(MPI_File fh, MPI_Offset offset, void *buf, int count, MPI_Datatype datatype)
{
    (void)fh; (void)offset; (void)buf; (void)count; (void)datatype;
    return unsupported("MPI_File_read_at_all_begin");
}
MPI_ALIAS(File_read_at_all_begin);

int PMPI_File_read_at_all_end(MPI_File fh, void *buf, MPI_Status *status)
{
    (void)fh; (void)buf; (void)status;
    return unsupported("MPI_File_read_at_all_end");
}
MPI_ALIAS(File_read_at_all_end);

int PMPI_File_read_ordered(MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPI_Status *status)
{
    (void)fh; (void)buf; (void)count; (void)datatype; (void)status;
    return unsupported("MPI_File_read_ordered");
}
MPI_ALIAS(File_read_ordered);

int PMPI_File_read_ordered_begin(MPI_File fh, void *buf, int count, MPI_Datatype datatype)
{
    (void)fh; (void)buf; (void)count; (void)datatype;
    return unsupported("MPI_File_read_ordered_begin");
}
MPI_ALIAS(File_read_ordered_begin);

int PMPI_File_read_ordered_end(MPI_File fh, void *buf, MPI_Status *status)
{
    (void)fh; (void)buf; (void)status;
    return unsupported("MPI_File_read_ordered_end");
}
MPI_ALIAS(File_read_ordered_end);

int PMPI_File_read_shared(MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPI_Status *status)
{
    (void)fh; (void)buf; (void)count; (void)datatype; (void)status;
    return unsupported("MPI_File_read_shared");
}
MPI_ALIAS(File_read_shared);

int PMPI_File_seek_shared(MPI_File fh, MPI_Offset offset, int whence)
{
    (void)fh; (void)offset; (void)whence;
    return unsupported("MPI_File_seek_shared");
}
MPI_ALIAS(File_seek_shared);

int PMPI_File_set_atomicity(MPI_File fh, int flag)
{
    (void)fh; (void)flag;
    return unsupported("MPI_File_set_atomicity");
}
MPI_ALIAS(File_set_atomicity);

int PMPI_File_set_errhandler(MPI_File file, MPI_Errhandler errhandler)
{
    (void)file; (void)errhandler;
    return unsupported("MPI_File_set_errhandler");
}
MPI_ALIAS(File_set_errhandler);

int PMPI_File_set_info(MPI_File fh, MPI_Info info)
{
    (void)fh; (void)info;
    return unsupported("MPI_File_set_info");
}
MPI_ALIAS(File_set_info);

int PMPI_File_set_size(MPI_File fh, MPI_Offset size)
{
    (void)fh; (void)size;
    return unsupported("MPI_File_set_size");
}
MPI_ALIAS(File_set_size);

int PMPI_File_sync(MPI_File fh)
{
    (void)fh;
    return unsupported("MPI_File_sync");
}
MPI_ALIAS(File_sync);

int PMPI_File_write_all_begin(MPI_File fh, const void *buf, int count, MPI_Datatype datatype)
{
    (void)fh; (void)buf; (void)count; (void)datatype;
    return unsupported("MPI_File_write_all_begin");
}
MPI_ALIAS(File_write_all_begin);

int PMPI_File_write_all_end(MPI_File fh, const void *buf, MPI_Status *status)
{
    (void)fh; (void)buf; (void)status;
    return unsupported("MPI_File_write_all_end");
}
MPI_ALIAS(File_write_all_end);

int PMPI_File_write_at_all(MPI_File fh, MPI_Offset offset, const void *buf, int count, MPI_Datatype datatype, MPI_Status *status)
{
    (void)fh; (void)offset; (void)buf; (void)count; (void)datatype; (void)status;
    return unsupported("MPI_File_write_at_all");
}
MPI_ALIAS(File_write_at_all);

int PMPI_File_write_at_all_begin(MPI_File fh, MPI_Offset offset, const void *buf, int count, MPI_Datatype datatype)
{
    (void)fh; (void)offset; (void)buf; (void)count; (void)datatype;
    return unsupported("MPI_File_write_at_all_begin");
}
MPI_ALIAS(File_write_at_all_begin);

int PMPI_File_write_at_all_end(MPI_File fh, const void *buf, MPI_Status *status)
{
    (void)fh; (void)buf; (void)status;
    return unsupported("MPI_File_write_at_all_end");
}
MPI_ALIAS(File_write_at_all_end);

int PMPI_File_write_ordered(MPI_File fh, const void *buf, int count, MPI_Datatype datatype, MPI_Status *status)
{
    (void)fh; (void)buf; (void)count; (void)datatype; (void)status;
    return unsupported("MPI_File_write_ordered");
}
MPI_ALIAS(File_write_ordered);

int PMPI_File_write_ordered_begin(MPI_File fh, const void *buf, int count, MPI_Datatype datatype)
{
    (void)fh; (void)buf; (void)count; (void)datatype;
    return unsupported("MPI_File_write_ordered_begin");
}
MPI_ALIAS(File_write_ordered_begin);

int PMPI_File_write_ordered_end(MPI_File fh, const void *buf, MPI_Status *status)
{
    (void)fh; (void)buf; (void)status;
    return unsupported("MPI_File_write_ordered_end");
}
MPI_ALIAS(File_write_ordered_end);

int PMPI_File_write_shared(MPI_File fh, const void *buf, int count, MPI_Datatype datatype, MPI_Status *status)
{
    (void)fh; (void)buf; (void)count; (void)datatype; (void)status;
    return unsupported("MPI_File_write_shared");
}
MPI_ALIAS(File_write_shared);








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







