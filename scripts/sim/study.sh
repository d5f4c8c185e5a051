#!/bin/bash
# study.sh - seed 004 re-done on SimGrid (make bench-coll): sweeps per
# scale and phase into runs/<ts>-coll-sim/ (or $STUDY_OUT), then the fit
# of L and B (coll_fit), the tuner's and the Fugaku rule's runs, and the
# tables and plots (report.py). One simulation at a time, each bounded by
# SIM_TIMEOUT. STUDY_PHASES selects phases (default: all of the list below).
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
OUT=${STUDY_OUT:-$root/runs/$(date -u +%Y%m%d-%H%M%S)-coll-sim}
mkdir -p "$OUT"
S=$here/sweep.sh
PH=${STUDY_PHASES:-"b384 fit384 t384 seg384 a384 b3072 big"}
BC_ALGS="binomial trinaryx3 trinaryx6 bintree3d bintree6d"
has() { [[ " $PH " == *" $1 "* ]]; }
echo "study: $OUT, phases: $PH" >&2
# Table 1 of seed 004
S1="384 64x6 8x6x8"   # middle (3072 48x64 16x12x16) and large (27648 144x192 48x12x48): see below
# lines run in this order; each sweep is one smpirun per shape and algorithm
has b384 && $S "$OUT" bcast 1 "$S1" "$BC_ALGS fugaku" 4k,64k,1M
fit() { "$root/build/sim/coll_fit" fit "$OUT/results.csv" > "$OUT/tune.txt"; }
has fit384 && fit
has t384 && MPI_MBCF_COLL_TUNE_FILE=$OUT/tune.txt $S "$OUT" bcast 1 "$S1" auto 4k,64k,1M
# fig. 7/8: segment sizes on the 1-D shape
has seg384 && $S "$OUT" bcast 1 "384" "trinaryx6@4096 trinaryx6@65536 bintree3d@4096 bintree3d@65536" 1M
# fig. 1-3 (reduced: a 1-D 384-rank Alltoallv of 64 B takes 2 min to simulate here)
has a384 && { $S "$OUT" alltoallv 1 "8x6x8" "doublespread pairwise linear" 64,1k
              $S "$OUT" alltoall 1 "8x6x8" "doublespread" 64,1k
              $S "$OUT" alltoallv 1 "384 64x6" "doublespread" 64
              fit
              MPI_MBCF_COLL_TUNE_FILE=$OUT/tune.txt $S "$OUT" alltoallv 1 "8x6x8" auto 64,1k; }
has b3072 && SIM_STACK_KB=1024 COLL_BENCH_SHARED=0 $S "$OUT" bcast 1 "3072" "bintree3d trinaryx6 fugaku" 1M
has a3072 && $S "$OUT" alltoallv 1 "16x12x16" "doublespread" 16
# 3072 and 27,648 ranks: plain buffers (SMPI_SHARED_MALLOC aborted at 9.7 GB) and
# 1 MiB context stacks (128 KiB overflowed in SimGrid on 3072-long Trinaryx chains)
has big && SIM_STACK_KB=1024 COLL_BENCH_SHARED=0 SIM_TIMEOUT=${SIM_BIG_TIMEOUT:-1500} $S "$OUT" bcast 1 "48x12x48" "trinaryx6" 4k
"$here/report.py" "$OUT"
echo "study: results in $OUT" >&2
