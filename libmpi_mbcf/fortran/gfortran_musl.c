/* gfortran_musl.c - the glibc-only symbols that Debian's static libgfortran
 * (built against glibc) and gfortran's generated code need when a program is
 * linked with musl instead. Each has the glibc meaning:
 *  - __issignaling* (glibc <math.h> issignaling, ISO/IEC TS 18661-1): used by
 *    the IEEE_ARITHMETIC module; a NaN whose quiet bit is clear;
 *  - register_printf_type/modifier/specifier (glibc printf.h): libgfortran
 *    registers a printf conversion for REAL(16); refusing (-1) makes it
 *    format that kind through quadmath_snprintf, its fallback path;
 *  - _dl_find_object (glibc 2.35 dlfcn.h): the libgcc unwinder's fast path;
 *    -1 sends it to dl_iterate_phdr, which musl has;
 *  - jnl, ynl (glibc long double Bessel functions, BESSEL_JN/YN of
 *    REAL(10)): musl has none; computed in double precision here;
 *  - _ZGVbN2v_exp ... (glibc libmvec, x86-64 vector ABI "b" = SSE, 2 doubles
 *    or 4 floats): Debian's gfortran pre-includes math-vector-fortran.h, so
 *    vectorised loops call these; here each lane calls musl's libm.
 * tests/host/gfortran_musl_symbols.sh fails when a new one appears. */
/* Macro-generated definitions, one invocation per line: */
/* clang-format off */
#define _GNU_SOURCE
#include <math.h>
#include <stdint.h>
#include <string.h>

int __issignaling(double x);
int __issignaling(double x)
{
    uint64_t u;
    memcpy(&u, &x, sizeof u);
    return (u & 0x7ff0000000000000ull) == 0x7ff0000000000000ull &&
           (u & 0x000fffffffffffffull) != 0 && !(u & 0x0008000000000000ull);
}

int __issignalingf(float x);
int __issignalingf(float x)
{
    uint32_t u;
    memcpy(&u, &x, sizeof u);
    return (u & 0x7f800000u) == 0x7f800000u && (u & 0x007fffffu) != 0 && !(u & 0x00400000u);
}

/* x87 80-bit: exponent all ones, integer bit set, quiet bit (62) clear, fraction nonzero. */
int __issignalingl(long double x);
int __issignalingl(long double x)
{
    unsigned char b[16];
    uint64_t m;
    uint16_t se;
    memcpy(b, &x, 10);
    memcpy(&m, b, 8);
    memcpy(&se, b + 8, 2);
    return (se & 0x7fff) == 0x7fff && (m & 0x8000000000000000ull) &&
           !(m & 0x4000000000000000ull) && (m & 0x3fffffffffffffffull) != 0;
}

int __issignalingf128(__float128 x);
int __issignalingf128(__float128 x)
{
    uint64_t w[2];
    memcpy(w, &x, 16);    /* little endian: w[1] holds sign, exponent, top of fraction */
    return (w[1] & 0x7fff000000000000ull) == 0x7fff000000000000ull &&
           ((w[1] & 0x0000ffffffffffffull) || w[0]) && !(w[1] & 0x0000800000000000ull);
}

int register_printf_type(void *fn);
int register_printf_type(void *fn) { (void)fn; return -1; }
int register_printf_modifier(const void *str);
int register_printf_modifier(const void *str) { (void)str; return -1; }
int register_printf_specifier(int spec, void *render, void *arginfo);
int register_printf_specifier(int spec, void *render, void *arginfo)
{
    (void)spec; (void)render; (void)arginfo;
    return -1;
}

struct dl_find_object;
int _dl_find_object(void *pc, struct dl_find_object *result);
int _dl_find_object(void *pc, struct dl_find_object *result)
{
    (void)pc; (void)result;
    return -1;
}

long double jnl(int n, long double x);
long double jnl(int n, long double x) { return jn(n, (double)x); }
long double ynl(int n, long double x);
long double ynl(int n, long double x) { return yn(n, (double)x); }

typedef double v2d __attribute__((vector_size(16)));
typedef float v4f __attribute__((vector_size(16)));
#define VEC1(name, fn)                                                              \
    v2d _ZGVbN2v_##name(v2d x);                                                     \
    v2d _ZGVbN2v_##name(v2d x) { return (v2d){ fn(x[0]), fn(x[1]) }; }              \
    v4f _ZGVbN4v_##name##f(v4f x);                                                  \
    v4f _ZGVbN4v_##name##f(v4f x)                                                   \
    {                                                                               \
        return (v4f){ fn##f(x[0]), fn##f(x[1]), fn##f(x[2]), fn##f(x[3]) };         \
    }
#define VEC2(name)                                                                  \
    v2d _ZGVbN2vv_##name(v2d x, v2d y);                                             \
    v2d _ZGVbN2vv_##name(v2d x, v2d y) { return (v2d){ name(x[0], y[0]), name(x[1], y[1]) }; } \
    v4f _ZGVbN4vv_##name##f(v4f x, v4f y);                                          \
    v4f _ZGVbN4vv_##name##f(v4f x, v4f y)                                           \
    {                                                                               \
        return (v4f){ name##f(x[0], y[0]), name##f(x[1], y[1]), name##f(x[2], y[2]), \
                      name##f(x[3], y[3]) };                                        \
    }
/* the functions math-vector-fortran.h declares (sincos aside: gfortran does
 * not emit it from Fortran code) */
VEC1(cos, cos) VEC1(sin, sin) VEC1(tan, tan) VEC1(log, log) VEC1(exp, exp)
VEC1(acos, acos) VEC1(atan, atan) VEC1(asin, asin) VEC1(exp2, exp2) VEC1(exp10, exp10)
VEC1(cosh, cosh) VEC1(expm1, expm1) VEC1(sinh, sinh) VEC1(cbrt, cbrt) VEC1(log10, log10)
VEC1(log2, log2) VEC1(log1p, log1p) VEC1(atanh, atanh) VEC1(acosh, acosh) VEC1(tanh, tanh)
VEC1(asinh, asinh) VEC1(erfc, erfc)
VEC2(pow) VEC2(hypot) VEC2(atan2);
/* clang-format on */
