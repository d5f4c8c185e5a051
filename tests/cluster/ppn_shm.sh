#!/bin/bash
# ppn_shm.sh - node-local shared memory between the processes of a node
# (--ppn, docs/ppn.md "Shared memory"): tests/guest/ppntest shm (the kernel's
# SYS_shm_map through libmbcf: every refusal with its errno, sharing, the
# segment kept while any process maps it and gone after the last unmap or
# the end of its last process; each node its own segment) on 1 node x 2,
# 2 nodes x 2 and 1 node x 4; and the MPI conformance program win_shared
# (MPI_Win_allocate_shared / Win_shared_query over the ranks of one node,
# stores seen across processes with Win_sync) on 2 nodes x 2 and 1 node x 4.
# Five boots.
cd "$(dirname "$0")/../.." || exit 1
. tests/cluster/mpi_suite_lib.sh      # SUITE, suite_tap
BIN=build/user/ppntest
for b in "$BIN" "$SUITE"; do
    [ -x "$b" ] || { echo "not ok - $b missing (make)"; exit 1; }
done
fail=0
# shm LABEL NODES PPN: one boot of ppntest shm; the TAP lines of every node
shm() {
    local label=$1 n=$2 p=$3
    local dir; dir=$(mktemp -d "${TMPDIR:-/tmp}"/ppn_shm.XXXXXX)
    scripts/qemu/cluster -n "$n" --ppn "$p" --timeout 200 --quiet --log-dir "$dir" \
        "$BIN" shm >"$dir/out" 2>&1
    local rc=$? okc=0 bad
    for ((r = 0; r < n; r++)); do
        touch "$dir/node$r.log"            # a node that left no log counts nothing
        okc=$((okc + $(grep -a -c '^\(\[[0-9]*\] \)\{0,1\}ok - ' "$dir/node$r.log")))
        bad=$(grep -a '^\(\[[0-9]*\] \)\{0,1\}not ok - ' "$dir/node$r.log")
        [ -n "$bad" ] && sed "s/^/# node$r: /" <<<"$bad"
    done
    # per node: local process 0 the barrier export, 5 refusals + make,
    # slots, unmap, ENOENT + (p - 1) ends seen = 10 + (p - 1); each other one
    # the barrier export, 5 refusals + EEXIST, EINVAL, attach, slots, after
    # the maker left, ENOENT, own segment = 13
    local want=$(( n * (10 + 14 * (p - 1)) ))
    if [ "$rc" = 0 ] && [ "$okc" -eq "$want" ] && ! grep -a -q 'not ok - ' "$dir"/node*.log; then
        echo "ok - $label ($okc checks, $n node(s) x $p)"
        rm -rf "$dir"
    else
        echo "not ok - $label (launcher status $rc, $okc of $want checks passed; logs in $dir)"
        tail -n 3 "$dir/out" | sed 's/^/# /'
        fail=1
    fi
}
shm "shared segment, 1 node x 2: refusals, sharing, kept until the last unmap, gone at a process's end" 1 2
shm "shared segment, 2 nodes x 2: each node its own segment under the same key" 2 2
shm "shared segment, 1 node x 4" 1 4
# win_shared LABEL NODES PPN: the suite's win_shared program only
win_shared() {
    local label=$1 n=$2 p=$3
    local dir; dir=$(mktemp -d "${TMPDIR:-/tmp}"/ppn_shm.XXXXXX)
    scripts/qemu/cluster -n "$n" --ppn "$p" --timeout 300 --quiet --log-dir "$dir" \
        "$SUITE" win_shared >"$dir/out" 2>&1
    local rc=$?
    touch "$dir/node0.log"
    local r0; r0=$(sed 's/\x1b\[[0-9;=]*[A-Za-z]//g; s/\r$//' "$dir/node0.log" | sed -n 's/^\[0\] //p')
    suite_tap "$label" <<<"$r0"
    local checks; checks=$(grep -c '^ok ' <<<"$r0")
    # 9 checks per rank (several processes per node)
    if [ "$rc" = 0 ] && grep -q '^# win_shared$' <<<"$r0" && ! grep -q '^not ok' <<<"$r0" &&
        [ "$checks" -eq $((n * p * 9)) ]; then
        echo "ok - $label: $checks checks, all $((n * p)) ranks exited 0"
        rm -rf "$dir"
    else
        echo "not ok - $label: cluster exit $rc, $checks checks (logs in $dir)"
        grep -a 'not ok\|libmpi_mbcf' "$dir"/node*.log | head -5 | sed 's/^/# /'
        fail=1
    fi
}
win_shared "MPI shared window, 2 nodes x 2 (--ppn 2)" 2 2
win_shared "MPI shared window, 1 node x 4 (--ppn 4)" 1 4
exit $fail
