#!/usr/bin/env python3
"""a2a_model.py - analytical Alltoall(v) model for the seed 004 sizes SMPI
cannot reach on this host (3072 and 27,648 nodes, 1 and 4 processes per
node): NOT a simulation. Writes a Markdown table (stdout) and
a2a_model.csv into DIR.

  t(P, k, m) = (P - 1) * L  +  max(T_inj, T_bis)
    P ranks, k per node, N = P/k nodes, m bytes per pair;
    T_inj = (P - k) k m / B_node        every node injects its off-node bytes
    T_bis = (N/2)^2 k^2 m / (2 b c B_link)
            half the nodes send to the other half across the two cut planes
            of the physical torus a x b x c (a the longest side; torus: 2 planes
            of b*c links, each direction B_link);
  B_link 6800 MB/s, B_node 38100 MB/s: the TofuD row of tofu_model.c, the same
  figures as scripts/sim/platform.py. L (per message and rank) is calibrated on
  the largest SMPI Doublespread run (384 nodes, 3-D 8x6x8, 1 process per node):
  from DIR/results.csv if it has those rows, else from the run of
  docs/collectives.md (386 MB/s at 64 B, 2985 MB/s at 1 KiB by eq. 1).
  The bounds use the node set only: every job shape of one Table 1 row gets
  the same time, so the model cannot show the shape effect (the schedule's
  link contention) the seed reports at 3072 nodes and above.

  a2a_model.py DIR"""
import csv, os, sys

B_LINK, B_NODE = 6800e6, 38100e6
PHYS = {96: (4, 6, 4), 384: (8, 6, 8), 768: (8, 12, 8), 1536: (8, 12, 16), 3072: (16, 12, 16), 27648: (48, 12, 48)}

def bounds(N, k, m):
    a, b, c = sorted(PHYS[N], reverse=True)
    P = N * k
    t_inj = (P - k) * k * m / B_NODE
    t_bis = (N / 2) ** 2 * k * k * m / (2 * b * c * B_LINK)
    return max(t_inj, t_bis)

def thr(N, k, m, t):
    P = N * k
    return (P - k) * k * m / t / 1e6          # eq. 1, MB/s

def main():
    D = sys.argv[1] if len(sys.argv) > 1 else "."
    cal = {}                                   # m -> simulated t (s), 8x6x8 ppn 1 doublespread
    src = "docs/collectives.md run (20261124-061954)"
    path = os.path.join(D, "results.csv")
    sim = []                                   # every Doublespread SMPI row, for the check
    if os.path.exists(path):
        rs = [r for r in csv.DictReader(open(path))
              if r["coll"] in ("alltoall", "alltoallv") and r["alg"] == "doublespread"]
        sim = [r for r in rs if int(r["procs"]) // int(r["ppn"]) in PHYS]
        for coll in ("alltoallv", "alltoall"):     # Alltoallv rows if any, else Alltoall
            for r in rs:
                if r["coll"] == coll and r["shape"] == "8x6x8" and r["ppn"] == "1":
                    cal[int(r["bytes"])] = float(r["t_us"]) * 1e-6
            if cal:
                src = "%s, %s rows" % (path, coll)
                break
    if not cal:
        cal = {64: 383 * 64 / 386e6, 1024: 383 * 1024 / 2985e6}
    # L from the smallest size (latency-bound), checked at the others
    m0 = min(cal)
    L = (cal[m0] - bounds(384, 1, m0)) / 383
    rows = []
    out = ["L = %.3f us per message and rank, calibrated at 384 nodes, %d B per pair (%s)." % (L * 1e6, m0, src), "",
           "Check against SMPI (384 nodes, 3-D, 1 process per node):", "",
           "| m | SMPI t (us) | model t (us) | model / SMPI |", "|---|---|---|---|"]
    for m in sorted(cal):
        tm = 383 * L + bounds(384, 1, m)
        out.append("| %d | %.1f | %.1f | %.2f |" % (m, cal[m] * 1e6, tm * 1e6, tm / cal[m]))
    if sim:
        out += ["", "Check against every SMPI Doublespread row of %s (other node counts, ppn 4):" % path, "",
                "| coll | shape | ppn | ranks | m | SMPI t (us) | model t (us) | model / SMPI |",
                "|---|---|---|---|---|---|---|---|"]
        for r in sim:
            k, P, m = int(r["ppn"]), int(r["procs"]), int(r["bytes"])
            tm = (P - 1) * L + bounds(P // k, k, m)
            ts = float(r["t_us"]) * 1e-6
            out.append("| %s | %s | %d | %d | %d | %.1f | %.1f | %.2f |" % (
                r["coll"], r["shape"], k, P, m, ts * 1e6, tm * 1e6, tm / ts))
    out += ["", "Model (analytical, not simulated), Alltoall(v) throughput by eq. 1 (MB/s) and time:", "",
            "| nodes | physical torus | ppn | m (B/pair) | t (ms) | MB/s | bound |", "|---|---|---|---|---|---|---|"]
    for N in (384, 3072, 27648):
        for k in (1, 4):
            for m in (16, 64, 1024, 16384):
                P = N * k
                bd = bounds(N, k, m)
                t = (P - 1) * L + bd
                a, b, c = sorted(PHYS[N], reverse=True)
                which = "latency" if (P - 1) * L > bd else ("bisection" if (N / 2) ** 2 * k * k * m / (2 * b * c * B_LINK) >= (P - k) * k * m / B_NODE else "injection")
                rows.append([N, "x".join(map(str, PHYS[N])), k, m, "%.3f" % (t * 1e3), "%.0f" % thr(N, k, m, t), which])
                out.append("| " + " | ".join(str(x) for x in rows[-1]) + " |")
    with open(os.path.join(D, "a2a_model.csv"), "w") as f:
        w = csv.writer(f)
        w.writerow(["nodes", "torus", "ppn", "bytes", "t_ms", "thr_MBs", "bound"])
        w.writerows(rows)
    print("\n".join(out))

main()
