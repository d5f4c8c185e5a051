#!/bin/bash
# npb_btio_host.sh - NASA's official NPB 3.4 BT-IO (BT with SUBTYPE full,
# simple, epio; ../shared/npb/NPB3.4-MPI/BT/{full,simple}_mpiio.f, epio.f)
# at class S on 4 ranks on the host: built with Debian's MPICH
# (mpif90.mpich, ROMIO: checks the runs) and with our mpif90 --host
# (build/host/mbcf-hostrun). Each run in its own directory: it verifies
# (BT's "Verification = SUCCESSFUL" and BT-IO's read-back "Verification
# Successful"), its files (btio.full.out, btio.simple.out; btio.epio.out.NNNN,
# one per rank) hold the bytes MPICH's run wrote (the same program, compiler
# and decomposition give identical solution dumps), and the TAP line names the
# I/O data rate BT-IO prints.
cd "$(dirname "$0")/../.." || exit 1
ROOT=$PWD
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
declare -A size
run() {   # label subtype binary launcher...
    local label=$1 sub=$2 bin=$3; shift 3
    local d=$tmp/$label-$sub rc rate sz
    mkdir -p "$d"
    (cd "$d" && timeout 300 "$@" "$bin") >"$d/log" 2>&1
    rc=$?
    rate=$(sed -n 's/^ *I\/O data rate *(MB\/sec) *: *//p' "$d/log")
    sz=$(cat "$d"/btio."$sub".out* 2>/dev/null | wc -c)
    [ "$label" = MPICH ] && size[$sub]=$sz
    local same=1 f
    if [ "$label" != MPICH ] && [ -d "$tmp/MPICH-$sub" ]; then
        for f in "$tmp/MPICH-$sub/btio.$sub.out"*; do
            cmp -s "$f" "$d/${f##*/}" || same=0
        done
    fi
    if [ $rc = 0 ] && grep -q '^ *Verification *= *SUCCESSFUL' "$d/log" &&
       grep -q '^ *Verification Successful' "$d/log" && [ "$sz" -gt 0 ] && [ "$sz" = "${size[$sub]:-$sz}" ] &&
       [ $same = 1 ]; then
        echo "ok - BT-IO $sub class S verifies on 4 ranks ($label; I/O data rate $rate MB/s, $sz bytes$([ "$label" != MPICH ] && [ -d "$tmp/MPICH-$sub" ] && echo ", the same bytes as MPICH's"))"
    else
        echo "not ok - BT-IO $sub class S verifies on 4 ranks ($label; status $rc, $sz bytes, MPICH ${size[$sub]:-?}, same bytes $same)"
        grep -v '^ *$' "$d/log" | tail -n 4 | sed 's/^/# /'
        fail=1
    fi
}
make --no-print-directory -s mpi-host build/host/mbcf-hostrun >/dev/null 2>&1 ||
    { echo "not ok - build of the host MPI library"; exit 1; }
for sub in full simple epio; do
    case $sub in full | simple) x=bt.S.x.mpi_io_$sub ;; *) x=bt.S.x.ep_io ;; esac
    if command -v mpif90.mpich >/dev/null; then
        if scripts/npb_official/build mpich S "bt.$sub" >/dev/null 2>&1; then
            run MPICH $sub "$ROOT/build/npb-official/mpich/bin/$x" mpirun.mpich -n 4
        else
            echo "not ok - BT-IO $sub builds with mpif90.mpich"; fail=1
        fi
    fi
    if scripts/npb_official/build hostmbcf S "bt.$sub" >/dev/null 2>&1; then
        run "libmpi_mbcf host" $sub "$ROOT/build/npb-official/hostmbcf/bin/$x" "$ROOT/build/host/mbcf-hostrun" -n 4 -t 280
    else
        echo "not ok - BT-IO $sub builds with mpif90 --host"; fail=1
    fi
done
exit $fail
