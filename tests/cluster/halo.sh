#!/bin/bash
# halo.sh - the halo benchmark (userland/halo, seed 000 sec 4.1) on real QEMU
# nodes running libmpi_mbcf over our kernel's MBCF: 4 nodes as a 2 x 2
# periodic grid, every case (E-W, N-S, 4 directions, diagonals, all 8) at
# k = 60, every halo cell of every exchange checked; again with 3% frame loss
# (--loss 3). Two boots. One TAP line per case and boot, plus one for the
# boot's exit status. (The RSched pseudo-collective mode over the emulated
# Tofu is not in libmpi_mbcf yet: this runs the ordinary protocol, "orig".)
cd "$(dirname "$0")/../.." || exit 1
if [ ! -f userland/libmbcf/mbcf_guest.c ]; then
    echo "not ok - guest MBCF library not available"
    exit 1
fi
if ! make -s build/user/halo >/dev/null 2>&1 || [ ! -x build/user/halo ]; then
    echo "not ok - build of build/user/halo failed"
    exit 1
fi
fail=0
run() {   # label, cluster options...
    local label=$1; shift
    local dir; dir=$(mktemp -d "${TMPDIR:-/tmp}"/halo.XXXXXX)
    scripts/qemu/cluster -n 4 --timeout 400 --quiet --log-dir "$dir" "$@" \
        build/user/halo -c all -k 60 -n 10 >/dev/null 2>&1
    local rc=$?
    local log=$dir/node0.log
    tr -d '\r' < "$log" | sed -n "s/^\(ok\|not ok\) [0-9]* - /\1 - $label: /p"
    local okc; okc=$(tr -d '\r' < "$log" | grep -c '^ok [0-9]* - halo')
    if [ "$rc" -eq 0 ] && [ "$okc" -eq 5 ]; then
        echo "ok - $label: 5 cases verified, all 4 nodes exited 0"
    else
        echo "not ok - $label: cluster exit $rc, $okc of 5 cases verified (logs in $dir)"
        fail=1
    fi
    tr -d '\r' < "$log" | grep '^RESULT' | sed 's/^/# /'
}
run "QEMU 2x2"
run "QEMU 2x2 loss 3%" --loss 3
exit $fail
