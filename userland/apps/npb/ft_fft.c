/* Iterative radix-2 FFT (bit reversal, then log2 n butterfly passes) with
 * twiddles computed directly by cos/sin for accuracy; strided axes are
 * gathered FT_BLOCK lines at a time into contiguous scratch. */
#include "ft_fft.h"
#include <math.h>
#include <stdlib.h>

int ft_fft_init(struct ft_fft *f, int n)
{
    f->n = n;
    f->w = malloc((size_t)(n / 2 + 1) * sizeof(ft_cplx));
    f->rev = malloc((size_t)n * sizeof(int));
    if (!f->w || !f->rev) {
        ft_fft_free(f);
        return 0;
    }
    const double pi = 3.141592653589793238;
    for (int k = 0; k < n / 2; k++) {
        double t = 2.0 * pi * k / n;
        f->w[k].re = cos(t);
        f->w[k].im = -sin(t);
    }
    int bits = 0;
    while ((1 << bits) < n)
        bits++;
    for (int i = 0; i < n; i++) {
        int r = 0;
        for (int b = 0; b < bits; b++)
            if (i & (1 << b))
                r |= 1 << (bits - 1 - b);
        f->rev[i] = r;
    }
    return 1;
}

void ft_fft_free(struct ft_fft *f)
{
    free(f->w);
    free(f->rev);
    f->w = NULL;
    f->rev = NULL;
}

void ft_fft_line(const struct ft_fft *f, ft_cplx *x, int dir)
{
    int n = f->n;
    for (int i = 0; i < n; i++) {
        int r = f->rev[i];
        if (r > i) {
            ft_cplx t = x[i];
            x[i] = x[r];
            x[r] = t;
        }
    }
    double sgn = dir > 0 ? 1.0 : -1.0;
    for (int len = 2; len <= n; len <<= 1) {
        int half = len / 2, step = n / len;
        for (int i = 0; i < n; i += len)
            for (int j = 0; j < half; j++) {
                ft_cplx w = f->w[j * step];
                w.im *= sgn;
                ft_cplx *a = &x[i + j], *b = &x[i + j + half];
                double tr = b->re * w.re - b->im * w.im;
                double ti = b->re * w.im + b->im * w.re;
                b->re = a->re - tr;
                b->im = a->im - ti;
                a->re += tr;
                a->im += ti;
            }
    }
}

void ft_fft_axis(const struct ft_fft *f, ft_cplx *a, const int d[3], int axis, int dir,
                 ft_cplx *scratch)
{
    int n = d[axis];
    if (axis == 0) {
        for (long l = 0; l < (long)d[1] * d[2]; l++)
            ft_fft_line(f, a + l * n, dir);
        return;
    }
    /* lines along axis 1 or 2: elements stride apart; `outer` blocks of d0 lines */
    long stride = axis == 1 ? d[0] : (long)d[0] * d[1];
    long outer = axis == 1 ? d[2] : d[1];
    long outer_step = axis == 1 ? (long)d[0] * d[1] : d[0];
    for (long o = 0; o < outer; o++) {
        ft_cplx *base = a + o * outer_step;
        for (int i0 = 0; i0 < d[0]; i0 += FT_BLOCK) {
            int nb = d[0] - i0 < FT_BLOCK ? d[0] - i0 : FT_BLOCK;
            for (int j = 0; j < n; j++)
                for (int b = 0; b < nb; b++)
                    scratch[b * n + j] = base[j * stride + i0 + b];
            for (int b = 0; b < nb; b++)
                ft_fft_line(f, scratch + b * n, dir);
            for (int j = 0; j < n; j++)
                for (int b = 0; b < nb; b++)
                    base[j * stride + i0 + b] = scratch[b * n + j];
        }
    }
}
