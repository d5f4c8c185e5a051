#!/usr/bin/env python3
"""platform.py - SimGrid platform of a TofuD-like torus for one node shape of
seed 004 Table 1, and the SMPI hostfile with PPN ranks per node.

  platform.py SHAPE PPN OUTDIR   ->  OUTDIR/tofu-SHAPE.xml, OUTDIR/hosts-SHAPE-pPPN

Link figures: the TofuD row of the Tofu parameter table (drivers/tofu_emu/model/tofu_model.c,
from Ajima et al., CLUSTER 2018): 6800 MB/s per
link per direction, 80 ns per hop; the per-message TNI command (250 ns) and
path base (158 ns) go into SMPI's send/receive overheads (run.sh), the TNI
rate (6350 MB/s) caps every flow, the node injection (38.1 GB/s) is the
limiter link of each node. One SimGrid torus link per node and dimension,
full duplex: each direction of each link is its own resource, as in TofuD.
Physical network and job shape are distinct, as on Fugaku, where a 1-D or
2-D job shape (seed 004 sec 3.1) is embedded in the machine's 6-D TofuD and
its non-neighbour messages still travel over all dimensions: every shape of
one node count of Table 1 runs on the same physical 3-D torus (the 3-D shape
of that row: 8x6x8, 16x12x16, 48x12x48; 768 and 1536: 8x12x8, 8x12x16;
other counts: the shape itself).
Ranks of the job shape (X fastest) are laid along a snake (boustrophedon)
path through the physical torus, so consecutive ranks are physical
neighbours; a 3-D job shape equal to the physical one maps identically.
Rank r sits on node snake[r // PPN]; physical node id = x + X*(y + Y*z)
(SimGrid's torus numbering, first dimension fastest)."""
import sys, os

LINK_MBPS = 6800      # tofu_model.c tofud_params.link_mbps
HOP_NS = 80           # tofud_params.hop_ns
NODE_MBPS = 38100     # tofud_params.node_mbps
LOOPBACK_MBPS = 20000 # intra-node copies (PPN > 1): assumed, memory-bound

PHYS = {384: (8, 6, 8), 3072: (16, 12, 16), 27648: (48, 12, 48),
        # between Table 1's rows (simscale2: the Alltoall shape trend below
        # 3072 nodes): the 3-D shapes the study runs at these counts
        768: (8, 12, 8), 1536: (8, 12, 16),
        # the link-load model's SMPI validation (a2alink): 96 nodes, 1-D/2-D on 4x6x4
        96: (4, 6, 4)}

def snake(X, Y, Z):
    """physical node ids along a boustrophedon path: neighbours are adjacent"""
    order, k = [], 0
    for z in range(Z):
        for yy in range(Y):
            y = yy if z % 2 == 0 else Y - 1 - yy
            for xx in range(X):
                x = xx if k % 2 == 0 else X - 1 - xx
                order.append(x + X * (y + Y * z))
            k += 1
    return order

def main():
    if len(sys.argv) != 4:
        sys.exit("usage: platform.py SHAPE(XxYxZ) PPN OUTDIR")
    shape, ppn, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    dims = [int(x) for x in shape.lower().split("x")]
    if not dims or any(d < 1 for d in dims) or ppn < 1:
        sys.exit("platform.py: bad shape or ppn")
    n = 1
    for d in dims:
        n *= d
    phys = PHYS.get(n, tuple(dims + [1] * (3 - len(dims))))
    if list(phys[:len(dims)]) == dims or len(dims) == 3:
        place = list(range(n)) if list(phys[:len(dims)]) == dims else snake(*phys)
    else:
        place = snake(*phys)
    pdims = [d for d in phys if d > 1] or [1]
    os.makedirs(out, exist_ok=True)
    xml = os.path.join(out, "tofu-%s.xml" % shape)
    with open(xml, "w") as f:
        f.write("<?xml version='1.0'?>\n"
                "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
                "<platform version=\"4.1\">\n"
                "  <!-- TofuD-like physical torus %s for job shape %s (%d nodes), scripts/sim/platform.py -->\n"
                "  <cluster id=\"tofu\" prefix=\"n\" suffix=\"\" radical=\"0-%d\" speed=\"1Gf\"\n"
                "           bw=\"%dMBps\" lat=\"%dns\" topology=\"TORUS\" topo_parameters=\"%s\"\n"
                "           sharing_policy=\"FULLDUPLEX\" limiter_link=\"%dMBps\"\n"
                "           loopback_bw=\"%dMBps\" loopback_lat=\"0ns\"/>\n"
                "</platform>\n" % ("x".join(map(str, pdims)), shape, n, n - 1, LINK_MBPS, HOP_NS,
                                   ",".join(str(d) for d in pdims), NODE_MBPS, LOOPBACK_MBPS))
    hosts = os.path.join(out, "hosts-%s-p%d" % (shape, ppn))
    with open(hosts, "w") as f:
        for i in range(n):
            f.write(("n%d\n" % place[i]) * ppn)
    print(xml, hosts)

main()
