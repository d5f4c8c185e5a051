/* utofu_nosup.c - the uTofu calls the emulated controller does not implement
 * (their prototypes: utofu.h, after Fujitsu's): each exists, names itself on
 * stderr and returns UTOFU_ERR_NOT_SUPPORTED (utofu_nosup, utofu_core.c).
 * NOSUP_FN (utofu_internal.h) writes each definition; the compiler checks its
 * parameter list against the declaration in utofu.h. */
#include "utofu_internal.h"

NOSUP_FN(utofu_get_barrier_tnis, utofu_nosup, utofu_tni_id_t **tni_ids, size_t *num_tnis)
NOSUP_FN(utofu_query_barrier_caps, utofu_nosup, utofu_tni_id_t tni_id, struct utofu_barrier_caps **tni_caps)
NOSUP_FN(utofu_set_vcq_id_path, utofu_nosup, utofu_vcq_id_t *vcq_id, uint8_t path_coords[])
NOSUP_FN(utofu_alloc_vbg, utofu_nosup, utofu_tni_id_t tni_id, size_t num_vbgs,
         unsigned long int flags, utofu_vbg_id_t vbg_ids[])
NOSUP_FN(utofu_free_vbg, utofu_nosup, utofu_vbg_id_t vbg_ids[], size_t num_vbgs)
NOSUP_FN(utofu_set_vbg, utofu_nosup, struct utofu_vbg_setting vbg_settings[], size_t num_vbg_settings)
NOSUP_FN(utofu_query_vbg_info, utofu_nosup, utofu_vbg_id_t vbg_id, uint8_t coords[],
         utofu_tni_id_t *tni_id, utofu_bg_id_t *bg_id, uint16_t *extra_val)
NOSUP_FN(utofu_get_path_id, utofu_nosup, utofu_vcq_id_t vcq_id, uint8_t path_coords[],
         utofu_path_id_t *path_id)
NOSUP_FN(utofu_get_path_coords, utofu_nosup, utofu_vcq_id_t vcq_id, utofu_path_id_t path_id,
         uint8_t path_coords[])
NOSUP_FN(utofu_reg_mem_with_stag, utofu_nosup, utofu_vcq_hdl_t vcq_hdl, void *addr, size_t size,
         unsigned int stag, unsigned long int flags, utofu_stadd_t *stadd)
NOSUP_FN(utofu_query_stadd, utofu_nosup, utofu_vcq_id_t vcq_id, unsigned int stag, utofu_stadd_t *stadd)
NOSUP_FN(utofu_put_gap, utofu_nosup, utofu_vcq_hdl_t vcq_hdl, utofu_vcq_id_t rmt_vcq_id,
         utofu_stadd_t lcl_stadd, utofu_stadd_t rmt_stadd, size_t length, uint64_t edata,
         unsigned long int flags, size_t mtu, size_t gap, void *cbdata)
NOSUP_FN(utofu_put_stride, utofu_nosup, utofu_vcq_hdl_t vcq_hdl, utofu_vcq_id_t rmt_vcq_id,
         utofu_stadd_t lcl_stadd, utofu_stadd_t rmt_stadd, size_t length, size_t stride,
         size_t num_blocks, uint64_t edata, unsigned long int flags, void *cbdata)
NOSUP_FN(utofu_put_stride_gap, utofu_nosup, utofu_vcq_hdl_t vcq_hdl, utofu_vcq_id_t rmt_vcq_id,
         utofu_stadd_t lcl_stadd, utofu_stadd_t rmt_stadd, size_t length, size_t stride,
         size_t num_blocks, uint64_t edata, unsigned long int flags, size_t mtu, size_t gap,
         void *cbdata)
NOSUP_FN(utofu_get_gap, utofu_nosup, utofu_vcq_hdl_t vcq_hdl, utofu_vcq_id_t rmt_vcq_id,
         utofu_stadd_t lcl_stadd, utofu_stadd_t rmt_stadd, size_t length, uint64_t edata,
         unsigned long int flags, size_t mtu, size_t gap, void *cbdata)
NOSUP_FN(utofu_get_stride, utofu_nosup, utofu_vcq_hdl_t vcq_hdl, utofu_vcq_id_t rmt_vcq_id,
         utofu_stadd_t lcl_stadd, utofu_stadd_t rmt_stadd, size_t length, size_t stride,
         size_t num_blocks, uint64_t edata, unsigned long int flags, void *cbdata)
NOSUP_FN(utofu_get_stride_gap, utofu_nosup, utofu_vcq_hdl_t vcq_hdl, utofu_vcq_id_t rmt_vcq_id,
         utofu_stadd_t lcl_stadd, utofu_stadd_t rmt_stadd, size_t length, size_t stride,
         size_t num_blocks, uint64_t edata, unsigned long int flags, size_t mtu, size_t gap,
         void *cbdata)
NOSUP_FN(utofu_armw4, utofu_nosup, utofu_vcq_hdl_t vcq_hdl, utofu_vcq_id_t rmt_vcq_id,
         enum utofu_armw_op armw_op, uint32_t op_value, utofu_stadd_t rmt_stadd, uint64_t edata,
         unsigned long int flags, void *cbdata)
NOSUP_FN(utofu_cswap4, utofu_nosup, utofu_vcq_hdl_t vcq_hdl, utofu_vcq_id_t rmt_vcq_id,
         uint32_t old_value, uint32_t new_value, utofu_stadd_t rmt_stadd, uint64_t edata,
         unsigned long int flags, void *cbdata)
NOSUP_FN(utofu_prepare_put, utofu_nosup, utofu_vcq_hdl_t vcq_hdl, utofu_vcq_id_t rmt_vcq_id,
         utofu_stadd_t lcl_stadd, utofu_stadd_t rmt_stadd, size_t length, uint64_t edata,
         unsigned long int flags, void *desc, size_t *desc_size)
NOSUP_FN(utofu_prepare_put_piggyback, utofu_nosup, utofu_vcq_hdl_t vcq_hdl,
         utofu_vcq_id_t rmt_vcq_id, void *lcl_data, utofu_stadd_t rmt_stadd, size_t length,
         uint64_t edata, unsigned long int flags, void *desc, size_t *desc_size)
NOSUP_FN(utofu_prepare_get, utofu_nosup, utofu_vcq_hdl_t vcq_hdl, utofu_vcq_id_t rmt_vcq_id,
         utofu_stadd_t lcl_stadd, utofu_stadd_t rmt_stadd, size_t length, uint64_t edata,
         unsigned long int flags, void *desc, size_t *desc_size)
NOSUP_FN(utofu_prepare_armw8, utofu_nosup, utofu_vcq_hdl_t vcq_hdl, utofu_vcq_id_t rmt_vcq_id,
         enum utofu_armw_op armw_op, uint64_t op_value, utofu_stadd_t rmt_stadd, uint64_t edata,
         unsigned long int flags, void *desc, size_t *desc_size)
NOSUP_FN(utofu_prepare_cswap8, utofu_nosup, utofu_vcq_hdl_t vcq_hdl, utofu_vcq_id_t rmt_vcq_id,
         uint64_t old_value, uint64_t new_value, utofu_stadd_t rmt_stadd, uint64_t edata,
         unsigned long int flags, void *desc, size_t *desc_size)
NOSUP_FN(utofu_prepare_put_gap, utofu_nosup, utofu_vcq_hdl_t vcq_hdl, utofu_vcq_id_t rmt_vcq_id,
         utofu_stadd_t lcl_stadd, utofu_stadd_t rmt_stadd, size_t length, uint64_t edata,
         unsigned long int flags, size_t mtu, size_t gap, void *desc, size_t *desc_size)
NOSUP_FN(utofu_prepare_put_stride, utofu_nosup, utofu_vcq_hdl_t vcq_hdl, utofu_vcq_id_t rmt_vcq_id,
         utofu_stadd_t lcl_stadd, utofu_stadd_t rmt_stadd, size_t length, size_t stride,
         size_t num_blocks, uint64_t edata, unsigned long int flags, void *desc, size_t *desc_size)
NOSUP_FN(utofu_prepare_put_stride_gap, utofu_nosup, utofu_vcq_hdl_t vcq_hdl,
         utofu_vcq_id_t rmt_vcq_id, utofu_stadd_t lcl_stadd, utofu_stadd_t rmt_stadd,
         size_t length, size_t stride, size_t num_blocks, uint64_t edata, unsigned long int flags,
         size_t mtu, size_t gap, void *desc, size_t *desc_size)
NOSUP_FN(utofu_prepare_put_piggyback8, utofu_nosup, utofu_vcq_hdl_t vcq_hdl,
         utofu_vcq_id_t rmt_vcq_id, uint64_t lcl_data, utofu_stadd_t rmt_stadd, size_t length,
         uint64_t edata, unsigned long int flags, void *desc, size_t *desc_size)
NOSUP_FN(utofu_prepare_get_gap, utofu_nosup, utofu_vcq_hdl_t vcq_hdl, utofu_vcq_id_t rmt_vcq_id,
         utofu_stadd_t lcl_stadd, utofu_stadd_t rmt_stadd, size_t length, uint64_t edata,
         unsigned long int flags, size_t mtu, size_t gap, void *desc, size_t *desc_size)
NOSUP_FN(utofu_prepare_get_stride, utofu_nosup, utofu_vcq_hdl_t vcq_hdl, utofu_vcq_id_t rmt_vcq_id,
         utofu_stadd_t lcl_stadd, utofu_stadd_t rmt_stadd, size_t length, size_t stride,
         size_t num_blocks, uint64_t edata, unsigned long int flags, void *desc, size_t *desc_size)
NOSUP_FN(utofu_prepare_get_stride_gap, utofu_nosup, utofu_vcq_hdl_t vcq_hdl,
         utofu_vcq_id_t rmt_vcq_id, utofu_stadd_t lcl_stadd, utofu_stadd_t rmt_stadd,
         size_t length, size_t stride, size_t num_blocks, uint64_t edata, unsigned long int flags,
         size_t mtu, size_t gap, void *desc, size_t *desc_size)
NOSUP_FN(utofu_prepare_armw4, utofu_nosup, utofu_vcq_hdl_t vcq_hdl, utofu_vcq_id_t rmt_vcq_id,
         enum utofu_armw_op armw_op, uint32_t op_value, utofu_stadd_t rmt_stadd, uint64_t edata,
         unsigned long int flags, void *desc, size_t *desc_size)
NOSUP_FN(utofu_prepare_cswap4, utofu_nosup, utofu_vcq_hdl_t vcq_hdl, utofu_vcq_id_t rmt_vcq_id,
         uint32_t old_value, uint32_t new_value, utofu_stadd_t rmt_stadd, uint64_t edata,
         unsigned long int flags, void *desc, size_t *desc_size)
NOSUP_FN(utofu_prepare_nop, utofu_nosup, utofu_vcq_hdl_t vcq_hdl, unsigned long int flags,
         void *desc, size_t *desc_size)
NOSUP_FN(utofu_post_toq, utofu_nosup, utofu_vcq_hdl_t vcq_hdl, void *desc, size_t desc_size, void *cbdata)
NOSUP_FN(utofu_barrier, utofu_nosup, utofu_vbg_id_t vbg_id, unsigned long int flags)
NOSUP_FN(utofu_reduce_uint64, utofu_nosup, utofu_vbg_id_t vbg_id, enum utofu_reduce_op op,
         uint64_t data[], size_t num_data, unsigned long int flags)
NOSUP_FN(utofu_reduce_double, utofu_nosup, utofu_vbg_id_t vbg_id, enum utofu_reduce_op op,
         double data[], size_t num_data, unsigned long int flags)
NOSUP_FN(utofu_poll_barrier, utofu_nosup, utofu_vbg_id_t vbg_id, unsigned long int flags)
NOSUP_FN(utofu_poll_reduce_uint64, utofu_nosup, utofu_vbg_id_t vbg_id, unsigned long int flags,
         uint64_t data[])
NOSUP_FN(utofu_poll_reduce_double, utofu_nosup, utofu_vbg_id_t vbg_id, unsigned long int flags, double data[])
