#!/bin/bash
# sweep.sh - one SimGrid SMPI sweep of seed 004: for each node shape and
# algorithm, one smpirun of build/sim/coll_bench over the message sizes;
# rows appended to OUT/results.csv, the cost of each simulation (wall s,
# peak RSS KB from /usr/bin/time -v) to OUT/costs.csv. Runs one at a time.
#   sweep.sh OUT COLL PPN "SHAPES" "ALGS" SIZES [LABEL]
# ALGS: algorithm names (forced via MPI_MBCF_COLL_<NAME>), "auto" (tuner,
# MPI_MBCF_COLL_TUNE_FILE if set; rows labelled $SWEEP_TUNER_LABEL or tuner), "fugaku" (auto under the Fugaku-like
# rule), or name@SEG (forced segment size). SIM_TIMEOUT (s) bounds each run.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
OUT=$1 COLL=$2 PPN=$3 SHAPES=$4 ALGS=$5 SIZES=$6
BENCH=${BENCH:-$root/build/sim/coll_bench}
mkdir -p "$OUT/plat"
[ -s "$OUT/results.csv" ] || echo "coll,shape,ppn,procs,alg,seg,bytes,t_us,thr_MBs,chosen,chosen_seg" > "$OUT/results.csv"
[ -s "$OUT/costs.csv" ] || echo "coll,shape,ppn,procs,alg,sizes,wall_s,peak_rss_kb,status,cpu_s" > "$OUT/costs.csv"
# SMPI configuration (docs/collectives.md): flow-level max-min network
# (CM02: no Ethernet-calibrated correction factors), computation not
# simulated (only the network), raw contexts with small stacks, no
# privatization (the coll code keeps no per-rank globals it relies on);
# per-message TNI command and path base of the TofuD table as overheads;
# no cross-traffic (SimGrid's reverse ACK flows: 4x faster, same times
# measured on a 1-D 384 bintree) and lazy max-min updates. No detached
# (eager-copy) sends: a send completes when its data have moved, as a
# TofuD put completes (TOQ) - else the one-segment-in-flight window of
# coll_tree_stream.c does not hold in the simulation.
# The driver's own MPI_Barrier / MPI_Reduce (coll_bench.c) use log-depth
# algorithms: SMPI's defaults are linear (barrier__ompi_basic_linear; all
# ranks to rank 0), whose P concurrent flows into one node make one max-min
# component of ~P links re-solved at each of their P completions - the
# superlinear simulation cost above 1536 ranks (docs/collectives.md "Why
# 27,648 nodes did not run").
SMPICFG=(--cfg=network/model:CM02 --cfg=network/crosstraffic:0 --cfg=network/optim:Lazy
         --cfg=smpi/simulate-computation:no
         --cfg=contexts/factory:raw "--cfg=contexts/stack-size:${SIM_STACK_KB:-128}"
         --cfg=smpi/privatization:no --cfg=smpi/os:0:0.25e-6:0 --cfg=smpi/or:0:0.158e-6:0
         --cfg=smpi/send-is-detached-thresh:0
         --cfg=smpi/barrier:ompi_bruck --cfg=smpi/reduce:ompi_binomial
         "--cfg=network/weight-S:${SIM_WEIGHT_S:-6.8e9}"
         --log=root.thres:critical)
# SIM_EXTRA_CFG: more --cfg=... words appended (the A/B checks of
# docs/collectives.md "Alltoall at 3072 nodes"; later options win)
read -r -a EXTRA <<< "${SIM_EXTRA_CFG:-}"
SMPICFG+=("${EXTRA[@]}")
# the tuner's default figures when no fitted entry: TofuD latency and link
export MPI_MBCF_COLL_MODEL_L_US=${MPI_MBCF_COLL_MODEL_L_US:-0.5}
export MPI_MBCF_COLL_MODEL_B_MBS=${MPI_MBCF_COLL_MODEL_B_MBS:-6800}
export MPI_MBCF_COLL_SEG_MIN=${MPI_MBCF_COLL_SEG_MIN:-16384}
export COLL_BENCH_PPN=$PPN COLL_BENCH_SHARED=${COLL_BENCH_SHARED:-1}
ENV=MPI_MBCF_COLL_$(echo "$COLL" | tr a-z A-Z)
for shape in $SHAPES; do
    read -r xml hosts < <("$here/platform.py" "$shape" "$PPN" "$OUT/plat")
    np=$(( $(echo "$shape" | tr x '*') * PPN ))
    for a in $ALGS; do
        alg=${a%@*} seg=""
        [[ $a == *@* ]] && seg=${a#*@}
        rule="" label=""
        case $alg in
        fugaku) alg=auto rule=fugaku label=fugaku ;;
        auto) label=${SWEEP_TUNER_LABEL:-tuner} ;;
        esac
        tv=$OUT/time.$$.txt
        env MPI_MBCF_SHAPE="$shape" "$ENV=$alg" "${ENV}_SEGSIZE=$seg" MPI_MBCF_COLL_RULE="$rule" \
            COLL_BENCH_LABEL="$label" /usr/bin/time -v -o "$tv" \
            timeout "${SIM_TIMEOUT:-600}" smpirun -np "$np" -platform "$xml" -hostfile "$hosts" \
            "${SMPICFG[@]}" "$BENCH" "$COLL" "$SIZES" >"$OUT/run.out" 2>"$OUT/run.err"
        st=$?
        grep "^$COLL," "$OUT/run.out" >> "$OUT/results.csv"
        # each run's log kept (an abort's message is the diagnosis)
        mkdir -p "$OUT/logs"
        lg=$OUT/logs/$(date -u +%H%M%S)-$COLL-$shape-ppn$PPN-${a//@/_}-${SIZES//,/_}
        cp "$OUT/run.out" "$lg.out"; tail -c 20000 "$OUT/run.err" > "$lg.err"
        wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {n=split($2,a,":"); s=0; for(i=1;i<=n;i++) s=s*60+a[i]; print s}' "$tv")
        rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$tv")
        cpu=$(awk -F': ' '/(User|System) time \(seconds\)/ {s += $2} END {print s}' "$tv")
        echo "$COLL,$shape,$PPN,$np,$a,$SIZES,$wall,$rss,$st,$cpu" >> "$OUT/costs.csv"
        [ -n "${SIM_EXTRA_CFG:-}" ] && echo "$COLL,$shape,$PPN,$np,$a,$SIZES,$SIM_EXTRA_CFG" >> "$OUT/extra_cfg.csv"
        echo "sweep: $COLL $shape ppn=$PPN $a: status $st, ${wall}s wall, ${cpu}s CPU, ${rss}KB" >&2
        rm -f "$tv"
    done
done
