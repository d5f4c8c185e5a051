#!/bin/bash
# multihost.sh - the launcher across hosts (scripts/qemu/cluster --hosts,
# docs/multihost.md) with network namespaces standing in for two hosts, each
# with its own sshd (tests/cluster/netns_hosts.sh); the launcher itself runs
# in a third namespace on the same bridge. Checks:
#  - a host that cannot be reached, and a malformed host file, are usage
#    errors (exit 2) before any node starts, and leave nothing behind;
#  - 2 hosts x 2 nodes: the MPI conformance suite, and NPB CG class S
#    (mpiexec -f HOSTFILE), every node exits 0, consoles gathered from both;
#  - a host torn down mid-run (its processes killed, its link deleted) is
#    reported as lost, the survivors end by themselves within seconds;
#  - timeout, Ctrl-C and a SIGKILL of the launcher stop every QEMU on every
#    host.
# Needs root (ip netns). Prints TAP lines.
cd "$(dirname "$0")/../.." || exit 1
. tests/cluster/netns_hosts.sh
. tests/cluster/mpi_suite_lib.sh
if [ "$(id -u)" != 0 ]; then
    echo "ok - multihost # SKIP needs root for network namespaces"
    exit 0
fi
L=$(mktemp -d "${TMPDIR:-/tmp}"/multihost.XXXXXX)
trap 'nh_down; rm -rf "$L"' EXIT
check() {
    local what=$1; shift
    if "$@"; then echo "ok - $what"; else echo "not ok - $what"; fail=1; return 1; fi
}
nh_up 2 || { echo "not ok - two namespace hosts with sshd"; exit 1; }
echo "ok - two namespace hosts with sshd (${NH_ADDR[*]}), launcher in $NH_CLIENT"
H0=${NH_ADDR[0]} H1=${NH_ADDR[1]}
# host directories of earlier, killed runs are not this test's to judge
STALE=$(compgen -G "/tmp/cluster-node.*" | tr '\n' ' ')
printf '# two hosts\n%s slots=2\n%s slots=2   # second host\n' "$H0" "$H1" > "$L/hosts"
in_client() { ip netns exec "$NH_CLIENT" "$@"; }
# qemus I: QEMU processes in host I's namespace
qemus() {
    local p n=0
    for p in $(ip netns pids "${NH_NS[$1]}" 2>/dev/null); do
        [[ $(cat "/proc/$p/comm" 2>/dev/null) == qemu-system* ]] && n=$((n + 1))
    done
    echo $n
}
# new_dirs: host directories made since the test began
new_dirs() {
    local d
    for d in /tmp/cluster-node.*; do
        [ -d "$d" ] && [[ " $STALE " != *" $d "* ]] && printf '%s ' "$d"
    done
}
# none_left [qemu]: no QEMU in either host and (without "qemu") no host
# directory, within 10 s
none_left() {
    local i
    for ((i = 0; i < 100; i++)); do
        [ "$(qemus 0)" = 0 ] && [ "$(qemus 1)" = 0 ] &&
            { [ "${1:-}" = qemu ] || [ -z "$(new_dirs)" ]; } && return 0
        sleep 0.1
    done
    echo "# left: $(qemus 0) + $(qemus 1) QEMU, $(new_dirs)"
    return 1
}
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }
now() { date +%s.%N; }
# wait_line DIR NODE PATTERN SECONDS (while the launcher $LPID runs)
wait_line() {
    local i
    for ((i = 0; i < $4 * 10; i++)); do
        grep -a -q -- "$3" "$1/node$2.log" 2>/dev/null && return 0
        kill -0 "$LPID" 2>/dev/null || return 1
        sleep 0.1
    done
    return 1
}

# ---- errors before anything starts ----
printf '%s slots=2\n10.231.255.77 slots=2\n' "$H0" > "$L/bad_host"
t0=$(now)
in_client scripts/qemu/cluster --hosts "$L/bad_host" -n 4 --quiet demo >"$L/bad_host.out" 2>&1
rc=$?
t1=$(now)
check "unreachable host: exit 2 in $(secs "$t0" "$t1") s, named" \
    bash -c "[ $rc = 2 ] && grep -q 'host 10.231.255.77 cannot be reached over ssh' '$L/bad_host.out'" ||
    sed 's/^/# /' "$L/bad_host.out"
check "unreachable host: no node started, nothing left on the other host" none_left
printf '%s slots=two\n' "$H0" > "$L/bad_slots"
in_client scripts/qemu/cluster --hosts "$L/bad_slots" --quiet demo >"$L/bad_slots.out" 2>&1
rc=$?
check "host file with slots=two: exit 2, named" \
    bash -c "[ $rc = 2 ] && grep -q \"slots wants a count\" '$L/bad_slots.out'"
in_client scripts/qemu/cluster --host "$H0:1,$H1:1" -n 3 --quiet demo >"$L/few.out" 2>&1
rc=$?
check "-n 3 on 2 slots: exit 2, named" \
    bash -c "[ $rc = 2 ] && grep -q 'slots for 2 node' '$L/few.out'"

# ---- 2 hosts x 2 nodes: the MPI conformance suite ----
suite_prepare
dir=$L/suite; mkdir -p "$dir"
in_client scripts/qemu/cluster --hosts "$L/hosts" -n 4 --timeout 900 --quiet --log-dir "$dir" \
    --env MPI_MBCF_STATS=1 "$SUITE" >"$dir/out" 2>&1
rc=$?
suite_tap "2 hosts x 2 nodes" <"$dir/node0.log"
grep -q '^not ok' "$dir/node0.log" && fail=1
for p in p2p_basic coll_basic coll_reduce; do
    check "2 hosts x 2 nodes: suite program $p ran" grep -q "^# $p\$" "$dir/node0.log"
done
check "2 hosts x 2 nodes: conformance suite, all 4 nodes exit 0 (launcher $rc)" [ "$rc" = 0 ] ||
    tail -n 8 "$dir/out" | sed 's/^/# /'
seen=0
for r in 0 1 2 3; do grep -a -q "mpi_mbcf_stats rank=$r " "$dir/node$r.log" && seen=$((seen + 1)); done
check "consoles of all 4 nodes gathered from both hosts ($seen with stats lines)" [ "$seen" = 4 ]
check "after success: no QEMU and no host directory left" none_left

# ---- NPB CG class S through mpiexec -f ----
dir=$L/npb; mkdir -p "$dir"
in_client libmpi_mbcf/wrappers/mpiexec -f "$L/hosts" -n 4 --timeout 900 --log-dir "$dir" \
    build/npb/guest/npb_cg S >"$dir/out" 2>&1
rc=$?
check "mpiexec -f: NPB CG class S on 2 hosts x 2 nodes verifies (exit $rc)" \
    bash -c "[ $rc = 0 ] && grep -q 'Verification *= *SUCCESSFUL' '$dir/out'" ||
    tail -n 8 "$dir/out" | sed 's/^/# /'
check "after NPB: nothing left" none_left

# ---- a host torn down mid-run ----
dir=$L/cut; mkdir -p "$dir"
printf '%s slots=2\n%s slots=1\n' "$H0" "$H1" > "$L/hosts3"
ip netns exec "$NH_CLIENT" scripts/qemu/cluster --hosts "$L/hosts3" --quiet --timeout 600 --grace 40 --log-dir "$dir" \
    --fw-cfg peer_dead_ms=3000 deadpeer hang 2 ret >"$dir/out" 2>&1 &
LPID=$!
if wait_line "$dir" 2 "rank 2 hangs" 600 && wait_line "$dir" 0 "waits in MPI_Recv" 60 &&
   wait_line "$dir" 1 "waits in MPI_Allreduce" 60; then
    sleep 1
    t0=$(now)
    nh_cut 1
    wait $LPID; rc=$?
    t1=$(now)
    check "host 2 torn down: the launcher ends $(secs "$t0" "$t1") s later (bound 30 s)" \
        awk -v d="$(secs "$t0" "$t1")" 'BEGIN { exit !(d <= 30) }'
else
    kill $LPID 2>/dev/null; wait $LPID; rc=$?
    check "3 nodes on 2 hosts reached the wait (launcher $rc)" false
fi
# first failure or not: the survivors may end (peer_dead_ms) before ssh
# notices the lost connection (ServerAlive, about 6 s when no FIN arrives)
check "the torn-down host is reported: node 2 on $H1 lost" \
    grep -E -q "cluster: node 2 on $H1 (also )?failed: its host $H1 was lost" "$dir/out" ||
    sed 's/^/# /' "$dir/out"
for r in 0 1; do
    check "survivor rank $r ended by itself with MPIX_ERR_PROC_FAILED (status 3)" \
        grep -a -q "power off, status 3" "$dir/node$r.log"
done
check "after the cut: no QEMU left on the surviving host" none_left qemu
# the lost host's directory stays on that host (here: the shared /tmp)
for d in $(new_dirs); do rm -rf "$d"; done
nh_down
nh_up 2 || { echo "not ok - namespace hosts again"; exit 1; }
H0=${NH_ADDR[0]} H1=${NH_ADDR[1]}

# ---- timeout and Ctrl-C ----
dir=$L/timeout; mkdir -p "$dir"
in_client scripts/qemu/cluster --host "$H0,$H1" --quiet --timeout 60 --log-dir "$dir" \
    deadpeer hang 1 >"$dir/out" 2>&1
rc=$?
check "timeout on 2 hosts: exit 124" [ "$rc" = 124 ] || tail -n 4 "$dir/out" | sed 's/^/# /'
check "after the timeout: no QEMU left on either host" none_left
dir=$L/int; mkdir -p "$dir"
# job control on: a background job of a script ignores SIGINT otherwise,
# and a terminal's Ctrl-C reaches a foreground job that does not
set -m
ip netns exec "$NH_CLIENT" scripts/qemu/cluster --host "$H0,$H1" --quiet --timeout 600 --log-dir "$dir" \
    deadpeer hang 1 >"$dir/out" 2>&1 &
LPID=$!
set +m
if wait_line "$dir" 1 "rank 1 hangs" 600; then
    # the launcher itself: ip netns exec execs it
    kill -INT $LPID
    wait $LPID; rc=$?
    check "Ctrl-C on 2 hosts: exit 130" [ "$rc" = 130 ]
else
    kill $LPID 2>/dev/null; wait $LPID
    check "2 hosts reached the hang before Ctrl-C" false
fi
check "after Ctrl-C: no QEMU left on either host" none_left
# the launcher killed outright: its ssh sessions see their input end and
# the remote shells stop their QEMUs (the host directories stay)
dir=$L/kill9; mkdir -p "$dir"
ip netns exec "$NH_CLIENT" scripts/qemu/cluster --host "$H0,$H1" --quiet --timeout 600 --log-dir "$dir" \
    deadpeer hang 1 >"$dir/out" 2>&1 &
LPID=$!
if wait_line "$dir" 1 "rank 1 hangs" 600; then
    kill -KILL $LPID
    wait $LPID 2>/dev/null
    check "launcher killed with SIGKILL: no QEMU left on either host" none_left qemu
else
    kill $LPID 2>/dev/null; wait $LPID
    check "2 hosts reached the hang before SIGKILL" false
fi
w=$(cat "$dir/workdir" 2>/dev/null) && [[ $w == /tmp/cluster.* ]] && rm -rf "$w"
for d in $(new_dirs); do rm -rf "$d"; done
exit "$fail"
