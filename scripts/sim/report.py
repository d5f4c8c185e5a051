#!/usr/bin/env python3
"""report.py - tables and plots of a seed 004 SimGrid study directory (study.sh):
results.csv (coll_bench rows), costs.csv (wall time, peak memory per run),
tune.txt (fitted L, B). Writes into the same directory:
  tables.md             every table in Markdown (also one CSV per table)
  fig1_alltoall_p1.png  seed fig. 1: Doublespread throughput by shape (eq. 1)
  fig3_alltoallv_algs.png seed fig. 3: Alltoallv algorithms, 3-D, ppn 4
  fig5_bcast_<N>.png    seed fig. 5/6: Bcast throughput (eq. 2) per algorithm, per shape
  fig7_segments.png     seed fig. 7: Trinaryx6/Bintree3d by segment size, 1-D
  fig8_model.png        seed fig. 8: time vs segment size, simulated and model
  tuner.md/.csv         tuner and Fugaku-like rule beside the best fixed choice"""
import csv, os, subprocess, sys
from collections import defaultdict

D = sys.argv[1]
rows = list(csv.DictReader(open(os.path.join(D, "results.csv"))))
costs = []
if os.path.exists(os.path.join(D, "costs.csv")):
    # the sizes field holds commas: first 5 fields, last 3, sizes between
    lines = open(os.path.join(D, "costs.csv")).read().splitlines()
    k = 1 if lines and lines[0].endswith(",cpu_s") else 0     # newer files: CPU seconds last
    for l in lines[1:]:
        f = l.split(",")
        if len(f) < 9 + k: continue
        costs.append(dict(zip(["coll", "shape", "ppn", "procs", "alg"], f[:5]),
                          sizes=" ".join(f[5:-3 - k]), wall_s=f[-3 - k], peak_rss_kb=f[-2 - k],
                          status=f[-1 - k], cpu_s=f[-1] if k else "-"))
for r in rows:
    r["bytes"] = int(r["bytes"]); r["t_us"] = float(r["t_us"]); r["thr_MBs"] = float(r["thr_MBs"])
    r["ppn"] = int(r["ppn"]); r["procs"] = int(r["procs"])
md = []

def nodes(shape):
    n = 1
    for x in shape.split("x"):
        n *= int(x)
    return n

def dims(shape):
    return "%d-D" % len(shape.split("x"))

def table(name, head, body):
    md.append("\n### %s\n" % name)
    md.append("| " + " | ".join(head) + " |")
    md.append("|" + "---|" * len(head))
    for b in body:
        md.append("| " + " | ".join(str(x) for x in b) + " |")
    fn = name.split(":")[0].strip().replace(" ", "_").replace("/", "-").replace("(", "").replace(")", "").lower()
    with open(os.path.join(D, fn + ".csv"), "w") as f:
        w = csv.writer(f); w.writerow(head); w.writerows(body)

def size_txt(b):
    if b >= 1 << 20 and b % (1 << 20) == 0: return "%dMiB" % (b >> 20)
    if b >= 1024 and b % 1024 == 0: return "%dKiB" % (b >> 10)
    return "%dB" % b

def gnuplot(png, title, xlabel, ylabel, series, logy=True, extra=""):
    """series: list of (label, [(x, y)], style)"""
    if not series or not any(s[1] for s in series):
        return
    dat = os.path.join(D, png.replace(".png", ".dat"))
    with open(dat, "w") as f:
        for lab, pts, _ in series:
            f.write("# %s\n" % lab)
            for x, y in sorted(pts):
                f.write("%g %g\n" % (x, y))
            f.write("\n\n")
    plots = ", ".join("'%s' index %d with %s title '%s'" % (dat, i, st, lab.replace("'", ""))
                      for i, (lab, pts, st) in enumerate(series))
    script = ("set terminal pngcairo size 900,600 noenhanced\nset output '%s'\nset title '%s'\n"
              "set xlabel '%s'\nset ylabel '%s'\nset logscale x 2\nset format x '%%.0b%%B'\n%sset key left top\nset grid\n%s\nplot %s\n"
              % (os.path.join(D, png), title, xlabel, ylabel, "set logscale y\n" if logy else "", extra, plots))
    try:
        subprocess.run(["gnuplot"], input=script.encode(), check=True, timeout=60)
    except Exception as e:
        md.append("\n(plot %s not made: %s)\n" % (png, e))

# ---- Bcast per scale: algorithm x size tables (fig. 5/6) ----
bc = [r for r in rows if r["coll"] == "bcast" and r["seg"] == "model"]
for N in sorted({nodes(r["shape"]) for r in bc}):
    sub = [r for r in bc if nodes(r["shape"]) == N]
    shapes = sorted({r["shape"] for r in sub}, key=lambda s: len(s.split("x")))
    algs = []
    for r in sub:
        if r["alg"] not in algs: algs.append(r["alg"])
    sizes = sorted({r["bytes"] for r in sub})
    body = []
    for sh in shapes:
        for a in algs:
            d = {r["bytes"]: r for r in sub if r["shape"] == sh and r["alg"] == a}
            if not d: continue
            body.append([sh, a] + ["%.0f" % d[s]["thr_MBs"] if s in d else "-" for s in sizes])
    table("Bcast throughput (MB/s, eq. 2) on %d nodes" % N, ["shape", "algorithm"] + [size_txt(s) for s in sizes], body)
    for sh in shapes:
        series = []
        for i, a in enumerate(algs):
            pts = [(r["bytes"], r["thr_MBs"]) for r in sub if r["shape"] == sh and r["alg"] == a]
            series.append((a, pts, "linespoints pt %d" % (i + 1)))
        gnuplot("fig5_bcast_%s.png" % sh, "Bcast, %s (%s), 1 process per node: throughput by eq. 2" % (sh, dims(sh)),
                "message size M (bytes)", "throughput (MB/s)", series)

# ---- Alltoall(v) (fig. 1-3) ----
for coll in ("alltoall", "alltoallv"):
    sub = [r for r in rows if r["coll"] == coll]
    if not sub: continue
    keys = sorted({(r["ppn"], nodes(r["shape"]), r["shape"], r["alg"]) for r in sub},
                  key=lambda k: (k[0], k[1], len(k[2].split("x")), k[3]))
    sizes = sorted({r["bytes"] for r in sub})
    body = []
    for ppn, N, sh, a in keys:
        d = {r["bytes"]: r for r in sub if r["ppn"] == ppn and r["shape"] == sh and r["alg"] == a}
        body.append([N, sh, ppn, a] + ["%.0f" % d[s]["thr_MBs"] if s in d else "-" for s in sizes])
    table("%s throughput (MB/s, eq. 1)" % coll.capitalize(), ["nodes", "shape", "ppn", "algorithm"] + [size_txt(s) for s in sizes], body)
    series = []
    for i, (ppn, N, sh, a) in enumerate(keys):
        if a != "doublespread" or ppn != 1: continue
        pts = [(r["bytes"], r["thr_MBs"]) for r in sub if r["ppn"] == ppn and r["shape"] == sh and r["alg"] == a]
        series.append(("%d nodes %s" % (N, sh), pts, "linespoints pt %d" % (i + 1)))
    gnuplot("fig1_%s_p1.png" % coll, "%s Doublespread, 1 process per node (seed fig. 1)" % coll.capitalize(),
            "bytes per pair M", "throughput by eq. 1 (MB/s)", series)
    series = []
    for i, (ppn, N, sh, a) in enumerate(keys):
        if ppn != 4: continue
        pts = [(r["bytes"], r["thr_MBs"]) for r in sub if r["ppn"] == ppn and r["shape"] == sh and r["alg"] == a]
        series.append(("%s %s" % (sh, a), pts, "linespoints pt %d" % (i + 1)))
    gnuplot("fig3_%s_algs.png" % coll, "%s algorithms, 4 processes per node (seed fig. 3)" % coll.capitalize(),
            "bytes per pair M", "throughput by eq. 1 (MB/s)", series)

# ---- segment sizes (fig. 7/8) ----
seg = [r for r in rows if r["coll"] == "bcast" and r["seg"] != "model"]
if seg:
    body = []
    for r in sorted(seg, key=lambda r: (r["shape"], r["alg"], r["bytes"], int(r["seg"]))):
        body.append([r["shape"], r["alg"], size_txt(r["bytes"]), r["seg"], "%.1f" % r["t_us"], "%.0f" % r["thr_MBs"]])
    tune = os.path.join(D, "tune.txt")
    fit = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "build", "sim", "coll_fit")
    model = {}
    if os.path.exists(tune) and os.path.exists(fit):
        for r in seg:
            k = (r["shape"], r["alg"], r["bytes"])
            if k in model: continue
            segs = ",".join(str(1 << i) for i in range(10, 21))
            out = subprocess.run([fit, "curve", tune, r["alg"], r["shape"], str(r["bytes"]), segs],
                                 capture_output=True, text=True).stdout
            model[k] = [(float(l.split(",")[0]), float(l.split(",")[1])) for l in out.splitlines() if l and l[0] != "#"]
            model[k + ("note",)] = [l for l in out.splitlines() if l.startswith("#")]
    table("Bcast by segment size (seed fig. 7/8)", ["shape", "algorithm", "M", "segment", "t (us)", "MB/s"], body)
    series = []
    for i, k in enumerate(sorted({(r["shape"], r["alg"], r["bytes"]) for r in seg})):
        pts = [(int(r["seg"]), r["t_us"]) for r in seg if (r["shape"], r["alg"], r["bytes"]) == k]
        series.append(("%s %s simulated" % (k[1], size_txt(k[2])), pts, "points pt %d ps 2" % (i + 1)))
        if k in model:
            series.append(("%s %s model (fitted L, B)" % (k[1], size_txt(k[2])), model[k], "lines dt 2"))
    gnuplot("fig8_model.png", "Bcast time vs segment size, %s (seed fig. 8): simulation and eq. 4/6 with fitted L, B" % seg[0]["shape"],
            "segment size m_S (bytes)", "time (us)", series)
    for k, v in model.items():
        if len(k) == 4:
            md.append("\nmodel %s %s %s: %s" % (k[0], k[1], size_txt(k[2]), " ".join(v)))

# ---- tuner vs best fixed vs Fugaku-like rule ----
body = []
for coll in ("bcast", "alltoallv", "alltoall"):
    sub = [r for r in rows if r["coll"] == coll]
    for sh, ppn, M in sorted({(r["shape"], r["ppn"], r["bytes"]) for r in sub}, key=lambda k: (nodes(k[0]), len(k[0].split("x")), k[1], k[2])):
        pts = [r for r in sub if r["shape"] == sh and r["ppn"] == ppn and r["bytes"] == M]
        fixed = [r for r in pts if r["alg"] not in ("tuner", "tuner_ho", "fugaku", "auto")]
        tun = [r for r in pts if r["alg"] == "tuner"]
        ho = [r for r in pts if r["alg"] == "tuner_ho"]
        fug = [r for r in pts if r["alg"] == "fugaku"]
        if not fixed or not tun: continue
        best = min(fixed, key=lambda r: r["t_us"])
        t = tun[0]
        f = fug[0] if fug else None
        body.append([coll, sh, ppn, size_txt(M), "%s/%s" % (best["alg"], best["chosen_seg"] if best["seg"] == "model" else best["seg"]),
                     "%.1f" % best["t_us"], "%s/%s" % (t["chosen"], t["chosen_seg"]), "%.1f" % t["t_us"],
                     "%+.0f%%" % (100 * (t["t_us"] / best["t_us"] - 1)),
                     ("%s/%s" % (f["chosen"], f["chosen_seg"])) if f else "-",
                     ("%.1f" % f["t_us"]) if f else "-",
                     ("%+.0f%%" % (100 * (f["t_us"] / best["t_us"] - 1))) if f else "-",
                     ("%s/%s %.1f (%+.0f%%)" % (ho[0]["chosen"], ho[0]["chosen_seg"], ho[0]["t_us"],
                                                100 * (ho[0]["t_us"] / best["t_us"] - 1))) if ho else "-"])
if body:
    within = sum(1 for b in body if float(b[7]) <= 1.10 * float(b[5]))
    md.append("\nTuner within 10%% of the best fixed choice at %d of %d points." % (within, len(body)))
    hob = [b for b in body if b[-1] != "-"]
    if hob:
        hw = sum(1 for b in hob if float(b[-1].split()[1]) <= 1.10 * float(b[5]))
        md.append("Tuner fitted without these sizes (held out, `tuner_ho`): within 10%% at %d of %d points." % (hw, len(hob)))
    table("Tuner beside the best fixed choice and the Fugaku-like rule",
          ["coll", "shape", "ppn", "M", "best fixed alg/seg", "t (us)", "tuner alg/seg", "t (us)", "tuner vs best",
           "Fugaku rule alg/seg", "t (us)", "rule vs best", "tuner fitted w/o this size: alg/seg t (vs best)"], body)

# ---- fitted L, B ----
tune = os.path.join(D, "tune.txt")
if os.path.exists(tune):
    body = []
    for l in open(tune):
        if l.startswith("#") or not l.strip(): continue
        p = l.split("#")[0].split()
        body.append((p + ["0", "0"])[:8] + [l.split("#")[1].strip() if "#" in l else ""])
    table("Fitted T0, L, B and Bc (coll_fit)", ["coll", "alg", "shape", "ppn", "L (us)", "B (MB/s)", "T0 (us)",
                                                "Bc (MB/s, 0 none)", "fit"], body)

# ---- simulation costs ----
if costs:
    body = [[c["coll"], c["shape"], c["ppn"], c["procs"], c["alg"], c["sizes"], c["wall_s"], c["cpu_s"], "%.0f" % (int(c["peak_rss_kb"] or 0) / 1024), c["status"]] for c in costs]
    table("Cost of each simulation on this host (2 cores shared, /usr/bin/time -v)",
          ["coll", "shape", "ppn", "ranks", "algorithm", "sizes", "wall (s)", "CPU (s)", "peak RSS (MB)", "exit"], body)

with open(os.path.join(D, "tables.md"), "w") as f:
    f.write("# Seed 004 on SimGrid: %s\n" % os.path.basename(os.path.abspath(D)))
    f.write("\n".join(md) + "\n")
print(os.path.join(D, "tables.md"))
