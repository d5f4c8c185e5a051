/* Pieces shared by the NPB pseudo-applications LU, BT and SP, which solve
 * the same 3-D compressible Navier-Stokes system with the same prescribed
 * exact solution (NPB 2 report NAS-95-020 sec. 3; constants and the
 * coefficients of the exact solution from NPB 3.4): gas constants, the
 * exact solution, the 5x5 Jacobians of the inviscid and viscous fluxes and
 * small 5x5 block operations. */
#ifndef NSE_H
#define NSE_H

#define NSE_C1 1.4
#define NSE_C2 0.4
#define NSE_C3 0.1
#define NSE_C4 1.0
#define NSE_C5 1.4

typedef double nse_blk[5][5]; /* [row = equation][column = variable] */

/* the exact solution at (xi, eta, zeta) in [0,1]^3 */
void nse_exact(double xi, double eta, double zeta, double ue[5]);
/* Jacobian of the inviscid flux along axis d (0 x, 1 y, 2 z) at state q */
void nse_jac_invisc(nse_blk A, const double *q, int d);
/* Jacobian of the viscous flux along axis d at state q (the 4/3 factor on the
 * momentum component along d) */
void nse_jac_visc(nse_blk N, const double *q, int d);
/* M = a A_d(q) + b (N_d(q) + dd I): the implicit coupling to a neighbour along axis d
 * (LU and BT: a = -+dt t2, b = -dt t1, dd the second-difference damping) */
void nse_lhs_off(nse_blk M, const double *q, int d, double a, double b, double dd);
/* D += f (N_d(q) + dd I): the diagonal block's share of axis d (f = 2 dt t1) */
void nse_lhs_diag_add(nse_blk D, const double *q, int d, double f, double dd);
/* r <- B^-1 r and, when C is not NULL, C <- B^-1 C (Gaussian elimination without
 * pivoting: the blocks are diagonally dominant); B is overwritten */
void nse_block_solve(nse_blk B, nse_blk C, double *r);
/* x += f * M y */
void nse_gemv(double *x, double f, const nse_blk M, const double *y);

#endif
