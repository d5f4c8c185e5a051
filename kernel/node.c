/* node.c - reads the node configuration from the fw_cfg files the launcher
 * sets (-fw_cfg name=opt/cluster/<key>,string=... or file=...): rank, nodes,
 * program, argv, env, torus, wait_mode, verbose, ppn, cpus. A missing or malformed entry
 * is reported on the console and the node stops (status 126). */
#include "kapi.h"
#include "node.h"
#include "nodecfg.h"
#include "fwcfg.h"

struct node_config node;
static char argbuf[NODE_ARGBUF + 1], envbuf[NODE_ARGBUF + 1];

static void bad(const char *key, const char *why)
{
    kprintf("cluster: bad node configuration opt/cluster/%s: %s\n", key, why);
    power_off(STATUS_NOEXEC);
}

static int read_num(const char *key, int64_t max, int64_t *out, int required)
{
    char buf[32], path[64];
    ksnprintf(path, sizeof path, "opt/cluster/%s", key);
    long n = fwcfg_read_file(path, buf, sizeof buf);
    if (n < 0) {
        if (required)
            bad(key, "missing");
        return -1;
    }
    if (n > (long)sizeof buf || nodecfg_parse_uint(buf, (size_t)n, max, out))
        bad(key, "not a number in range");
    return 0;
}

static int read_list(const char *key, char *buf, char **vec)
{
    char path[64];
    ksnprintf(path, sizeof path, "opt/cluster/%s", key);
    long n = fwcfg_read_file(path, buf, NODE_ARGBUF);
    if (n < 0)
        return 0;
    if (n > NODE_ARGBUF)
        bad(key, "longer than 8 KiB");
    int c = nodecfg_split(buf, (size_t)n, vec, NODE_MAX_ARGS);
    if (c < 0)
        bad(key, "more than 256 strings");
    return c;
}

void node_config_read(void)
{
    int64_t v;
    node.info.nodes = 1;
    node.ppn = 1;
    node.cpus = 1;
    if (!fwcfg_present()) {
        kprintf("cluster: no fw_cfg device, running as rank 0 of 1\n");
    } else {
        if (read_num("rank", 65535, &v, 0) == 0)
            node.info.rank = (int32_t)v;
        if (read_num("nodes", 65536, &v, 0) == 0)
            node.info.nodes = (int32_t)v;
        if (node.info.nodes < 1 || node.info.rank >= node.info.nodes)
            bad("rank", "not below opt/cluster/nodes");
        if (read_num("verbose", 1, &v, 0) == 0)
            node.verbose = (int)v;
        if (read_num("ppn", 64, &v, 0) == 0) {
            if (v < 1)
                bad("ppn", "processes per node must be 1..64");
            node.ppn = (int)v;
        }
        if (read_num("cpus", 64, &v, 0) == 0) {
            if (v < 1)
                bad("cpus", "CPUs must be 1..64");
            node.cpus = (int)v;
        }
        char buf[64];
        long n = fwcfg_read_file("opt/cluster/torus", buf, sizeof buf);
        if (n >= 0 && (n > (long)sizeof buf || nodecfg_parse_torus(buf, (size_t)n, node.info.torus)))
            bad("torus", "expected XxYxZ");
        n = fwcfg_read_file("opt/cluster/wait_mode", buf, sizeof buf);
        if (n >= 0) {
            int m = n > (long)sizeof buf ? -1 : nodecfg_parse_wait_mode(buf, (size_t)n);
            if (m < 0)
                bad("wait_mode", "expected adaptive or poll");
            node.info.wait_mode = m;
        }
        n = fwcfg_read_file("opt/cluster/program", node.program, sizeof node.program - 1);
        if (n >= (long)sizeof node.program)
            bad("program", "name longer than 63 characters");
        if (n > 0) {
            node.program[n] = '\0';
            while (n > 0 && node.program[n - 1] == '\n')
                node.program[--n] = '\0';
        }
        node.argc = read_list("argv", argbuf, node.argv);
        node.envc = read_list("env", envbuf, node.envp);
    }
    if (!node.program[0])
        memcpy(node.program, "PROGRAM", 8);
    if (node.argc == 0) {
        node.argv[0] = node.program;
        node.argc = 1;
    }
    node.info.tsc_hz = tsc_hz();
    node.info.ppn = node.ppn;         /* SYS_node_info: ranks are node * ppn + local */
}

const struct node_info *node_info(void)
{
    return &node.info;
}
