#!/bin/bash
# qemu_coll.sh - the seed 004 driver (scripts/sim/coll_bench.c, guest build
# build/user/coll_bench) on the QEMU cluster: every Tofu-aware algorithm
# (and the tuner) with the emulated Tofu shape, wall time beside the
# modeled TofuD time of the same call (make bench-coll-qemu). One boot per
# collective (COLL_BENCH_ALGS: all its algorithms in that boot); nodes and torus from QEMU_COLL_N / _TORUS.
#   qemu_coll.sh [OUTDIR]   ->  OUTDIR/qemu_coll.csv, qemu_coll.md
set -u
cd "$(dirname "$0")/../.." || exit 1
N=${QEMU_COLL_N:-8} TORUS=${QEMU_COLL_TORUS:-2x2x2} SIZES=${QEMU_COLL_SIZES:-4k,64k,1M}
OUT=${1:-runs/$(date -u +%Y%m%d-%H%M%S)-coll-qemu}
mkdir -p "$OUT"
csv=$OUT/qemu_coll.csv
echo "coll,shape,ppn,procs,alg,seg,bytes,wall_us,thr_MBs,chosen,chosen_seg,model_tofud_us" > "$csv"
runs=("bcast binomial,trinaryx3,trinaryx6,bintree3d,bintree6d,auto"
      "alltoallv pairwise,doublespread,auto")
for r in "${runs[@]}"; do
    read -r coll alg <<< "$r"
    sizes=$SIZES
    [ "$coll" = alltoallv ] && sizes=${QEMU_COLL_A2A_SIZES:-64,1k,16k}
        log=$(mktemp -d "${TMPDIR:-/tmp}"/qemu_coll.XXXXXX)
    scripts/qemu/cluster -n "$N" --torus "$TORUS" --timeout "${QEMU_COLL_TIMEOUT:-300}" --quiet \
        --log-dir "$log" --env "COLL_BENCH_ALGS=$alg" build/user/coll_bench "$coll" "$sizes" 5 >/dev/null 2>&1
    st=$?
    grep -a "^$coll," "$log/node0.log" | tr -d '\r' >> "$csv"
    echo "qemu_coll: $coll $alg on $N nodes ($TORUS): exit $st" >&2
    rm -rf "$log"
done
{
    echo "| coll | shape | asked | ran/seg | M | wall (us, min of 5) | modeled TofuD (us) | wall / model |"
    echo "|---|---|---|---|---|---|---|---|"
    tail -n +2 "$csv" | awk -F, '{ printf "| %s | %s | %s | %s/%s | %s | %.1f | %.2f | %.0f |\n", $1, $2, $5, $10, $11, $7, $8, $12, ($12 > 0 ? $8 / $12 : 0) }'
} > "$OUT/qemu_coll.md"
cat "$OUT/qemu_coll.md"
