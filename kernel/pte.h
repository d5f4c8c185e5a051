/* pte.h - x86-64 page-table entry bits (Intel SDM vol. 3A, 4.5, tables
 * 4-14 to 4-20) and the top of the user half: the one set of names for the
 * kernel (kapi.h), the portable walker (pt.h) and its host tests. */
#ifndef PTE_H
#define PTE_H

#define PTE_P     (1ull << 0)    /* present */
#define PTE_W     (1ull << 1)    /* writable */
#define PTE_U     (1ull << 2)    /* user accessible */
#define PTE_PWT   (1ull << 3)    /* write-through */
#define PTE_PCD   (1ull << 4)    /* cache disable */
#define PTE_PS    (1ull << 7)    /* large page (in a PDPTE or PDE) */
#define PTE_NX    (1ull << 63)   /* no execute */
#define PTE_ADDR  0x000ffffffffff000ull
#define USER_TOP  0x0000800000000000ull   /* first address above the user half */

#endif
