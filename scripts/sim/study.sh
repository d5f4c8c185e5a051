#!/bin/bash
# study.sh - seed 004 re-done on SimGrid (make bench-coll): sweeps per
# scale and phase into runs/<ts>-coll-sim/ (or $STUDY_OUT), then the
# calibration of the tuner's model (coll_fit: T0, L, B per algorithm and
# shape), the tuner's and the Fugaku rule's runs, the analytical Alltoall(v)
# model at the sizes SMPI cannot reach here (a2a_model.py), and the tables
# and plots (report.py). One simulation at a time, each bounded by
# SIM_TIMEOUT. STUDY_PHASES selects phases (default: all of the list below).
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
OUT=${STUDY_OUT:-$root/runs/$(date -u +%Y%m%d-%H%M%S)-coll-sim}
mkdir -p "$OUT"
S=$here/sweep.sh
PH=${STUDY_PHASES:-"b384 cal384 fit384 t384 hold384 seg384 a384 a384p4 a768 amodel b3072 big"}
BC_ALGS="binomial trinaryx3 trinaryx6 bintree3d bintree6d"
SEGD="trinaryx3 trinaryx6 bintree3d bintree6d"
SIZES=4k,16k,64k,256k,1M
has() { [[ " $PH " == *" $1 "* ]]; }
echo "study: $OUT, phases: $PH" >&2
# Table 1 of seed 004 (middle 3072: 3072 48x64 16x12x16; large 27648: 144x192 48x12x48)
S1="384 64x6 8x6x8"
# fig. 5/6: every algorithm at the segment size the built-in model gives it (16 KiB floor)
has b384 && $S "$OUT" bcast 1 "$S1" "$BC_ALGS fugaku" $SIZES
# calibration samples: the segmented trees at two more segment sizes (with one
# segment size per size R and X are proportional and L, B are not separable)
has cal384 && for a in $SEGD; do
    $S "$OUT" bcast 1 "$S1" "$a@65536" 256k,1M
    $S "$OUT" bcast 1 "$S1" "$a@4096" 16k,64k
done
fit() { "$root/build/sim/coll_fit" fit "$OUT/results.csv" > "$OUT/tune.txt"; }
has fit384 && fit
# the tuner (fitted table; it may pick segments down to 4 KiB)
has t384 && MPI_MBCF_COLL_SEG_MIN=4096 MPI_MBCF_COLL_TUNE_FILE=$OUT/tune.txt \
    $S "$OUT" bcast 1 "$S1" auto $SIZES
# out-of-sample: the tuner fitted without 16 KiB and 256 KiB, run at those sizes
# (rows "tuner_ho"); the model beside every simulated row, in and out of
# sample (model_check.py: model_check.md/.csv/.png)
HOLD=16384,262144
has hold384 && { "$root/build/sim/coll_fit" fit "$OUT/results.csv" "$HOLD" > "$OUT/tune_holdout.txt"
    SWEEP_TUNER_LABEL=tuner_ho MPI_MBCF_COLL_SEG_MIN=4096 MPI_MBCF_COLL_TUNE_FILE=$OUT/tune_holdout.txt \
        $S "$OUT" bcast 1 "$S1" auto 16k,256k
    "$here/model_check.py" "$OUT" "$HOLD"; }
# fig. 7/8: segment sizes on the 1-D shape
has seg384 && $S "$OUT" bcast 1 "384" "trinaryx6@4096 trinaryx6@16384 bintree3d@4096 bintree3d@16384" 1M
# fig. 1-3 at 384 nodes (a 384-rank Alltoallv moves 147 k messages)
has a384 && { $S "$OUT" alltoallv 1 "8x6x8" "doublespread pairwise linear" 64,1k
              $S "$OUT" alltoall 1 "8x6x8" "doublespread" 64,1k
              $S "$OUT" alltoallv 1 "384 64x6" "doublespread" 64
              fit
              MPI_MBCF_COLL_TUNE_FILE=$OUT/tune.txt $S "$OUT" alltoallv 1 "8x6x8" auto 64,1k; }
# 4 processes per node: 96 nodes (4x6x4) x 4 = 384 ranks, the largest ppn 4 run that fits here
has a384p4 && $S "$OUT" alltoallv 4 "4x6x4" "doublespread pairwise" 64
# the analytical model's check one size up (768 ranks: 150 s CPU here, ~8x the
# 384-rank run: the simulation's cost grows ~P^3, so 3072 ranks ~3 h CPU)
has a768 && $S "$OUT" alltoall 1 "8x12x8" "doublespread" 64
# Alltoall(v) at 3072 and 27,648 nodes, 1 and 4 per node: analytical (a2a_model.py),
# checked against the SMPI runs above
has amodel && "$here/a2a_model.py" "$OUT" > "$OUT/a2a_model.md"
# 3072 nodes (seed figs. 4, 6, 7): 4 KiB and 64 KiB per algorithm on 3-D and 1-D,
# 1 MiB with 64 KiB segments (few messages: one 3072-rank 4 KiB Bcast costs ~2 s CPU
# since simscale's fix of the driver's Barrier/Reduce (before:
# ~18 s), a 1 MiB one with 16 KiB segments > 15 min on a loaded host)
has b3072 && { $S "$OUT" bcast 1 "16x12x16 48x64 3072" "trinaryx6 bintree3d" 4k,64k
               $S "$OUT" bcast 1 "16x12x16 48x64 3072" "trinaryx6@65536 bintree3d@65536" 1M; }
# 27,648 ranks (seed Table 1 "large"; simscale: ~110 s CPU, ~10 GB each at
# 4 KiB): plain buffers at 4 KiB, 128 KiB stacks; shared-malloc buffers at
# 64 KiB; 1-D Trinaryx6 (a 27,647-hop chain) with 1 MiB stacks
has big && { export SIM_TIMEOUT=${SIM_BIG_TIMEOUT:-2400}
    COLL_BENCH_SHARED=0 $S "$OUT" bcast 1 "48x12x48 144x192" "trinaryx6 bintree3d" 4k
    COLL_BENCH_SHARED=0 $S "$OUT" bcast 1 "27648" "bintree3d" 4k
    COLL_BENCH_SHARED=1 $S "$OUT" bcast 1 "48x12x48" "trinaryx6 bintree3d" 64k
    SIM_STACK_KB=1024 COLL_BENCH_SHARED=0 $S "$OUT" bcast 1 "27648" "trinaryx6" 4k; }
"$here/report.py" "$OUT"
echo "study: results in $OUT" >&2
