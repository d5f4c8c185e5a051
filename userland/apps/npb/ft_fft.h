/* Radix-2 complex FFT used by NPB FT: one plan per length, transforms along any
 * axis of a local 3D array (unnormalised in both directions, as in NPB). */
#ifndef FT_FFT_H
#define FT_FFT_H

typedef struct {
    double re, im;
} ft_cplx;

struct ft_fft {
    int n;
    ft_cplx *w;      /* w[k] = exp(-2 pi i k / n), k < n/2 */
    int *rev;        /* bit reversal permutation */
};

#define FT_BLOCK 16  /* lines gathered at once along strided axes */

int ft_fft_init(struct ft_fft *f, int n);     /* n a power of two; 0 on OOM */
void ft_fft_free(struct ft_fft *f);
/* In place on n contiguous values; dir = +1 uses exp(-i..), dir = -1 exp(+i..). */
void ft_fft_line(const struct ft_fft *f, ft_cplx *x, int dir);
/* Every line along `axis` of the array a with dims d[0] (fastest) x d[1] x d[2];
 * f->n must equal d[axis]; scratch holds FT_BLOCK * d[axis] values. */
void ft_fft_axis(const struct ft_fft *f, ft_cplx *a, const int d[3], int axis, int dir,
                 ft_cplx *scratch);

#endif
