#!/bin/bash
# npb_official.sh - NASA's official NPB 3.4 MPI programs, unchanged (built
# by scripts/npb_official/build with our mpif90/mpicc, musl static), verify
# at class S on QEMU nodes: CG EP FT IS LU MG on 2 nodes, BT and SP on 4
# (square counts). One boot per program; no system call may be reported
# unsupported on the consoles. Prints TAP lines.
cd "$(dirname "$0")/../.." || exit 1
if ! scripts/npb_official/build guest S >/dev/null; then
    echo "not ok - the official NPB 3.4 programs build with our mpif90 and mpicc"
    exit 1
fi
echo "ok - the official NPB 3.4 programs build with our mpif90 and mpicc (class S)"
start=$SECONDS
for b in cg ep ft is lu mg bt sp; do
    n=2
    [[ $b =~ ^(bt|sp)$ ]] && n=4
    logs=$(mktemp -d "${TMPDIR:-/tmp}"/npb_official.XXXXXX)
    scripts/qemu/cluster -n "$n" --quiet --timeout 600 --log-dir "$logs" \
        "build/npb-official/guest/bin/$b.S.x" >"$logs/launcher.out" 2>&1
    rc=$?
    con=$(sed 's/\x1b\[[0-9;=]*[A-Za-z]//g; s/\r$//' "$logs/node0.log" 2>/dev/null)
    t=$(sed -n 's/^ *Time in seconds = *//p' <<<"$con")
    if [ $rc = 0 ] && grep -q '^ *Verification *= *SUCCESSFUL' <<<"$con" &&
       ! grep -q 'unsupported system call' <<<"$con"; then
        echo "ok - official $b.S verifies on $n QEMU nodes (${t}s)"
        rm -rf "$logs"
    else
        echo "not ok - official $b.S verifies on $n QEMU nodes (launcher status $rc)"
        grep -E 'Verification|error|ERROR' <<<"$con" | head -3 | sed 's/^/# /'
        tail -n 3 "$logs/launcher.out" | sed 's/^/# /'
        echo "# consoles kept in $logs"
        continue
    fi
done
echo "# eight boots in $((SECONDS - start)) s"
