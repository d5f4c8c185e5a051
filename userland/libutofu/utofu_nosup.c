/* utofu_nosup.c - the uTofu calls the emulated controller does not implement:
 * each exists, names itself on stderr and returns UTOFU_ERR_NOT_SUPPORTED. */
#include "utofu_internal.h"

int utofu_get_barrier_tnis(utofu_tni_id_t **tni_ids, size_t *num_tnis)
{
    (void)tni_ids;
    (void)num_tnis;
    return utofu_nosup("utofu_get_barrier_tnis");
}

int utofu_query_barrier_caps(utofu_tni_id_t tni_id, struct utofu_barrier_caps **tni_caps)
{
    (void)tni_id;
    (void)tni_caps;
    return utofu_nosup("utofu_query_barrier_caps");
}

int utofu_set_vcq_id_path(utofu_vcq_id_t *vcq_id, uint8_t path_coords[])
{
    (void)vcq_id;
    (void)path_coords;
    return utofu_nosup("utofu_set_vcq_id_path");
}

int utofu_alloc_vbg(utofu_tni_id_t tni_id, size_t num_vbgs, unsigned long int flags, utofu_vbg_id_t vbg_ids[])
{
    (void)tni_id;
    (void)num_vbgs;
    (void)flags;
    (void)vbg_ids;
    return utofu_nosup("utofu_alloc_vbg");
}

int utofu_free_vbg(utofu_vbg_id_t vbg_ids[], size_t num_vbgs)
{
    (void)vbg_ids;
    (void)num_vbgs;
    return utofu_nosup("utofu_free_vbg");
}

int utofu_set_vbg(struct utofu_vbg_setting vbg_settings[], size_t num_vbg_settings)
{
    (void)vbg_settings;
    (void)num_vbg_settings;
    return utofu_nosup("utofu_set_vbg");
}

int utofu_query_vbg_info(utofu_vbg_id_t vbg_id, uint8_t coords[], utofu_tni_id_t *tni_id, utofu_bg_id_t *bg_id, uint16_t *extra_val)
{
    (void)vbg_id;
    (void)coords;
    (void)tni_id;
    (void)bg_id;
    (void)extra_val;
    return utofu_nosup("utofu_query_vbg_info");
}

int utofu_get_path_id(utofu_vcq_id_t vcq_id, uint8_t path_coords[], utofu_path_id_t *path_id)
{
    (void)vcq_id;
    (void)path_coords;
    (void)path_id;
    return utofu_nosup("utofu_get_path_id");
}

int utofu_get_path_coords(utofu_vcq_id_t vcq_id, utofu_path_id_t path_id, uint8_t path_coords[])
{
    (void)vcq_id;
    (void)path_id;
    (void)path_coords;
    return utofu_nosup("utofu_get_path_coords");
}

int utofu_reg_mem_with_stag(utofu_vcq_hdl_t vcq_hdl, void *addr, size_t size, unsigned int stag, unsigned long int flags, utofu_stadd_t *stadd)
{
    (void)vcq_hdl;
    (void)addr;
    (void)size;
    (void)stag;
    (void)flags;
    (void)stadd;
    return utofu_nosup("utofu_reg_mem_with_stag");
}

int utofu_query_stadd(utofu_vcq_id_t vcq_id, unsigned int stag, utofu_stadd_t *stadd)
{
    (void)vcq_id;
    (void)stag;
    (void)stadd;
    return utofu_nosup("utofu_query_stadd");
}

int utofu_put_gap(utofu_vcq_hdl_t vcq_hdl, utofu_vcq_id_t rmt_vcq_id, utofu_stadd_t lcl_stadd, utofu_stadd_t rmt_stadd, size_t length, uint64_t edata, unsigned long int flags, size_t mtu, size_t gap, void *cbdata)
{
    (void)vcq_hdl;
    (void)rmt_vcq_id;
    (void)lcl_stadd;
    (void)rmt_stadd;
    (void)length;
    (void)edata;
    (void)flags;
    (void)mtu;
    (void)gap;
    (void)cbdata;
    return utofu_nosup("utofu_put_gap");
}

int utofu_put_stride(utofu_vcq_hdl_t vcq_hdl, utofu_vcq_id_t rmt_vcq_id, utofu_stadd_t lcl_stadd, utofu_stadd_t rmt_stadd, size_t length, size_t stride, size_t num_blocks, uint64_t edata, unsigned long int flags, void *cbdata)
{
    (void)vcq_hdl;
    (void)rmt_vcq_id;
    (void)lcl_stadd;
    (void)rmt_stadd;
    (void)length;
    (void)stride;
    (void)num_blocks;
    (void)edata;
    (void)flags;
    (void)cbdata;
    return utofu_nosup("utofu_put_stride");
}

int utofu_put_stride_gap(utofu_vcq_hdl_t vcq_hdl, utofu_vcq_id_t rmt_vcq_id, utofu_stadd_t lcl_stadd, utofu_stadd_t rmt_stadd, size_t length, size_t stride, size_t num_blocks, uint64_t edata, unsigned long int flags, size_t mtu, size_t gap, void *cbdata)
{
    (void)vcq_hdl;
    (void)rmt_vcq_id;
    (void)lcl_stadd;
    (void)rmt_stadd;
    (void)length;
    (void)stride;
    (void)num_blocks;
    (void)edata;
    (void)flags;
    (void)mtu;
    (void)gap;
    (void)cbdata;
    return utofu_nosup("utofu_put_stride_gap");
}

int utofu_get_gap(utofu_vcq_hdl_t vcq_hdl, utofu_vcq_id_t rmt_vcq_id, utofu_stadd_t lcl_stadd, utofu_stadd_t rmt_stadd, size_t length, uint64_t edata, unsigned long int flags, size_t mtu, size_t gap, void *cbdata)
{
    (void)vcq_hdl;
    (void)rmt_vcq_id;
    (void)lcl_stadd;
    (void)rmt_stadd;
    (void)length;
    (void)edata;
    (void)flags;
    (void)mtu;
    (void)gap;
    (void)cbdata;
    return utofu_nosup("utofu_get_gap");
}

int utofu_get_stride(utofu_vcq_hdl_t vcq_hdl, utofu_vcq_id_t rmt_vcq_id, utofu_stadd_t lcl_stadd, utofu_stadd_t rmt_stadd, size_t length, size_t stride, size_t num_blocks, uint64_t edata, unsigned long int flags, void *cbdata)
{
    (void)vcq_hdl;
    (void)rmt_vcq_id;
    (void)lcl_stadd;
    (void)rmt_stadd;
    (void)length;
    (void)stride;
    (void)num_blocks;
    (void)edata;
    (void)flags;
    (void)cbdata;
    return utofu_nosup("utofu_get_stride");
}

int utofu_get_stride_gap(utofu_vcq_hdl_t vcq_hdl, utofu_vcq_id_t rmt_vcq_id, utofu_stadd_t lcl_stadd, utofu_stadd_t rmt_stadd, size_t length, size_t stride, size_t num_blocks, uint64_t edata, unsigned long int flags, size_t mtu, size_t gap, void *cbdata)
{
    (void)vcq_hdl;
    (void)rmt_vcq_id;
    (void)lcl_stadd;
    (void)rmt_stadd;
    (void)length;
    (void)stride;
    (void)num_blocks;
    (void)edata;
    (void)flags;
    (void)mtu;
    (void)gap;
    (void)cbdata;
    return utofu_nosup("utofu_get_stride_gap");
}

int utofu_armw4(utofu_vcq_hdl_t vcq_hdl, utofu_vcq_id_t rmt_vcq_id, enum utofu_armw_op armw_op, uint32_t op_value, utofu_stadd_t rmt_stadd, uint64_t edata, unsigned long int flags, void *cbdata)
{
    (void)vcq_hdl;
    (void)rmt_vcq_id;
    (void)armw_op;
    (void)op_value;
    (void)rmt_stadd;
    (void)edata;
    (void)flags;
    (void)cbdata;
    return utofu_nosup("utofu_armw4");
}

int utofu_cswap4(utofu_vcq_hdl_t vcq_hdl, utofu_vcq_id_t rmt_vcq_id, uint32_t old_value, uint32_t new_value, utofu_stadd_t rmt_stadd, uint64_t edata, unsigned long int flags, void *cbdata)
{
    (void)vcq_hdl;
    (void)rmt_vcq_id;
    (void)old_value;
    (void)new_value;
    (void)rmt_stadd;
    (void)edata;
    (void)flags;
    (void)cbdata;
    return utofu_nosup("utofu_cswap4");
}

int utofu_prepare_put(utofu_vcq_hdl_t vcq_hdl, utofu_vcq_id_t rmt_vcq_id, utofu_stadd_t lcl_stadd, utofu_stadd_t rmt_stadd, size_t length, uint64_t edata, unsigned long int flags, void *desc, size_t *desc_size)
{
    (void)vcq_hdl;
    (void)rmt_vcq_id;
    (void)lcl_stadd;
    (void)rmt_stadd;
    (void)length;
    (void)edata;
    (void)flags;
    (void)desc;
    (void)desc_size;
    return utofu_nosup("utofu_prepare_put");
}

int utofu_prepare_put_piggyback(utofu_vcq_hdl_t vcq_hdl, utofu_vcq_id_t rmt_vcq_id, void *lcl_data, utofu_stadd_t rmt_stadd, size_t length, uint64_t edata, unsigned long int flags, void *desc, size_t *desc_size)
{
    (void)vcq_hdl;
    (void)rmt_vcq_id;
    (void)lcl_data;
    (void)rmt_stadd;
    (void)length;
    (void)edata;
    (void)flags;
    (void)desc;
    (void)desc_size;
    return utofu_nosup("utofu_prepare_put_piggyback");
}

int utofu_prepare_get(utofu_vcq_hdl_t vcq_hdl, utofu_vcq_id_t rmt_vcq_id, utofu_stadd_t lcl_stadd, utofu_stadd_t rmt_stadd, size_t length, uint64_t edata, unsigned long int flags, void *desc, size_t *desc_size)
{
    (void)vcq_hdl;
    (void)rmt_vcq_id;
    (void)lcl_stadd;
    (void)rmt_stadd;
    (void)length;
    (void)edata;
    (void)flags;
    (void)desc;
    (void)desc_size;
    return utofu_nosup("utofu_prepare_get");
}

int utofu_prepare_armw8(utofu_vcq_hdl_t vcq_hdl, utofu_vcq_id_t rmt_vcq_id, enum utofu_armw_op armw_op, uint64_t op_value, utofu_stadd_t rmt_stadd, uint64_t edata, unsigned long int flags, void *desc, size_t *desc_size)
{
    (void)vcq_hdl;
    (void)rmt_vcq_id;
    (void)armw_op;
    (void)op_value;
    (void)rmt_stadd;
    (void)edata;
    (void)flags;
    (void)desc;
    (void)desc_size;
    return utofu_nosup("utofu_prepare_armw8");
}

int utofu_prepare_cswap8(utofu_vcq_hdl_t vcq_hdl, utofu_vcq_id_t rmt_vcq_id, uint64_t old_value, uint64_t new_value, utofu_stadd_t rmt_stadd, uint64_t edata, unsigned long int flags, void *desc, size_t *desc_size)
{
    (void)vcq_hdl;
    (void)rmt_vcq_id;
    (void)old_value;
    (void)new_value;
    (void)rmt_stadd;
    (void)edata;
    (void)flags;
    (void)desc;
    (void)desc_size;
    return utofu_nosup("utofu_prepare_cswap8");
}

int utofu_prepare_put_gap(utofu_vcq_hdl_t vcq_hdl, utofu_vcq_id_t rmt_vcq_id, utofu_stadd_t lcl_stadd, utofu_stadd_t rmt_stadd, size_t length, uint64_t edata, unsigned long int flags, size_t mtu, size_t gap, void *desc, size_t *desc_size)
{
    (void)vcq_hdl;
    (void)rmt_vcq_id;
    (void)lcl_stadd;
    (void)rmt_stadd;
    (void)length;
    (void)edata;
    (void)flags;
    (void)mtu;
    (void)gap;
    (void)desc;
    (void)desc_size;
    return utofu_nosup("utofu_prepare_put_gap");
}

int utofu_prepare_put_stride(utofu_vcq_hdl_t vcq_hdl, utofu_vcq_id_t rmt_vcq_id, utofu_stadd_t lcl_stadd, utofu_stadd_t rmt_stadd, size_t length, size_t stride, size_t num_blocks, uint64_t edata, unsigned long int flags, void *desc, size_t *desc_size)
{
    (void)vcq_hdl;
    (void)rmt_vcq_id;
    (void)lcl_stadd;
    (void)rmt_stadd;
    (void)length;
    (void)stride;
    (void)num_blocks;
    (void)edata;
    (void)flags;
    (void)desc;
    (void)desc_size;
    return utofu_nosup("utofu_prepare_put_stride");
}

int utofu_prepare_put_stride_gap(utofu_vcq_hdl_t vcq_hdl, utofu_vcq_id_t rmt_vcq_id, utofu_stadd_t lcl_stadd, utofu_stadd_t rmt_stadd, size_t length, size_t stride, size_t num_blocks, uint64_t edata, unsigned long int flags, size_t mtu, size_t gap, void *desc, size_t *desc_size)
{
    (void)vcq_hdl;
    (void)rmt_vcq_id;
    (void)lcl_stadd;
    (void)rmt_stadd;
    (void)length;
    (void)stride;
    (void)num_blocks;
    (void)edata;
    (void)flags;
    (void)mtu;
    (void)gap;
    (void)desc;
    (void)desc_size;
    return utofu_nosup("utofu_prepare_put_stride_gap");
}

int utofu_prepare_put_piggyback8(utofu_vcq_hdl_t vcq_hdl, utofu_vcq_id_t rmt_vcq_id, uint64_t lcl_data, utofu_stadd_t rmt_stadd, size_t length, uint64_t edata, unsigned long int flags, void *desc, size_t *desc_size)
{
    (void)vcq_hdl;
    (void)rmt_vcq_id;
    (void)lcl_data;
    (void)rmt_stadd;
    (void)length;
    (void)edata;
    (void)flags;
    (void)desc;
    (void)desc_size;
    return utofu_nosup("utofu_prepare_put_piggyback8");
}

int utofu_prepare_get_gap(utofu_vcq_hdl_t vcq_hdl, utofu_vcq_id_t rmt_vcq_id, utofu_stadd_t lcl_stadd, utofu_stadd_t rmt_stadd, size_t length, uint64_t edata, unsigned long int flags, size_t mtu, size_t gap, void *desc, size_t *desc_size)
{
    (void)vcq_hdl;
    (void)rmt_vcq_id;
    (void)lcl_stadd;
    (void)rmt_stadd;
    (void)length;
    (void)edata;
    (void)flags;
    (void)mtu;
    (void)gap;
    (void)desc;
    (void)desc_size;
    return utofu_nosup("utofu_prepare_get_gap");
}

int utofu_prepare_get_stride(utofu_vcq_hdl_t vcq_hdl, utofu_vcq_id_t rmt_vcq_id, utofu_stadd_t lcl_stadd, utofu_stadd_t rmt_stadd, size_t length, size_t stride, size_t num_blocks, uint64_t edata, unsigned long int flags, void *desc, size_t *desc_size)
{
    (void)vcq_hdl;
    (void)rmt_vcq_id;
    (void)lcl_stadd;
    (void)rmt_stadd;
    (void)length;
    (void)stride;
    (void)num_blocks;
    (void)edata;
    (void)flags;
    (void)desc;
    (void)desc_size;
    return utofu_nosup("utofu_prepare_get_stride");
}

int utofu_prepare_get_stride_gap(utofu_vcq_hdl_t vcq_hdl, utofu_vcq_id_t rmt_vcq_id, utofu_stadd_t lcl_stadd, utofu_stadd_t rmt_stadd, size_t length, size_t stride, size_t num_blocks, uint64_t edata, unsigned long int flags, size_t mtu, size_t gap, void *desc, size_t *desc_size)
{
    (void)vcq_hdl;
    (void)rmt_vcq_id;
    (void)lcl_stadd;
    (void)rmt_stadd;
    (void)length;
    (void)stride;
    (void)num_blocks;
    (void)edata;
    (void)flags;
    (void)mtu;
    (void)gap;
    (void)desc;
    (void)desc_size;
    return utofu_nosup("utofu_prepare_get_stride_gap");
}

int utofu_prepare_armw4(utofu_vcq_hdl_t vcq_hdl, utofu_vcq_id_t rmt_vcq_id, enum utofu_armw_op armw_op, uint32_t op_value, utofu_stadd_t rmt_stadd, uint64_t edata, unsigned long int flags, void *desc, size_t *desc_size)
{
    (void)vcq_hdl;
    (void)rmt_vcq_id;
    (void)armw_op;
    (void)op_value;
    (void)rmt_stadd;
    (void)edata;
    (void)flags;
    (void)desc;
    (void)desc_size;
    return utofu_nosup("utofu_prepare_armw4");
}

int utofu_prepare_cswap4(utofu_vcq_hdl_t vcq_hdl, utofu_vcq_id_t rmt_vcq_id, uint32_t old_value, uint32_t new_value, utofu_stadd_t rmt_stadd, uint64_t edata, unsigned long int flags, void *desc, size_t *desc_size)
{
    (void)vcq_hdl;
    (void)rmt_vcq_id;
    (void)old_value;
    (void)new_value;
    (void)rmt_stadd;
    (void)edata;
    (void)flags;
    (void)desc;
    (void)desc_size;
    return utofu_nosup("utofu_prepare_cswap4");
}

int utofu_prepare_nop(utofu_vcq_hdl_t vcq_hdl, unsigned long int flags, void *desc, size_t *desc_size)
{
    (void)vcq_hdl;
    (void)flags;
    (void)desc;
    (void)desc_size;
    return utofu_nosup("utofu_prepare_nop");
}

int utofu_post_toq(utofu_vcq_hdl_t vcq_hdl, void *desc, size_t desc_size, void *cbdata)
{
    (void)vcq_hdl;
    (void)desc;
    (void)desc_size;
    (void)cbdata;
    return utofu_nosup("utofu_post_toq");
}

int utofu_barrier(utofu_vbg_id_t vbg_id, unsigned long int flags)
{
    (void)vbg_id;
    (void)flags;
    return utofu_nosup("utofu_barrier");
}

int utofu_reduce_uint64(utofu_vbg_id_t vbg_id, enum utofu_reduce_op op, uint64_t data[], size_t num_data, unsigned long int flags)
{
    (void)vbg_id;
    (void)op;
    (void)data;
    (void)num_data;
    (void)flags;
    return utofu_nosup("utofu_reduce_uint64");
}

int utofu_reduce_double(utofu_vbg_id_t vbg_id, enum utofu_reduce_op op, double data[], size_t num_data, unsigned long int flags)
{
    (void)vbg_id;
    (void)op;
    (void)data;
    (void)num_data;
    (void)flags;
    return utofu_nosup("utofu_reduce_double");
}

int utofu_poll_barrier(utofu_vbg_id_t vbg_id, unsigned long int flags)
{
    (void)vbg_id;
    (void)flags;
    return utofu_nosup("utofu_poll_barrier");
}

int utofu_poll_reduce_uint64(utofu_vbg_id_t vbg_id, unsigned long int flags, uint64_t data[])
{
    (void)vbg_id;
    (void)flags;
    (void)data;
    return utofu_nosup("utofu_poll_reduce_uint64");
}

int utofu_poll_reduce_double(utofu_vbg_id_t vbg_id, unsigned long int flags, double data[])
{
    (void)vbg_id;
    (void)flags;
    (void)data;
    return utofu_nosup("utofu_poll_reduce_double");
}
