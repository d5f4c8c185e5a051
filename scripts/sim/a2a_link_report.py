#!/usr/bin/env python3
"""a2a_link_report.py - tables and plots of the Alltoall link-load model
(scripts/sim/a2a_link.sh writes the inputs):
  OUT/validation.csv  model beside every SMPI row -> validation.md: ratio
                      model/SMPI per point, its median and range, and whether
                      the model keeps SMPI's order of shapes (same node count,
                      ppn, algorithm, size) and of algorithms (same shape,
                      ppn, size)
  OUT/model.csv       seed 004 Table 1 on the model -> tables.md (throughput
                      by eq. 1 per shape x size, the shape spread per point),
                      fig1_alink_ppn{1,4}.png (seed figs. 1-2: Doublespread,
                      1-D/2-D/3-D, small/middle/large), fig3_alink_ppn4.png
                      (seed fig. 3: pairwise vs Doublespread on 3-D),
                      alink_validation.png
  OUT/costs.csv       the model's own wall time, CPU and peak RSS
  a2a_link_report.py OUT"""
import csv, os, statistics, subprocess, sys
from collections import defaultdict

D = sys.argv[1]
DIM = {1: "1-D", 2: "2-D", 3: "3-D"}
SEED = {384: "small", 3072: "middle", 27648: "large"}


def size_txt(b):
    b = int(b)
    return "%dMiB" % (b >> 20) if b >= 1 << 20 and b % (1 << 20) == 0 else (
        "%dKiB" % (b >> 10) if b >= 1024 and b % 1024 == 0 else "%dB" % b)


def dim_of(shape):
    return shape.count("x") + 1


def order_pairs(vals):
    """pairs (a, b) of keys with vals[a] < vals[b]"""
    ks = sorted(vals)
    return [(a, b) for i, a in enumerate(ks) for b in ks[i + 1:]]


def validation(out):
    path = os.path.join(D, "validation.csv")
    rows = list(csv.DictReader(open(path))) if os.path.exists(path) else []
    for r in rows:                  # pairwise rounds are blocking Sendrecvs: nothing to overlap
        if r["alg"] == "pairwise":
            r["overlap_us"], r["overlap_ratio"] = r["model_us"], r["ratio"]
    if not rows:
        out.append("No SMPI rows given.\n")
        return
    rs = [float(r["ratio"]) for r in rows]
    ro = [float(r["overlap_ratio"]) for r in rows if r["alg"] == "doublespread"]
    rd = [float(r["ratio"]) for r in rows if r["alg"] == "doublespread"]
    out += ["Model beside SMPI: %d points (SimGrid 3.32 SMPI, `sweep.sh` settings), "
            "model/SMPI median %.2f, range %.2f-%.2f; within 10%%: %d, within 25%%: %d. "
            "Doublespread's other end of the bracket (`a2al_time_overlap`, windows overlapping; pairwise "
            "rounds cannot): median %.2f, range %.2f-%.2f; SMPI inside [overlap end, model] (2%% slack) at "
            "%d of its %d points." % (
                len(rs), statistics.median(rs), min(rs), max(rs),
                sum(abs(x - 1) <= 0.10 for x in rs), sum(abs(x - 1) <= 0.25 for x in rs),
                statistics.median(ro), min(ro), max(ro),
                sum(o <= 1.02 and x >= 0.98 for o, x in zip(ro, rd)), len(rd)), ""]
    for alg in ("pairwise", "doublespread"):
        a = [float(r["ratio"]) for r in rows if r["alg"] == alg]
        if a:
            out.append("- %s: %d points, median %.2f, range %.2f-%.2f" % (
                alg, len(a), statistics.median(a), min(a), max(a)))
    grp = defaultdict(list)
    for r in rows:
        grp[(int(r["procs"]) // int(r["ppn"]), r["shape"], int(r["ppn"]), r["alg"])].append(r)
    out += ["", "Per configuration (all sizes and sessions):", "",
            "| nodes | shape | ppn | alg | M | model / SMPI | overlap end / SMPI |", "|---|---|---|---|---|---|---|"]
    for k in sorted(grp, key=lambda k: (k[0], -dim_of(k[1]), k[2], k[3])):
        g = grp[k]
        ms = sorted({int(r["bytes"]) for r in g})
        q = sorted(float(r["ratio"]) for r in g)
        qo = sorted(float(r["overlap_ratio"]) for r in g)
        rng = lambda q: "%.2f" % q[0] if q[0] == q[-1] else "%.2f-%.2f" % (q[0], q[-1])
        out.append("| %d | %s %s | %d | %s | %s | %s | %s |" % (
            k[0], DIM[dim_of(k[1])], k[1], k[2], k[3], ", ".join(size_txt(m) for m in ms),
            rng(q), rng(qo)))
    out += ["", "| source | shape | ppn | ranks | alg | M | SMPI t (us) | model t (us) | model / SMPI | overlap end (us) |",
            "|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        out.append("| %s | %s | %s | %s | %s | %s | %.2f | %.2f | %.2f | %.2f |" % (
            r["source"], r["shape"], r["ppn"], r["procs"], r["alg"], size_txt(r["bytes"]),
            float(r["smpi_us"]), float(r["model_us"]), float(r["ratio"]), float(r["overlap_us"])))
    # one SMPI time per configuration (median over sources) and its model time
    cfg = defaultdict(list)
    for r in rows:
        cfg[(r["shape"], int(r["ppn"]), int(r["procs"]), r["alg"], int(r["bytes"]))].append(
            (float(r["smpi_us"]), float(r["model_us"]), float(r["overlap_us"])))
    one = {k: (statistics.median(x[0] for x in v), v[0][1], v[0][2]) for k, v in cfg.items()}

    def check(groups, what, j):
        kept = tot = 0
        bad = []
        for g, members in sorted(groups.items()):
            if len(members) < 2:
                continue
            for a, b in order_pairs(members):
                sa, ma = one[members[a]][0], one[members[a]][j]
                sb, mb = one[members[b]][0], one[members[b]][j]
                tot += 1
                if (sa < sb) == (ma < mb):
                    kept += 1
                else:
                    bad.append("%s: %s %s %.1f vs %s %.1f us in SMPI, %s %.1f vs %.1f (SMPI gap %.1f%%)" % (
                        g, what, a, sa, b, sb, "model" if j == 1 else "overlap end", ma, mb,
                        100 * abs(sa - sb) / min(sa, sb)))
        return kept, tot, bad

    shapes = defaultdict(dict)
    algs = defaultdict(dict)
    for k in one:
        shape, ppn, procs, alg, m = k
        shapes["%d ranks ppn %d %s %s" % (procs, ppn, alg, size_txt(m))][shape] = k
        algs["%s ppn %d %s" % (shape, ppn, size_txt(m))][alg] = k
    out += ["", "Orderings (one SMPI time per configuration, the median where several sessions ran it):", ""]
    for j, name in ((1, "model (windows in sequence)"), (2, "overlap end")):
        ks, ts, bs = check(shapes, "shape", j)
        ka, ta, ba = check(algs, "alg", j)
        out += ["- %s: shapes (same ranks, ppn, algorithm, M) in SMPI's order in %d of %d pairs; "
                "pairwise vs Doublespread (same shape, ppn, M) in %d of %d" % (name, ks, ts, ka, ta)]
        for b in bs + ba:
            out.append("  - NOT kept: " + b)
    with open(os.path.join(D, "validation_plot.dat"), "w") as f:
        for k, (s, m, o) in sorted(one.items()):
            f.write("%g %g %s %g\n" % (s, m, k[3], o))


def gp(script):
    subprocess.run(["gnuplot"], input=script, text=True, check=False)


def gp_row(png, panels):
    """one PNG of throughput-vs-M panels side by side (log-log)"""
    gp("""set terminal png size 1500,450
set output '%s'
set multiplot layout 1,%d
set logscale xy
set xlabel 'M (bytes per pair)'
set ylabel 'eq. 1 throughput (MB/s)'
set key bottom right
set grid
%s
unset multiplot
""" % (png, len(panels), "\n".join(panels)))


def model_tables(out):
    rows = list(csv.DictReader(open(os.path.join(D, "model.csv"))))
    if not rows:
        return
    sizes = sorted({int(r["bytes"]) for r in rows})
    by = {(int(r["nodes"]), int(r["ppn"]), r["shape"], r["alg"], int(r["bytes"])): r for r in rows}
    nodes = sorted({int(r["nodes"]) for r in rows})
    ppns = sorted({int(r["ppn"]) for r in rows})
    shapes_of = defaultdict(list)
    for r in rows:
        if r["shape"] not in shapes_of[int(r["nodes"])]:
            shapes_of[int(r["nodes"])].append(r["shape"])
    out += ["", "Alltoall throughput by eq. 1 (MB/s), link-load model, Doublespread and pairwise:", ""]
    for ppn in ppns:
        hdr = "| nodes | shape | alg | " + " | ".join(size_txt(s) for s in sizes) + " |"
        out += ["", "**%d process%s per node**" % (ppn, "" if ppn == 1 else "es"), "", hdr,
                "|" + "---|" * (3 + len(sizes))]
        for n in nodes:
            for alg in ("doublespread", "pairwise"):
                for sh in shapes_of[n]:
                    vals = [by.get((n, ppn, sh, alg, s)) for s in sizes]
                    st = [int(v.get("stride") or 1) for v in vals if v]
                    samp = " (1 window in %d)" % max(st) if st and max(st) > 1 else ""
                    out.append("| %d | %s %s | %s%s | %s |" % (n, DIM[dim_of(sh)], sh, alg, samp, " | ".join(
                        "%.0f" % float(v["thr_MBs"]) if v else "-" for v in vals)))
    # the shape effect per point: each shape's throughput over the best shape's
    out += ["", "Shape effect (seed figs. 1-2): throughput of each shape / the best shape's, per M "
            "(1-D / 2-D / 3-D), Doublespread at both ends of the bracket and pairwise:", "",
            "| nodes | ppn | M | Doublespread | best | DS overlap end | best | pairwise | best |",
            "|---|---|---|---|---|---|---|---|---|"]
    with open(os.path.join(D, "alink_shape_effect.csv"), "w") as f:
        w = csv.writer(f)
        w.writerow(["nodes", "ppn", "bytes", "ds_1d_rel", "ds_2d_rel", "ds_3d_rel", "ds_best",
                    "dsov_1d_rel", "dsov_2d_rel", "dsov_3d_rel", "dsov_best",
                    "pw_1d_rel", "pw_2d_rel", "pw_3d_rel", "pw_best"])
        for n in nodes:
            for ppn in ppns:
                for s in sizes:
                    best = {}
                    rel = {}
                    for alg in ("doublespread", "pairwise", "ds_overlap"):
                        a, col = ("doublespread", "throv_MBs") if alg == "ds_overlap" else (alg, "thr_MBs")
                        t = {dim_of(sh): float(by[(n, ppn, sh, a, s)][col])
                             for sh in shapes_of[n] if (n, ppn, sh, a, s) in by}
                        if not t:
                            continue
                        top = max(t.values())
                        best[alg] = DIM[max(t, key=t.get)]
                        rel[alg] = {d: t[d] / top for d in t}
                    if "doublespread" not in rel:
                        continue
                    r, ro = rel["doublespread"], rel.get("ds_overlap", {})
                    rp = rel.get("pairwise", {})
                    f3 = lambda r: " / ".join("%.2f" % r[d] if d in r else "-" for d in (1, 2, 3))
                    out.append("| %d | %d | %s | %s | %s | %s | %s | %s | %s |" % (
                        n, ppn, size_txt(s), f3(r), best["doublespread"], f3(ro), best.get("ds_overlap", "-"),
                        f3(rp), best.get("pairwise", "-")))
                    w.writerow([n, ppn, s] + ["%.3f" % r.get(d, 0) for d in (1, 2, 3)] +
                               [best["doublespread"]] + ["%.3f" % ro.get(d, 0) for d in (1, 2, 3)] +
                               [best.get("ds_overlap", "")] + ["%.3f" % rp.get(d, 0) for d in (1, 2, 3)] +
                               [best.get("pairwise", "")])
    # Doublespread over pairwise (seed fig. 3)
    out += ["", "Doublespread / pairwise time ratio on 3-D (seed fig. 3; < 1: Doublespread faster):", "",
            "| nodes | ppn | " + " | ".join(size_txt(s) for s in sizes) + " |", "|" + "---|" * (2 + len(sizes))]
    for n in nodes:
        for ppn in ppns:
            sh = [x for x in shapes_of[n] if dim_of(x) == 3]
            if not sh:
                continue
            vals = []
            for s in sizes:
                a, b = by.get((n, ppn, sh[0], "doublespread", s)), by.get((n, ppn, sh[0], "pairwise", s))
                vals.append("%.2f" % (float(a["t_us"]) / float(b["t_us"])) if a and b else "-")
            out.append("| %d | %d | %s |" % (n, ppn, " | ".join(vals)))
    # data files and plots
    for ppn in ppns:
        for alg in ("doublespread", "pairwise"):
            for n in nodes:
                for sh in shapes_of[n]:
                    with open(os.path.join(D, "alink_%d_%s_p%d_%s.dat" % (n, sh, ppn, alg)), "w") as f:
                        for s in sizes:
                            v = by.get((n, ppn, sh, alg, s))
                            if v:
                                f.write("%d %s %s\n" % (s, v["thr_MBs"], v["t_us"]))
    color = {1: "red", 2: "blue", 3: "dark-green"}
    pt = {1: 7, 2: 5, 3: 9}
    for ppn in ppns:
        for alg, tag in (("doublespread", "fig1"), ("pairwise", "fig1pw")):
            plots = []
            for n in nodes:
                cur = ["set title '%s: %d nodes (%s), %d/node'" % (alg, n, SEED.get(n, ""), ppn)]
                lines = ["'%s/alink_%d_%s_p%d_%s.dat' u 1:2 w lp lc rgb '%s' pt %d t '%s %s'" % (
                    D, n, sh, ppn, alg, color[dim_of(sh)], pt[dim_of(sh)], DIM[dim_of(sh)], sh)
                    for sh in shapes_of[n]]
                plots.append("\n".join(cur) + "\nplot " + ", ".join(lines))
            gp_row("%s/%s_alink_ppn%d.png" % (D, tag, ppn), plots)
        plots = []
        for n in nodes:
            sh = [x for x in shapes_of[n] if dim_of(x) == 3][0]
            plots.append("set title '3-D %s (%d nodes), %d/node'\nplot '%s/alink_%d_%s_p%d_pairwise.dat' u 1:2 w lp "
                         "lc rgb 'blue' pt 5 t 'pairwise', '%s/alink_%d_%s_p%d_doublespread.dat' u 1:2 w lp "
                         "lc rgb 'dark-green' pt 9 t 'Doublespread'" % (sh, n, ppn, D, n, sh, ppn, D, n, sh, ppn))
        gp_row("%s/fig3_alink_ppn%d.png" % (D, ppn), plots)
    if os.path.exists(os.path.join(D, "validation_plot.dat")):
        gp("""set terminal png size 700,600
set output '%s/alink_validation.png'
set logscale xy
set xlabel 'SMPI simulated time (us)'
set ylabel 'link-load model time (us)'
set key top left
set grid
plot '%s/validation_plot.dat' u 1:(strcol(3) eq 'pairwise' ? $2 : 1/0) pt 5 lc rgb 'blue' t 'pairwise', \\
     '' u 1:(strcol(3) eq 'doublespread' ? $2 : 1/0) pt 9 lc rgb 'dark-green' t 'Doublespread', \\
     '' u 1:4 pt 1 lc rgb 'gray' t 'overlap end (both)', \\
     x w l lc rgb 'black' t 'model = SMPI', 1.25*x w l dt 2 lc rgb 'gray' t '+-25%%', 0.8*x w l dt 2 lc rgb 'gray' notitle
""" % (D, D))


def costs(out):
    rows = [r for r in csv.DictReader(open(os.path.join(D, "costs.csv"))) if r.get("phase", "table1") == "table1"]
    if not rows:
        return
    out += ["", "Cost of the model itself at seed Table 1 (`/usr/bin/time -v`, one profile prices every M):", "",
            "| shape | ppn | alg | wall (s) | CPU (s) | peak RSS (MB) | status |", "|---|---|---|---|---|---|---|"]
    for r in rows:
        out.append("| %s | %s | %s | %s | %.2f | %.1f | %s |" % (
            r["shape"], r["ppn"], r["alg"], r["wall_s"], float(r["cpu_s"] or 0),
            float(r["peak_rss_kb"] or 0) / 1024, r["status"]))


v, t = [], []
validation(v)
model_tables(t)
costs(t)
open(os.path.join(D, "validation.md"), "w").write("\n".join(v) + "\n")
open(os.path.join(D, "tables.md"), "w").write("\n".join(t) + "\n")
print("\n".join(v[:12]))
