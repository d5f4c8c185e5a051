#!/usr/bin/env python3
"""seg_plot.py - Bcast time against segment size per node shape (seed 004
fig. 7/8 style) from a study directory's results.csv: one line per fixed
algorithm and message size (rows with a forced segment, alg@SEG), the
tuner's run (rows labelled tuner) as a separate point at its segment.
Writes PREFIX_<shape>.png and PREFIX_<shape>.dat (gnuplot).
  seg_plot.py DIR PREFIX"""
import csv, os, subprocess, sys

D, PREFIX = sys.argv[1], sys.argv[2]
rows = list(csv.DictReader(open(os.path.join(D, "results.csv"))))

def size_txt(b):
    return "%dMiB" % (b >> 20) if b >= 1 << 20 else "%dKiB" % (b >> 10)

for sh in sorted({r["shape"] for r in rows if r["coll"] == "bcast"}):
    sub = [r for r in rows if r["coll"] == "bcast" and r["shape"] == sh]
    series = []
    for M in sorted({int(r["bytes"]) for r in sub}):
        for a in sorted({r["alg"] for r in sub if r["seg"] not in ("model",)}):
            pts = [(int(r["seg"]), float(r["t_us"])) for r in sub
                   if r["alg"] == a and int(r["bytes"]) == M and r["seg"] != "model"]
            if pts:
                series.append(("%s %s" % (a, size_txt(M)), sorted(pts), "linespoints"))
        tun = [(int(r["chosen_seg"]), float(r["t_us"]), r["chosen"]) for r in sub
               if r["alg"] == "tuner" and int(r["bytes"]) == M]
        for s, t, c in tun:
            series.append(("tuner %s (%s/%d)" % (size_txt(M), c, s), [(s, t)], "points pt 7 ps 2"))
    if not series:
        continue
    dat = "%s_%s.dat" % (PREFIX, sh)
    with open(dat, "w") as f:
        for lab, pts, _ in series:
            f.write("# %s\n" % lab + "".join("%d %g\n" % p for p in pts) + "\n\n")
    plots = ", ".join("'%s' index %d with %s title '%s'" % (dat, i, st, lab)
                      for i, (lab, pts, st) in enumerate(series))
    script = ("set terminal pngcairo size 900,600 noenhanced\nset output '%s_%s.png'\n"
              "set title 'Bcast on %s: time vs segment size (SimGrid, 1 process per node)'\n"
              "set xlabel 'segment size (bytes)'\nset ylabel 'time (us)'\nset logscale xy\n"
              "set key outside right\nset grid\nplot %s\n" % (PREFIX, sh, sh, plots))
    subprocess.run(["gnuplot"], input=script.encode(), check=True, timeout=60)
    print("%s_%s.png" % (PREFIX, sh))
