/* node.h - this node's configuration, read from fw_cfg at boot (node.c). */
#ifndef NODE_H
#define NODE_H
#include "uapi/cluster_abi.h"

#define NODE_MAX_ARGS 256
#define NODE_ARGBUF 8192
struct node_config {
    struct node_info info;
    char program[64];           /* opt/cluster/program: the program's name */
    int argc, envc;
    char *argv[NODE_MAX_ARGS];  /* opt/cluster/argv: NUL-separated, argv[0] first */
    char *envp[NODE_MAX_ARGS];  /* opt/cluster/env: NUL-separated K=V */
    int verbose;                /* opt/cluster/verbose: 1 = boot log */
    int ppn;                    /* opt/cluster/ppn: processes of the program, 1..64 (default 1) */
    int cpus;                   /* opt/cluster/cpus: CPUs to run, 1..64 (default 1) */
};
extern struct node_config node;
void node_config_read(void);
#endif
