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
# phases not in the default list (simscale2; each minutes to an hour here):
#   big64 big64s big1m  27,648 nodes above 4 KiB (shared-malloc buffers)
#   seg4k384            fixed 4 KiB-segment Bcasts at 384 nodes, 256 KiB and 1 MiB
#   t3072 (t3072tail)   tuner, Fugaku rule and fixed runs at 3072 nodes
#   aab ashape ashape1536 a3072   Alltoall: SMPI-option A/B (384, 768),
#                       3-D vs 1-D at 768 and 1536, and 3072 ranks
#   alval alink         Alltoall link-load model: SMPI validation points, and
#                       the model at 384, 3072, 27,648 nodes (a2alink)
#   t27648              the tuner at 27,648 nodes (384-node fit carried over)
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
# SMPI's shared malloc maps its block once per rank and allocation, beside
# two maps per actor stack (stack + guard page): ~3.5 maps per rank, so the
# kernel's default vm.max_map_count (65530) ends a shared-malloc run at
# ~18,800 ranks ("Could not map folded virtual memory ... vm.max_map_count",
# status 134). raise_maps N raises it for the study when it is lower (root
# only; says so) and the EXIT trap puts the old value back.
MAPS0=$(cat /proc/sys/vm/max_map_count)
raise_maps() {
    local cur; cur=$(cat /proc/sys/vm/max_map_count)
    [ "$cur" -ge "$1" ] && return 0
    echo "study: raising vm.max_map_count $cur -> $1 for shared-malloc runs (restored at exit)" >&2
    sysctl -q -w vm.max_map_count="$1" || { echo "study: cannot raise vm.max_map_count (not root?): shared-malloc runs above ~18,000 ranks will abort" >&2; return 1; }
}
restore_maps() {
    [ "$(cat /proc/sys/vm/max_map_count)" = "$MAPS0" ] && return 0
    sysctl -q -w vm.max_map_count="$MAPS0" && echo "study: vm.max_map_count restored to $MAPS0" >&2
}
trap restore_maps EXIT
BIGMAPS=262144      # > 3 maps x 27,648 ranks + the program's own
# 27,648 ranks (seed Table 1 "large"; simscale: ~110 s CPU, ~10 GB each at
# 4 KiB): plain buffers at 4 KiB, 128 KiB stacks; shared-malloc buffers at
# 64 KiB; 1-D Trinaryx6 (a 27,647-hop chain) with 1 MiB stacks
has big && { export SIM_TIMEOUT=${SIM_BIG_TIMEOUT:-2400}
    COLL_BENCH_SHARED=0 $S "$OUT" bcast 1 "48x12x48 144x192" "trinaryx6 bintree3d" 4k
    COLL_BENCH_SHARED=0 $S "$OUT" bcast 1 "27648" "bintree3d" 4k
    raise_maps $BIGMAPS; COLL_BENCH_SHARED=1 $S "$OUT" bcast 1 "48x12x48" "trinaryx6 bintree3d" 64k
    SIM_STACK_KB=1024 COLL_BENCH_SHARED=0 $S "$OUT" bcast 1 "27648" "trinaryx6" 4k; }
# the tuner-vs-best-fixed table of 256 KiB and 1 MiB at 384 nodes, all rows
# of one session (simscale2): the three trees at 4, 16 and 64 KiB segments
# (4 KiB: the tuner's own segment), the tuner on the fitted 384-node table
# (TUNE384, default the committed docs/notes/collectives/tune1_tune.txt) and the
# Fugaku-like rule (16 KiB segment floor as in b384)
TUNE384=${TUNE384:-$root/docs/notes/collectives/tune1_tune.txt}
has seg4k384 && { for a in bintree6d trinaryx6 bintree3d; do
        $S "$OUT" bcast 1 "$S1" "$a@4096 $a@16384 $a@65536" 256k,1M; done
    MPI_MBCF_COLL_SEG_MIN=4096 MPI_MBCF_COLL_TUNE_FILE=$TUNE384 $S "$OUT" bcast 1 "$S1" auto 256k,1M
    $S "$OUT" bcast 1 "$S1" fugaku 256k,1M; }
# tuner check at 3072 nodes (simscale2): the tuner as a user gets it here
# (the 384-node table TUNE384 has no 3072-node entries, so the built-in
# TofuD figures L 0.5 us / B 6800 MB/s price every algorithm), its decisions
# printed by coll_fit decide (decide3072.csv); the Fugaku-like rule; fixed
# runs of the three trees. Segments: 4 and 64 KiB with the tuner's 4 KiB
# floor, fixed runs at the built-in model's segment (16 KiB floor) and at
# 4 KiB (the tuner's own); 1 MiB with a 64 KiB floor for the tuner (the
# fixed 1 MiB rows are b3072's Trinaryx6 and Bintree3d at 64 KiB segments;
# a 3072-rank 1 MiB Bcast in 4-7 KiB segments is too slow here); the rule
# keeps its 16 KiB band. The tuner's 1 MiB choice (Bintree6d, 64 KiB) costs
# 143 s CPU on 3-D; t3072tail is the part after it.
S3="16x12x16 48x64 3072"
t3072_decide() { for sh in $S3; do "$root/build/sim/coll_fit" decide "$TUNE384" $sh 4k,64k 4096
        "$root/build/sim/coll_fit" decide "$TUNE384" $sh 1M 65536 | tail -n +2; done > "$OUT/decide3072.csv"; }
has t3072 && { t3072_decide
    MPI_MBCF_COLL_SEG_MIN=4096 MPI_MBCF_COLL_TUNE_FILE=$TUNE384 $S "$OUT" bcast 1 "$S3" auto 4k,64k
    MPI_MBCF_COLL_SEG_MIN=65536 MPI_MBCF_COLL_TUNE_FILE=$TUNE384 $S "$OUT" bcast 1 "$S3" auto 1M; }
if has t3072 || has t3072tail; then
    $S "$OUT" bcast 1 "$S3" "bintree6d trinaryx6 bintree3d" 4k,64k
    $S "$OUT" bcast 1 "3072" "split_bintree" 4k,64k     # the tuner's 1-D pick
    $S "$OUT" bcast 1 "$S3" fugaku 4k,64k,1M
    $S "$OUT" bcast 1 "$S3" "trinaryx6@4096 bintree3d@4096" 64k
fi
# Alltoall: A/B of SMPI options that might cut the max-min solver's cost
# (Doublespread, 64 B per pair, 3-D, 1 per node, 384 and 768 ranks), each
# option set into its own OUT/aab/<name>; then 3072 ranks (3-D 16x12x16 and
# 1-D 3072, Doublespread and pairwise) with A3072_CFG (the option set kept)
AAB_SETS=${AAB_SETS:-"base prec3 detached64k async64k optimfull mmprec3"}
aab_cfg() { case $1 in
    base) echo "" ;;
    prec3) echo "--cfg=maxmin/precision:1e-3 --cfg=surf/precision:1e-3" ;;
    mmprec3) echo "--cfg=maxmin/precision:1e-3" ;;
    async64k) echo "--cfg=smpi/send-is-detached-thresh:65536 --cfg=smpi/async-small-thresh:65536" ;;
    detached64k) echo "--cfg=smpi/send-is-detached-thresh:65536" ;;
    optimfull) echo "--cfg=network/optim:Full" ;;
    *) echo "$1" ;;
    esac; }
# (optimfull: full instead of lazy max-min updates - same simulated times,
# half the CPU: the option set A3072_CFG defaults to for 1536 and 3072)
has aab && for c in $AAB_SETS; do
    sh="8x6x8 8x12x8"
    SIM_EXTRA_CFG=$(aab_cfg $c) $S "$OUT/aab/$c" alltoall 1 "$sh" doublespread 64; done
# the shape effect below 3072 (simscale2): 3-D vs 1-D job shape on the same
# physical torus (platform.py), 768 ranks Doublespread and pairwise
# (ashape), 1536 ranks Doublespread (ashape1536), 64 B per pair, 1 per node
has ashape && { export SIM_TIMEOUT=${SIM_A2A_TIMEOUT:-5400}
    $S "$OUT" alltoall 1 "8x12x8 768" "doublespread pairwise" 64; }
has ashape1536 && { export SIM_TIMEOUT=${SIM_A2A_TIMEOUT:-5400}
    SIM_EXTRA_CFG=$(aab_cfg "${A3072_CFG:-optimfull}") $S "$OUT" alltoall 1 "8x12x16 1536" "doublespread" 64; }
has a3072 && { export SIM_TIMEOUT=${SIM_A2A_TIMEOUT:-5400}
    SIM_EXTRA_CFG=$(aab_cfg "${A3072_CFG:-optimfull}") $S "$OUT" alltoall 1 "16x12x16 3072" "doublespread pairwise" 64; }
# the Alltoall link-load model (a2alink, scripts/sim/a2a_link.sh): its SMPI
# validation points (alval: 96 and 384 nodes, 1-D/2-D/3-D on one physical
# torus, pairwise and Doublespread, 64 B-64 KiB, 1 and 4 per node; 1-440 s
# CPU each, 20+ min wall for a 384-rank Doublespread on a loaded host), then
# the model over seed Table 1 (alink: 384, 3072, 27,648 nodes; minutes,
# mostly the 27,648 x 4 profiles) with its validation table and plots
# (buffers: SMPI holds 2 x P x m per rank here, shared malloc or not: a
# 384-rank run at 64 KiB took 19 GB and was killed, so 384 ranks stop at 4 KiB)
has alval && { export SIM_TIMEOUT=${SIM_A2A_TIMEOUT:-1800}
    $S "$OUT" alltoall 1 "96 16x6 4x6x4" "doublespread pairwise" 64,1k,16k,64k
    $S "$OUT" alltoall 1 "384 64x6 8x6x8" "doublespread pairwise" 64,1k,4k
    $S "$OUT" alltoall 4 "96 4x6x4 16x6" "doublespread pairwise" 64,1k,4k; }
has alink && { ALINK_NODES="384 3072" "$here/a2a_link.sh" "$OUT/alink" "$OUT/results.csv" "$root"/docs/notes/collectives/*results*.csv
    ALINK_NODES=27648 ALINK_PPN=1 "$here/a2a_link.sh" "$OUT/alink"
    ALINK_NODES=27648 ALINK_PPN=4 ALINK_STRIDE=4 "$here/a2a_link.sh" "$OUT/alink"; }
# 27,648 ranks above 4 KiB (simscale2): shared-malloc buffers with the map
# count raised to 4 x 27,648 + 65536 (rounded up); 3-D first, then 2-D and
# 1-D (1-D Trinaryx6: a 27,647-hop chain, 1 MiB stacks), then 1 MiB with
# 64 KiB segments on 3-D
has big64 && { export SIM_TIMEOUT=${SIM_BIG_TIMEOUT:-2400}; raise_maps $BIGMAPS
    COLL_BENCH_SHARED=1 $S "$OUT" bcast 1 "48x12x48" "trinaryx6 bintree3d" 64k; }
has big64s && { export SIM_TIMEOUT=${SIM_BIG_TIMEOUT:-2400}; raise_maps $BIGMAPS
    COLL_BENCH_SHARED=1 $S "$OUT" bcast 1 "144x192" "bintree3d trinaryx6" 64k
    COLL_BENCH_SHARED=1 $S "$OUT" bcast 1 "27648" "bintree3d" 64k
    SIM_STACK_KB=1024 COLL_BENCH_SHARED=1 $S "$OUT" bcast 1 "27648" "trinaryx6" 64k; }
has big1m && { export SIM_TIMEOUT=${SIM_BIG_TIMEOUT:-2400}; raise_maps $BIGMAPS
    COLL_BENCH_SHARED=1 $S "$OUT" bcast 1 "48x12x48" "trinaryx6@65536 bintree3d@65536" 1M; }
# the tuner at 27,648 nodes: the 384-node fit carried over (the
# default), its decisions (decide27648.csv), its own runs at 4 KiB (plain
# buffers) and 64 KiB on 3-D and 1-D (shared malloc), to set beside the
# fixed runs of big/big64/big64s (2-D 64 KiB left out: the 2-D tree runs
# there are max-min solver-bound); at 1 MiB on 3-D its choice, Bintree3d in
# 64 KiB segments, is big1m's fixed run
has t27648 && { export SIM_TIMEOUT=${SIM_BIG_TIMEOUT:-2400}
    { "$root/build/sim/coll_fit" decide "$TUNE384" 48x12x48 4k 4096 | head -1
      for sh in 48x12x48 144x192 27648; do "$root/build/sim/coll_fit" decide "$TUNE384" "$sh" 4k,64k 4096 | tail -n +2
        "$root/build/sim/coll_fit" decide "$TUNE384" "$sh" 1M 65536 | tail -n +2; done; } > "$OUT/decide27648.csv"
    COLL_BENCH_SHARED=0 MPI_MBCF_COLL_SEG_MIN=4096 MPI_MBCF_COLL_TUNE_FILE=$TUNE384 $S "$OUT" bcast 1 "48x12x48 144x192 27648" auto 4k
    raise_maps $BIGMAPS
    COLL_BENCH_SHARED=1 MPI_MBCF_COLL_SEG_MIN=4096 MPI_MBCF_COLL_TUNE_FILE=$TUNE384 $S "$OUT" bcast 1 "48x12x48 27648" auto 64k; }
"$here/report.py" "$OUT"
echo "study: results in $OUT" >&2
