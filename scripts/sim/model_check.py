#!/usr/bin/env python3
"""model_check.py - the tuner's cost model t = T0 + R*L + X/B + Xs/Bc (coll_tune.c)
beside the SimGrid simulation, in-sample and out-of-sample, for a study
directory of study.sh (results.csv of fixed-algorithm Bcast runs):

  model_check.py DIR HOLDOUT

HOLDOUT: message sizes in bytes (comma list) left out of the second fit.
Runs build/sim/coll_fit twice (all sizes -> DIR/tune_all.txt; without the
held-out sizes -> DIR/tune_holdout.txt), predicts every row with both, and
writes DIR/model_check.csv, DIR/model_check.md (error table per algorithm
and shape, and the summary: points within 10%) and DIR/model_check.png
(model against simulated time, log-log, y = x and +-10% lines)."""
import csv, io, os, subprocess, sys

D, HOLD = sys.argv[1], sys.argv[2]
root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIT = os.path.join(root, "build/sim/coll_fit")
res = os.path.join(D, "results.csv")

def run(args, out=None):
    txt = subprocess.run([FIT] + args, check=True, capture_output=True, text=True).stdout
    if out:
        open(out, "w").write(txt)
    return txt

tall, thold = os.path.join(D, "tune_all.txt"), os.path.join(D, "tune_holdout.txt")
run(["fit", res], tall)
run(["fit", res, HOLD], thold)
pa = {(r["shape"], r["alg"], r["seg"], r["bytes"]): r
      for r in csv.DictReader(io.StringIO(run(["predict", tall, res])))}
ph = {(r["shape"], r["alg"], r["seg"], r["bytes"]): r
      for r in csv.DictReader(io.StringIO(run(["predict", thold, res, HOLD])))}
rows = []
for k, a in pa.items():
    h = ph.get(k)
    rows.append(dict(shape=a["shape"], alg=a["alg"], seg=a["seg"], bytes=int(a["bytes"]),
                     sim_us=float(a["sim_us"]), in_us=float(a["model_us"]), in_err=float(a["err_pct"]),
                     out_us=float(h["model_us"]) if h else None,
                     out_err=float(h["err_pct"]) if h else None,
                     held_out=int(h["held_out"]) if h else 0))
rows.sort(key=lambda r: (r["shape"], r["alg"], r["bytes"], int(r["seg"])))
with open(os.path.join(D, "model_check.csv"), "w") as f:
    w = csv.writer(f)
    w.writerow(["shape", "alg", "seg", "bytes", "sim_us", "model_in_us", "err_in_pct",
                "model_holdout_us", "err_holdout_pct", "held_out"])
    for r in rows:
        w.writerow([r["shape"], r["alg"], r["seg"], r["bytes"], "%.3f" % r["sim_us"], "%.3f" % r["in_us"],
                    "%.1f" % r["in_err"], "" if r["out_us"] is None else "%.3f" % r["out_us"],
                    "" if r["out_err"] is None else "%.1f" % r["out_err"], r["held_out"]])

def within(errs, lim=10):
    return sum(1 for e in errs if abs(e) <= lim), len(errs)

md = ["# Model vs SimGrid (%s; held out: %s bytes)\n" % (D, HOLD),
      "| shape | alg (regime) | seg | M (B) | sim (us) | model, all sizes (us) | err | model, held-out fit (us) | err | held out |",
      "|---|---|---|---|---|---|---|---|---|---|"]
for r in rows:
    md.append("| %s | %s | %s | %d | %.1f | %.1f | %+.1f%% | %s | %s | %s |" % (
        r["shape"], r["alg"], r["seg"], r["bytes"], r["sim_us"], r["in_us"], r["in_err"],
        "-" if r["out_us"] is None else "%.1f" % r["out_us"],
        "-" if r["out_err"] is None else "%+.1f%%" % r["out_err"], "yes" if r["held_out"] else ""))
a = within([r["in_err"] for r in rows])
b = within([r["out_err"] for r in rows if r["held_out"] and r["out_err"] is not None])
c = within([r["out_err"] for r in rows if not r["held_out"] and r["out_err"] is not None])
md.append("\nWithin 10%%: in-sample (fit on all sizes) %d of %d; out-of-sample (held-out sizes, "
          "fit without them) %d of %d; the fitted sizes under that fit %d of %d.\n" % (a + b + c))
open(os.path.join(D, "model_check.md"), "w").write("\n".join(md) + "\n")
print("\n".join(md[-1:]))

dat = os.path.join(D, "model_check.dat")
with open(dat, "w") as f:
    for sel in (lambda r: not r["held_out"], lambda r: r["held_out"]):
        for r in rows:
            if sel(r) and r["out_us"] is not None:
                f.write("%g %g\n" % (r["sim_us"], r["out_us"]))
        f.write("\n\n")
    for r in rows:
        f.write("%g %g\n" % (r["sim_us"], r["in_us"]))
script = """set terminal pngcairo size 800,700
set output '%s'
set title 'Bcast on SimGrid (384 nodes): tuner model T0 + R*L + X/B + Xs/Bc vs simulated'
set xlabel 'simulated time (us)'; set ylabel 'model time (us)'
set logscale xy; set key top left; set grid
plot '%s' index 2 with points pt 1 lc rgb 'gray' title 'fit on all sizes (in-sample)', \
     '' index 0 with points pt 7 lc rgb 'blue' title 'fit without held-out sizes: fitted sizes', \
     '' index 1 with points pt 5 ps 1.3 lc rgb 'red' title 'held-out sizes (out-of-sample)', \
     x lc rgb 'black' title 'model = sim', 1.1*x dt 2 lc rgb 'black' title '+-10%%', 0.9*x dt 2 lc rgb 'black' notitle
""" % (os.path.join(D, "model_check.png"), dat)
subprocess.run(["gnuplot"], input=script.encode(), check=True, timeout=60)
