#!/bin/sh
# Host cross-check of the NPB kernels (userland/apps/npb) under Debian MPICH:
# class S of EP, IS, CG, MG, FT and LU must verify on 1, 2 and 4 processes,
# BT and SP (square process counts) on 1 and 4 (one npb_all run per process
# count), EP with NPB_EP_THREADS=2 and 3 pthreads per process must verify with
# the same counts as one thread, and bad input must be refused cleanly.
# Prints TAP lines.  Runs from the repository root.
cd "$(dirname "$0")/../.." || exit 1
BIN=build/npb/host
MPIRUN=${MPIRUN:-mpirun.mpich}
if ! command -v "$MPIRUN" >/dev/null 2>&1 || ! command -v mpicc.mpich >/dev/null 2>&1; then
    echo "ok - npb host tests # SKIP MPICH not installed"
    exit 0
fi
make --no-print-directory -s npb-host >/dev/null || { echo "not ok - npb host build"; exit 1; }
out=$(mktemp)
trap 'rm -f "$out" "$out".t*' EXIT
for n in 1 2 4; do
    kernels="ep is cg mg ft lu"
    [ "$n" -ne 2 ] && kernels="$kernels bt sp"
    # shellcheck disable=SC2086
    timeout 300 "$MPIRUN" -n "$n" "$BIN/npb_all" S $kernels >"$out" 2>&1
    rc=$?
    for k in $kernels; do
        if grep -q "^npb_all: $k S verified" "$out"; then
            t=$(grep -A4 " $(echo $k | tr a-z A-Z) Benchmark Completed" "$out" | sed -n 's/.*Time in seconds = *//p')
            echo "ok - $k class S verifies on $n MPICH processes (${t}s)"
        else
            echo "not ok - $k class S verifies on $n MPICH processes"
            grep -i -E "$k|fail|error" "$out" | head -5 | sed 's/^/# /'
        fi
    done
    [ "$rc" -eq 0 ] && echo "ok - npb_all S exits 0 on $n processes" ||
        echo "not ok - npb_all S exits 0 on $n processes (rc=$rc)"
done
# EP with threads per process: identical pair and annulus counts,
# sums equal up to summation order (the verification), the thread count in the
# result block, and no such line with the default of one thread
ep_counts() { sed -n '/No. Gaussian Pairs/p; /Counts:/,/^$/p' "$1"; }
timeout 120 "$MPIRUN" -n 2 "$BIN/npb_ep" S >"$out.t1" 2>&1
rc=$?
if [ "$rc" -eq 0 ] && ! grep -q "Threads per rank" "$out.t1"; then
    echo "ok - npb_ep S, 1 thread per process: exits 0, no thread line (unchanged output)"
else
    echo "not ok - npb_ep S, 1 thread per process: exits 0, no thread line (rc=$rc)"
fi
for t in 2 3; do
    NPB_EP_THREADS=$t timeout 120 "$MPIRUN" -n 2 "$BIN/npb_ep" S >"$out.t$t" 2>&1
    rc=$?
    if [ "$rc" -eq 0 ] && grep -q "Verification    = *SUCCESSFUL" "$out.t$t" &&
        grep -q "Threads per rank = *$t\$" "$out.t$t"; then
        echo "ok - npb_ep S with NPB_EP_THREADS=$t on 2 processes verifies, result block says $t threads"
    else
        echo "not ok - npb_ep S with NPB_EP_THREADS=$t on 2 processes verifies (rc=$rc)"
        grep -i -E "verif|thread|EP:" "$out.t$t" | head -5 | sed 's/^/# /'
    fi
    if [ -n "$(ep_counts "$out.t1")" ] && [ "$(ep_counts "$out.t1")" = "$(ep_counts "$out.t$t")" ]; then
        echo "ok - npb_ep S with $t threads: pair and annulus counts equal to 1 thread's"
    else
        echo "not ok - npb_ep S with $t threads: pair and annulus counts equal to 1 thread's"
    fi
done
for bad in 0 65 2x; do
    NPB_EP_THREADS=$bad timeout 30 "$MPIRUN" -n 2 "$BIN/npb_ep" S >"$out" 2>&1
    rc=$?
    if [ "$rc" -eq 2 ] && [ "$(grep -c "NPB_EP_THREADS wants 1..64" "$out")" -eq 1 ]; then
        echo "ok - npb_ep refuses NPB_EP_THREADS=$bad (exit 2, one message)"
    else
        echo "not ok - npb_ep refuses NPB_EP_THREADS=$bad (rc=$rc)"
    fi
done
# refusals: wrong process count and unknown class exit 2 with a message, no crash
timeout 30 "$MPIRUN" -n 3 "$BIN/npb_cg" S >"$out" 2>&1
rc=$?
if [ "$rc" -eq 2 ] && grep -q "power-of-two" "$out"; then
    echo "ok - npb_cg refuses 3 processes (exit 2, message)"
else
    echo "not ok - npb_cg refuses 3 processes (rc=$rc)"
fi
timeout 30 "$MPIRUN" -n 2 "$BIN/npb_bt" S >"$out" 2>&1
rc=$?
if [ "$rc" -eq 2 ] && grep -q "square number of processes" "$out"; then
    echo "ok - npb_bt refuses 2 processes (exit 2, message)"
else
    echo "not ok - npb_bt refuses 2 processes (rc=$rc)"
fi
timeout 30 "$MPIRUN" -n 3 "$BIN/npb_lu" S >"$out" 2>&1
rc=$?
if [ "$rc" -eq 2 ] && grep -q "power-of-two" "$out"; then
    echo "ok - npb_lu refuses 3 processes (exit 2, message)"
else
    echo "not ok - npb_lu refuses 3 processes (rc=$rc)"
fi
timeout 30 "$MPIRUN" -n 1 "$BIN/npb_ft" Q >"$out" 2>&1
rc=$?
if [ "$rc" -eq 2 ] && grep -q "unknown class" "$out"; then
    echo "ok - npb_ft refuses unknown class Q (exit 2, message)"
else
    echo "not ok - npb_ft refuses unknown class Q (rc=$rc)"
fi
NPB_MEM_MB=256 timeout 30 "$MPIRUN" -n 1 "$BIN/npb_ft" A >"$out" 2>&1
rc=$?
if [ "$rc" -eq 2 ] && grep -q "needs .* MB per process" "$out"; then
    echo "ok - npb_ft class A on a 256 MB node is refused with its memory need"
else
    echo "not ok - npb_ft class A on a 256 MB node is refused (rc=$rc)"
fi
