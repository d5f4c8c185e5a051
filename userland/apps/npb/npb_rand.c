/* The NPB linear congruential generator: x_{k+1} = a * x_k (mod 2^46), value
 * x_{k+1} * 2^-46 (NPB 1.0 report sec 2.2: a = 5^13, modulus 2^46).  Seeds and
 * multipliers travel as doubles holding integers below 2^46, as in the spec;
 * the product is done exactly in 64-bit integers by splitting a into 23-bit halves. */
#include "npb.h"

#define MASK46 ((UINT64_C(1) << 46) - 1)
#define MASK23 ((UINT64_C(1) << 23) - 1)
static const double R46 = 1.0 / 70368744177664.0; /* 2^-46 */

static uint64_t mulmod46(uint64_t a, uint64_t x)
{
    uint64_t a1 = a >> 23, a2 = a & MASK23;
    uint64_t x1 = x >> 23, x2 = x & MASK23;
    /* a*x = (a1*x2 + a2*x1) 2^23 + a2*x2 + a1*x1 2^46; the last term vanishes mod 2^46 */
    uint64_t mid = (a1 * x2 + a2 * x1) & MASK23;
    return ((mid << 23) + a2 * x2) & MASK46;
}

double randlc(double *x, double a)
{
    uint64_t r = mulmod46((uint64_t)a, (uint64_t)*x);
    *x = (double)r;
    return (double)r * R46;
}

void vranlc(int n, double *x, double a, double *y)
{
    uint64_t ai = (uint64_t)a, xi = (uint64_t)*x;
    for (int i = 0; i < n; i++) {
        xi = mulmod46(ai, xi);
        y[i] = (double)xi * R46;
    }
    *x = (double)xi;
}

double npb_pow46(double a, int64_t n)
{
    uint64_t result = 1, base = (uint64_t)a;
    while (n > 0) {
        if (n & 1)
            result = mulmod46(base, result);
        base = mulmod46(base, base);
        n >>= 1;
    }
    return (double)result;
}
