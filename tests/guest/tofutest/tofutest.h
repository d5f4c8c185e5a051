/* tofutest.h - the parts of the Tofu test program (tests/guest/tofutest). */
#ifndef TOFUTEST_H
#define TOFUTEST_H

/* `tofutest ppn`: isolation between the processes of a node (tofutest_ppn.c);
 * the process's exit status. */
int tofutest_ppn(void);

#endif
