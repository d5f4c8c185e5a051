#!/bin/bash
# npb_btio.sh - NASA's official NPB 3.4 BT-IO (BT with SUBTYPE full, simple,
# epio), unchanged, built with our mpif90 (scripts/npb_official/build guest),
# verifies at class S on 4 QEMU nodes: BT's "Verification = SUCCESSFUL" and
# BT-IO's read-back check "Verification Successful"; the TAP line names the
# I/O data rate BT-IO prints (full and simple write btio.<sub>.out through
# MPI-IO on rank 0's node, epio one file per rank with Fortran I/O). One
# boot per subtype.
cd "$(dirname "$0")/../.." || exit 1
fail=0
for sub in full simple epio; do
    case $sub in full | simple) x=bt.S.x.mpi_io_$sub ;; *) x=bt.S.x.ep_io ;; esac
    if ! scripts/npb_official/build guest S "bt.$sub" >/dev/null 2>&1; then
        echo "not ok - BT-IO $sub builds with our mpif90"
        fail=1
        continue
    fi
    logs=$(mktemp -d "${TMPDIR:-/tmp}"/npb_btio.XXXXXX)
    scripts/qemu/cluster -n 4 --quiet --timeout 400 --log-dir "$logs" \
        "build/npb-official/guest/bin/$x" >"$logs/launcher.out" 2>&1
    rc=$?
    con=$(sed 's/\x1b\[[0-9;=]*[A-Za-z]//g; s/\r$//' "$logs/node0.log" 2>/dev/null)
    rate=$(sed -n 's/^ *I\/O data rate *(MB\/sec) *: *//p' <<<"$con")
    t=$(sed -n 's/^ *Time in seconds = *//p' <<<"$con")
    if [ $rc = 0 ] && grep -q '^ *Verification *= *SUCCESSFUL' <<<"$con" &&
       grep -q '^ *Verification Successful' <<<"$con" && ! grep -q 'unsupported system call' <<<"$con"; then
        echo "ok - BT-IO $sub class S verifies on 4 QEMU nodes (I/O data rate $rate MB/s, ${t}s)"
        rm -rf "$logs"
    else
        echo "not ok - BT-IO $sub class S verifies on 4 QEMU nodes (launcher status $rc)"
        grep -E 'Verification|error|ERROR|binding' <<<"$con" | head -4 | sed 's/^/# /'
        tail -n 3 "$logs/launcher.out" | sed 's/^/# /'
        echo "# consoles kept in $logs"
        fail=1
    fi
done
exit $fail
