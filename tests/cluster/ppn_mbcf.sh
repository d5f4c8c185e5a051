#!/bin/bash
# ppn_mbcf.sh - MBCF between processes of one node (--ppn, docs/ppn.md) with
# tests/guest/ppntest: one process writing to itself (the intra-node path with
# P = 1: every refusal, memory untouched, no data frame on the wire, the
# local_* counters; its own FIFO full -> held ~2 s then refused, a write
# behind it completes after it; entries stamped with the sender's rank), and
# all pairs of ranks (patterns + FIFO messages, ordering) on 1 node x 2 ranks
# and on 2 nodes x 2 ranks (intra- and inter-node mixed, through mpiexec: each
# rank's output relayed under its rank). The launcher and mpiexec refuse
# --ppn 0 / a rank count that is not a multiple of --ppn. Three boots.
cd "$(dirname "$0")/../.." || exit 1
BIN=build/user/ppntest
[ -x "$BIN" ] || { echo "not ok - $BIN missing (make)"; exit 1; }
fail=0
# run LABEL NODES PPN MODE...: one boot; the TAP lines of every node
run() {
    local label=$1 n=$2 p=$3; shift 3
    local dir; dir=$(mktemp -d "${TMPDIR:-/tmp}"/ppn_mbcf.XXXXXX)
    scripts/qemu/cluster -n "$n" --ppn "$p" --timeout 150 --quiet --log-dir "$dir" \
        "$BIN" "$@" >"$dir/out" 2>&1
    local rc=$? okc=0 bad
    for ((r = 0; r < n; r++)); do
        okc=$((okc + $(grep -a -c '^\(\[[0-9]*\] \)\{0,1\}ok - ' "$dir/node$r.log")))
        bad=$(grep -a '^\(\[[0-9]*\] \)\{0,1\}not ok - ' "$dir/node$r.log")
        [ -n "$bad" ] && { sed "s/^/# node$r: /" <<<"$bad"; fail=1; }
    done
    if [ "$rc" = 0 ] && [ "$okc" -gt 0 ] && ! grep -a -q 'not ok - ' "$dir"/node*.log; then
        echo "ok - $label ($okc checks, $n node(s) x $p)"
        rm -rf "$dir"
    else
        echo "not ok - $label (launcher status $rc, $okc checks passed; logs in $dir)"
        tail -n 3 "$dir/out" | sed 's/^/# /'
        fail=1
    fi
}
run "one process writing to itself: refusals leave memory untouched, nothing on the wire; own FIFO full: held, refused with FIFO full, the write behind it completes after it" 1 1 refuse fifo
run "1 node x 2 processes: intra-node refusals leave memory untouched; all pairs" 1 2 refuse pairs
# 2 nodes x 2 through mpiexec: each rank's lines relayed as "[rank] ..." (the
# kernel's "[local] " console tag -> rank node * 2 + local)
dir=$(mktemp -d "${TMPDIR:-/tmp}"/ppn_mbcf.XXXXXX)
libmpi_mbcf/wrappers/mpiexec -n 4 --ppn 2 --tag-output --timeout 150 --log-dir "$dir" "$BIN" pairs >"$dir/relayed" 2>&1
rc=$? good=0
for r in 0 1 2 3; do
    [ "$(grep -c "^\[$r\] ok - rank $r: " "$dir/relayed")" -ge 8 ] && good=$((good + 1))
done
if [ $rc = 0 ] && [ $good = 4 ] && ! grep -q 'not ok' "$dir/relayed"; then
    echo "ok - all pairs, mpiexec -n 4 --ppn 2 (intra and inter mixed): every rank's lines relayed as [rank]"
    rm -rf "$dir"
else
    echo "not ok - all pairs, mpiexec -n 4 --ppn 2: exit $rc, $good of 4 ranks relayed with their rank (logs in $dir)"
    grep 'not ok' "$dir/relayed" | head -5 | sed 's/^/# /'
    fail=1
fi
# bad input: nothing boots
out=$(scripts/qemu/cluster --ppn 0 -n 1 ppntest refuse 2>&1); rc=$?
[ $rc = 2 ] && grep -q -- "--ppn wants processes per node 1..64, got '0'" <<<"$out" &&
    echo "ok - cluster --ppn 0 refused (exit 2): $out" || { echo "not ok - cluster --ppn 0 refused (exit $rc: $out)"; fail=1; }
out=$(scripts/qemu/cluster --ppn 65 -n 1 ppntest refuse 2>&1); rc=$?
[ $rc = 2 ] && grep -q -- "--ppn wants" <<<"$out" &&
    echo "ok - cluster --ppn 65 refused (exit 2)" || { echo "not ok - cluster --ppn 65 refused (exit $rc: $out)"; fail=1; }
out=$(libmpi_mbcf/wrappers/mpiexec -n 3 --ppn 2 ppntest pairs 2>&1); rc=$?
[ $rc = 2 ] && grep -q "not a multiple of --ppn 2" <<<"$out" &&
    echo "ok - mpiexec -n 3 --ppn 2 refused: $out" || { echo "not ok - mpiexec -n 3 --ppn 2 refused (exit $rc: $out)"; fail=1; }
out=$(libmpi_mbcf/wrappers/mpiexec -n 4 -ppn 0 ppntest pairs 2>&1); rc=$?
[ $rc = 2 ] && grep -q -- "--ppn wants ranks per node" <<<"$out" &&
    echo "ok - mpiexec -ppn 0 refused" || { echo "not ok - mpiexec -ppn 0 refused (exit $rc: $out)"; fail=1; }
exit $fail
