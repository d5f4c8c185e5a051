#!/bin/bash
# halo.sh - the halo benchmark (userland/apps/halo, seed 000 sec 4.1) on 4 QEMU
# nodes as a 2 x 2 periodic grid, every case (E-W, N-S, 4 directions,
# diagonals, all 8) at k = 60, every halo cell of every exchange checked:
#   1. no Tofu: MPI's ordinary protocol (-s off);
#   2. emulated Tofu1 (--tofu 2x2x1 --tofu-mode tofu1): off and every RSched
#      scheduler (rr1 rr2 rr4 bl1 bl2 bl4 bl4o) in the pseudo-collective mode;
#   3. the same on TofuD with 3% frame loss (--loss 3);
#   4. Tofu1 with -R (E/W receives longer than their sends: legal MPI that
#      the mode does not take): those cases fall back to MPI, say so, and
#      still verify; N-S and diagonals run in the mode.
# Four boots. One TAP line per case and scheduler, plus checks per boot.
cd "$(dirname "$0")/../.." || exit 1
if [ ! -f userland/lib/libmbcf/mbcf_guest.c ]; then
    echo "not ok - guest MBCF library not available"
    exit 1
fi
if ! make -s build/user/halo >/dev/null 2>&1 || [ ! -x build/user/halo ]; then
    echo "not ok - build of build/user/halo failed"
    exit 1
fi
SCHEDS=off,rr1,rr2,rr4,bl1,bl2,bl4,bl4o
fail=0
LOG=
run() {   # label, expected verified cases, halo args (until --), cluster options...
    local label=$1 want=$2; shift 2
    local args=()
    while [ "$1" != -- ]; do args+=("$1"); shift; done
    shift
    local dir; dir=$(mktemp -d "${TMPDIR:-/tmp}"/halo.XXXXXX)
    scripts/qemu/cluster -n 4 --timeout 500 --quiet --log-dir "$dir" "$@" \
        build/user/halo -c all -k 60 "${args[@]}" >/dev/null 2>&1
    local rc=$?
    LOG=$dir/node0.log.txt
    tr -d '\r' < "$dir/node0.log" > "$LOG"
    sed -n "s/^\(ok\|not ok\) [0-9]* - /\1 - $label: /p" "$LOG"
    local okc; okc=$(grep -c '^ok [0-9]* - halo' "$LOG")
    if [ "$rc" -eq 0 ] && [ "$okc" -eq "$want" ]; then
        echo "ok - $label: $want cases verified, all 4 nodes exited 0"
    else
        echo "not ok - $label: cluster exit $rc, $okc of $want cases verified (logs in $dir)"
        fail=1
    fi
}
# every scheduler of SCHEDS ran in its own mode (not fallen back) for all 5 cases
ran_all() {
    local s n
    for s in ${SCHEDS//,/ }; do
        n=$(grep -c "^RESULT halo .* sched=$s " "$LOG")
        [ "$n" -eq 5 ] || { echo "# sched=$s: $n of 5 cases ran in that mode"; return 1; }
    done
}
check() {
    local what=$1; shift
    if "$@"; then echo "ok - $what"; else echo "not ok - $what"; fail=1; fi
}

run "QEMU 2x2 no Tofu" 5 -n 5 -s off --
run "QEMU 2x2 Tofu1" 40 -n 3 -s "$SCHEDS" -- --tofu 2x2x1 --tofu-mode tofu1
check "Tofu1: every scheduler ran in the pseudo-collective mode" ran_all
check "Tofu1: modeled times printed for the RSched modes" \
    grep -q '^RESULT halo .* sched=bl4 .* model_us=[0-9]*\.[0-9]* errors=0' "$LOG"
grep '^RESULT' "$LOG" | awk '{print "# " $3, $4, $9, $10, $12}'
run "QEMU 2x2 TofuD loss 3%" 40 -n 3 -s "$SCHEDS" -- --tofu 2x2x1 --tofu-mode tofud --loss 3
check "TofuD with loss: every scheduler ran in the pseudo-collective mode" ran_all
run "QEMU 2x2 Tofu1 fallback" 5 -n 3 -s bl4 -R -- --tofu 2x2x1 --tofu-mode tofu1
check "fallback: E/W, 4 directions and all 8 fell back with the reason" \
    test "$(grep -c 'RSched mode bl4 not used (.*bytes here' "$LOG")" -eq 3
check "fallback: those ran on MPI (sched=off), N-S and diagonals in the mode" \
    test "$(grep -c '^RESULT halo .* sched=off ' "$LOG")" -eq 3 -a \
         "$(grep -c '^RESULT halo .* sched=bl4 ' "$LOG")" -eq 2
exit $fail
