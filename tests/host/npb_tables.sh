#!/bin/bash
# Host test of scripts/qemu/npb_mops_table (the Mop/s summary of
# `scripts/qemu/npb --vs-linux`): from a made-up npb.csv with known values it
# must take the median over verified runs only, divide ours by Linux, count
# verified/tried runs, mark single runs, carry seed 003's ratio (Table 6: CG on
# 2 nodes, 40.01 / 35.99 = 1.11) and refuse a missing CSV; and scripts/qemu/npb's
# log parser must count a verified Linux run that hung in MPI_Finalize as verified.
# Prints TAP lines.  Runs from anywhere.
cd "$(dirname "$0")/../.." || exit 1
d=$(mktemp -d "${TMPDIR:-/tmp}"/npb_tables.XXXXXX)
trap 'rm -rf "$d"' EXIT
H="mode,kernel,class,nodes,status,time_s,mops_total,mops_per_proc,msgs,bytes,bytes_remote_write,bytes_fifo,send_requests,rejected_requests,elapsed_s,pair,load1"
{
    echo "$H"
    echo "qemu,cg,W,2,verified,1,30,15,,,,,,,,p1,1.0"
    echo "linux,cg,W,2,verified,1,10,5,,,,,,,,p1,1.5"
    echo "qemu,cg,W,2,verified,1,50,25,,,,,,,,p2,2.0"
    echo "linux,cg,W,2,verified,1,5,2.5,,,,,,,,p2,2.5"
    echo "qemu,cg,W,2,verified,1,40,20,,,,,,,,p3,3.0"
    echo "linux,cg,W,2,FAILED,1,1,1,,,,,,,,p3,3.5"
    echo "qemu,bt,W,9,verified,1,12,1.3,,,,,,,,p4,4.0"
    echo "linux,bt,W,9,verified,1,4,0.4,,,,,,,,p4,4.0"
    echo "qemu,ep,S,1,verified,1,99,99,,,,,,,,p5,1.0"
} >"$d/npb.csv"
if scripts/qemu/npb_mops_table "$d" --class W >"$d/out.md" 2>"$d/err"; then
    echo "ok - npb_mops_table runs on a made-up npb.csv"
else
    echo "not ok - npb_mops_table runs on a made-up npb.csv ($(cat "$d/err"))"
fi
row=$(grep '^cg,W,2,' "$d/mops_W.csv")
# ours: median(30, 50, 40) = 40; Linux: median(10, 5) = 7.5 (the FAILED run is left out)
if [ "$row" != "" ] && [ "$(cut -d, -f4,5,6 <<<"$row")" = "40,7.5,5.33" ]; then
    echo "ok - medians over verified runs and their ratio (CG W 2: 40 / 7.5 = 5.33)"
else
    echo "not ok - medians over verified runs and their ratio (row: $row)"
fi
if [ "$(cut -d, -f7-11 <<<"$row")" = "1.11,3,2,3,3" ]; then
    echo "ok - seed 003's ratio and verified/tried counts"
else
    echo "not ok - seed 003's ratio and verified/tried counts (row: $row)"
fi
if grep -q '^| BT | 9 | 12.00 | 4.00 | 3.00 | 1.43 | 1/1, 1/1 | single, single | 4 |' "$d/out.md"; then
    echo "ok - single runs are marked as such (BT on 9 nodes)"
else
    echo "not ok - single runs are marked as such: $(grep '^| BT' "$d/out.md")"
fi
if grep -q '^| EP' "$d/out.md"; then
    echo "not ok - other classes stay out of the class W table"
else
    echo "ok - other classes stay out of the class W table"
fi
if scripts/qemu/npb_mops_table "$d/none" >/dev/null 2>"$d/err2"; then
    echo "not ok - a directory without npb.csv is refused"
elif grep -q "no $d/none/npb.csv" "$d/err2"; then
    echo "ok - a directory without npb.csv is refused"
else
    echo "not ok - a directory without npb.csv is refused with a clear message ($(cat "$d/err2"))"
fi
# scripts/qemu/npb's log parser: a Linux + MPICH run whose rank 0 printed
# SUCCESSFUL but whose launcher failed only because UCX hung in MPI_Finalize
# (the lc_guard lines, a lost rank exit line) counts as verified and leaves a
# note; a rank that exited non-zero keeps the run an error
eval "$(sed -n '/^parse_one() {/,/^}/p' scripts/qemu/npb)"
# shellcheck disable=SC2034  # read by the parse_one brought in above
OUT=$d MODE=linux
{
    echo " Time in seconds =                  98.4607"
    echo " Mop/s total     =                     4.94"
    echo " Mop/s/process   =                     1.24"
    echo " Verification    =               SUCCESSFUL"
    for r in 0 1 2 3; do echo "lc_guard: rank $r: MPI_Finalize did not return within 5 s after the final barrier (UCX tcp); leaving it"; done
    for r in 0 2 1; do echo "lc_rank $r exit 0"; done
} >"$d/hang.log"
row=$(parse_one mg W 4 "$d/hang.log" 1)
if [ "$(cut -d, -f5,6 <<<"$row")" = "verified,98.4607" ] && grep -q '^linux,mg,W,4,launcher status 1,4 of 4 ranks.*,3 of 4 rank exit lines$' "$d/npb_notes.tmp"; then
    echo "ok - a verified Linux run that hung in MPI_Finalize counts as verified, with a note"
else
    echo "not ok - a verified Linux run that hung in MPI_Finalize counts as verified, with a note (row: $row)"
fi
rm -f "$d/npb_notes.tmp"
sed 's/^lc_rank 2 exit 0/lc_rank 2 exit 1/' "$d/hang.log" >"$d/bad.log"
row=$(parse_one mg W 4 "$d/bad.log" 1)
if [ "$(cut -d, -f5 <<<"$row")" = error ] && [ ! -e "$d/npb_notes.tmp" ]; then
    echo "ok - a rank that exited non-zero keeps the run an error"
else
    echo "not ok - a rank that exited non-zero keeps the run an error (row: $row)"
fi
