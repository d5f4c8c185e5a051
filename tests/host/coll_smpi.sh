#!/bin/bash
# coll_smpi.sh - the collective source of libmpi_mbcf/coll built with
# SimGrid's smpicc (scripts/sim.mk) and run on simulated TofuD-like tori
# (scripts/sim/platform.py): every Tofu-aware algorithm (Bcast trinaryx3,
# trinaryx6, bintree3d, bintree6d, the tuner's auto; Alltoall(v)
# doublespread) on 64 ranks of a 4x4x4 torus, and on odd shapes (1-D 7,
# 2-D 3x5), data checked byte by byte (COLL_BENCH_VERIFY) and the
# algorithm that ran checked against the forced one. Under a minute. TAP.
cd "$(dirname "$0")/../.." || exit 1
B=build/sim
if ! command -v smpicc >/dev/null 2>&1; then
    echo "not ok - coll_smpi: smpicc not found (scripts/deps installs libsimgrid-dev)"
    exit 1
fi
if ! make -s --no-print-directory $B/coll_bench >$B.build.log 2>&1; then
    echo "not ok - coll_smpi: smpicc build of scripts/sim/coll_bench.c failed (see $B.build.log)"
    exit 1
fi
echo "ok - coll_smpi: coll source builds with smpicc -Wall -Wextra -Werror"
P=$B/test-plat
fail=0
CFG=(--cfg=network/model:CM02 --cfg=smpi/simulate-computation:no --cfg=contexts/factory:raw
     --cfg=contexts/stack-size:128 --cfg=smpi/privatization:no --cfg=smpi/send-is-detached-thresh:0
     --log=root.thres:critical)
# run SHAPE COLL ALG SEG SIZES
run() {
    local shape=$1 coll=$2 alg=$3 seg=$4 sizes=$5 env
    read -r xml hosts < <(scripts/sim/platform.py "$shape" 1 "$P")
    local np=$(( $(echo "$shape" | tr x '*') ))
    env=MPI_MBCF_COLL_$(echo "$coll" | tr a-z A-Z)
    out=$(env COLL_BENCH_VERIFY=1 MPI_MBCF_SHAPE="$shape" "$env=$alg" "${env}_SEGSIZE=$seg" \
          timeout 120 smpirun -np "$np" -platform "$xml" -hostfile "$hosts" "${CFG[@]}" \
          $B/coll_bench "$coll" "$sizes" 2>$B/coll_smpi.err)
    local rc=$?
    printf '%s\n' "$out" | sed -n "s/^\(ok\|not ok\) - /\1 - coll_smpi: seg=${seg:-model} /p"
    if [ $rc -ne 0 ]; then
        fail=1
        echo "not ok - coll_smpi: $coll/$alg on $shape exited with status $rc (see $B/coll_smpi.err)"
        return
    fi
    # the algorithm that ran (column 10) is the forced one
    if [ "$alg" != auto ]; then
        bad=$(printf '%s\n' "$out" | awk -F, -v a="$alg" -v c="$coll" '$1 == c && $10 != a' | wc -l)
        if [ "$bad" = 0 ]; then echo "ok - coll_smpi: $coll/$alg on $shape ran $alg"
        else echo "not ok - coll_smpi: $coll/$alg on $shape ran something else"; fail=1; fi
    fi
}
for a in trinaryx3 trinaryx6 bintree3d bintree6d; do
    run 4x4x4 bcast $a 4k 1,1001,100001
    run 4x4x4 bcast $a "" 65536
done
run 4x4x4 bcast auto "" 1,4k,1M
run 4x4x4 alltoall doublespread "" 1,1000
run 4x4x4 alltoallv doublespread "" 1,1000
for s in 7 3x5; do
    run $s bcast trinaryx6 1k 1,9999
    run $s bcast bintree6d 1k 1,9999
    run $s alltoallv doublespread "" 1,333
done
# Regression (coll_tree_stream.c): a pipelined Bcast must pipeline in the
# flow model. 1 MiB down a chain of 8 in 16 KiB segments is (6 + 64) stages
# of 16 KiB: ~169 us at 6800 MB/s; with every segment posted at once the
# simulated time was 748-1081 us (segments shared the link and arrived
# together). Simulated time, not host time: deterministic.
read -r xml hosts < <(scripts/sim/platform.py 8 1 "$P")
out=$(env MPI_MBCF_SHAPE=8 MPI_MBCF_COLL_BCAST=pipeline MPI_MBCF_COLL_BCAST_SEGSIZE=16384 \
      timeout 120 smpirun -np 8 -platform "$xml" -hostfile "$hosts" "${CFG[@]}" \
      $B/coll_bench bcast 1M 2>$B/coll_smpi.err)
t=$(printf '%s\n' "$out" | awk -F, '$1 == "bcast" {print $8}')
if [ -n "$t" ] && awk -v t="$t" 'BEGIN {exit !(t < 250)}'; then
    echo "ok - coll_smpi: 1 MiB pipeline bcast on 8 ranks streams its segments (${t} us < 250 us)"
else
    echo "not ok - coll_smpi: 1 MiB pipeline bcast on 8 ranks took ${t:-?} us simulated (>= 250 us: segments do not pipeline)"
    fail=1
fi
exit $fail
