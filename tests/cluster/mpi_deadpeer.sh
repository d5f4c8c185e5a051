#!/bin/bash
# mpi_deadpeer.sh - a dead rank ends the MPI job in seconds, not at the
# launcher's timeout. 3 nodes, tests/guest/faults/deadpeer.c:
#  1. rank 2 returns from main without MPI_Finalize while rank 0 waits in
#     MPI_Recv from it and rank 1 in MPI_Allreduce: its node says BYE at
#     power-off; the survivors (default MPI_ERRORS_ARE_FATAL) print
#     "rank R: peer rank 2 failed" and exit non-zero; the launcher names
#     node 2; the job ends within DEAD_BOUND s of rank 2 leaving.
#  2. rank 2 hangs and its QEMU gets kill -9 while the others wait (with
#     MPI_ERRORS_RETURN): the survivors' kernels hear nothing from node 2
#     for peer_dead_ms and declare it dead; both calls return an error of
#     class MPIX_ERR_PROC_FAILED whose string names rank 2; the launcher
#     reports node 2's emulator killed by signal 9.
# Prints the detection figures as "# " lines (kernel time stamps, host clock).
cd "$(dirname "$0")/../.." || exit 1
. tests/cluster/kernel_lib.sh
DEAD_BOUND=${DEAD_BOUND:-30}     # s from the rank leaving / the kill to the job's end
DEAD_MS=${DEAD_MS:-3000}                     # peer_dead_ms for the killed-emulator case

# start NAME ARGS...: the launcher in the background (PID in $LPID)
start() {
    local name=$1; shift
    mkdir -p "$L/$name"
    scripts/qemu/cluster --quiet --timeout 400 --grace 40 --log-dir "$L/$name" "$@" \
        >"$L/$name/out" 2>&1 &
    LPID=$!
}
# wait_line NAME NODE PATTERN SECONDS: until the node's console shows it
wait_line() {
    local i
    for ((i = 0; i < $4 * 10; i++)); do
        log_has "$1" "$3" "$2" && return 0
        kill -0 $LPID 2>/dev/null || return 1
        sleep 0.1
    done
    return 1
}
now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }

# ---- 1. return without MPI_Finalize ----
start ret -n 3 deadpeer return 2
if wait_line ret 2 "returns from main without MPI_Finalize" 400; then
    T0=$(now)
    wait $LPID; RC=$?
    T1=$(now)
    check "rank 2 returned without MPI_Finalize: the job ends in $(secs $T0 $T1) s (bound $DEAD_BOUND s)" \
        awk -v d="$(secs $T0 $T1)" -v b=$DEAD_BOUND 'BEGIN { exit !(d <= b) }'
else
    wait $LPID; RC=$?
    check "rank 2 reached its return (launcher status $RC)" false
    show_failure ret
fi
check "launcher fails (status $RC) and names node 2 first" \
    bash -c "[ $RC != 0 ] && grep -q 'cluster: node 2 failed' '$L/ret/out'" || show_failure ret
check "rank 2 is told it left without MPI_Finalize" log_has ret "rank 2: exited without MPI_Finalize" 2
check "node 2 said BYE at power-off" log_has ret "mbcf: t=.* ms leaving: BYE" 2
for r in 0 1; do
    check "rank $r: its kernel saw node 2 leave" log_has ret "peer node 2 left" $r
done
check "rank 0 (in MPI_Recv from 2): 'rank 0: peer rank 2 failed'" log_has ret "rank 0: peer rank 2 failed" 0
check "rank 1 (in MPI_Allreduce): ended by the failure (its own report or rank 0's abort)" \
    bash -c "grep -a -q -e 'rank 1: peer rank 2 failed' -e 'MPI_Abort' '$L/ret/node1.log' && ! grep -a -q 'power off, status 0' '$L/ret/node1.log'"
bye=$(grep -a -o 'BYE to the peers [0-9]* ms after' "$L/ret/node2.log" | grep -o '[0-9]*')
echo "# return without MPI_Finalize: node 2 said BYE ${bye:-?} ms after its task ended;" \
     "job end $(secs ${T0:-0} ${T1:-0}) s after rank 2's last line (host clock)"

# ---- 2. kill -9 of node 2's QEMU while the others wait ----
start kill -n 3 --fw-cfg peer_dead_ms=$DEAD_MS deadpeer hang 2 ret
if wait_line kill 2 "rank 2 hangs" 400 && wait_line kill 0 "waits in MPI_Recv" 60 &&
   wait_line kill 1 "waits in MPI_Allreduce" 60; then
    sleep 1
    w=$(cat "$L/kill/workdir")
    qpid=$(pgrep -f -- "name=opt/cluster/rank,string=2 .*$w|$w.*name=opt/cluster/rank,string=2" | head -n 1)
    [ -z "$qpid" ] && qpid=$(pgrep -f -- "$w/vars2.fd" | head -n 1)
    T0=$(now)
    [ -n "$qpid" ] && kill -9 "$qpid"
    wait $LPID; RC=$?
    T1=$(now)
    check "killed node 2's QEMU (pid ${qpid:-none})" [ -n "$qpid" ]
    check "survivors end $(secs $T0 $T1) s after the kill (bound $DEAD_BOUND s)" \
        awk -v d="$(secs $T0 $T1)" -v b=$DEAD_BOUND 'BEGIN { exit !(d <= b) }'
else
    wait $LPID; RC=$?
    check "node 2 hung and the others waited (launcher status $RC)" false
    show_failure kill
fi
check "launcher reports node 2's emulator killed by signal 9" \
    grep -q "node 2 failed: its emulator (QEMU) was killed by signal 9" "$L/kill/out" || show_failure kill
for r in 0 1; do
    check "rank $r: its kernel declared node 2 dead (no answer)" log_has kill "peer node 2 dead: no answer" $r
    check "rank $r: the MPI call failed with MPIX_ERR_PROC_FAILED naming rank 2" \
        log_has kill "deadpeer: rank $r: MPI_[A-Za-z]* returned .*(MPIX_ERR_PROC_FAILED): .*rank 2" $r
    fin=$(grep -a -o "rank $r: MPI_Finalize took [0-9.]* s" "$L/kill/node$r.log" | grep -o '[0-9.]* s' | cut -d' ' -f1)
    check "rank $r: MPI_Finalize with a dead peer took ${fin:-?} s (< 5 s: not its 10 s timeout)" \
        awk -v f="${fin:-99}" 'BEGIN { exit !(f < 5) }'
    check "rank $r exits 3 (error class as expected)" log_has kill "power off, status 3" $r
    quiet=$(grep -a -o 'peer node 2 dead: no answer for [0-9]* ms' "$L/kill/node$r.log" | grep -o '[0-9]* ms')
    echo "# kill -9: rank $r declared node 2 dead after ${quiet:-?} without a frame from it" \
         "(peer_dead_ms $DEAD_MS); job end $(secs ${T0:-0} ${T1:-0}) s after the kill (host clock)"
done
