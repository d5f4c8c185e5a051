/* ktest_exit.c - exits with the status given as argv[1] (exit status
 * propagation test); prints its arguments and environment first. */
#include <stdio.h>
#include <stdlib.h>

extern char **environ;

int main(int argc, char **argv)
{
    for (int i = 0; i < argc; i++)
        printf("argv[%d]=%s\n", i, argv[i]);
    for (char **e = environ; *e; e++)
        printf("env %s\n", *e);
    int st = argc > 1 ? atoi(argv[1]) : 0;
    printf("exiting with %d\n", st);
    return st;
}
