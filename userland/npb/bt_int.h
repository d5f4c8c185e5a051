/* NPB BT internals: the shared BT/SP state (adi_int.h) plus the C' blocks
 * of the block-tridiagonal elimination of every cell (bt_solve.c). */
#ifndef BT_INT_H
#define BT_INT_H

#include "adi_int.h"

struct bt_state {
    struct adi_state adi;
    double **lhsc; /* per cell: 25 doubles per point */
};

/* one ADI time step: faces, rhs, x/y/z block-tridiagonal solves, u += rhs */
void bt_adi(struct bt_state *bs);

#endif
