#!/bin/bash
# cluster_hostfile.sh - the launcher's host files and host lists
# (scripts/qemu/cluster --hosts/--host, docs/multihost.md) are checked before
# anything is contacted: a malformed line, slots that are no count, an empty
# file, more nodes than slots, a host too small for --ppn, options not offered
# across hosts, each a usage error (exit 2) naming the problem; no ssh is run
# (CLUSTER_SSH points at a command that records being called). One TAP line
# per case. The reachable-host paths run in tests/cluster/multihost.sh.
cd "$(dirname "$0")/../.." || exit 1
T=$(mktemp -d "${TMPDIR:-/tmp}"/hostfile.XXXXXX)
trap 'rm -rf "$T"' EXIT
[ -x build/user/demo ] || { echo "not ok - build/user/demo missing (make)"; exit 1; }
printf '#!/bin/sh\necho called >> %s/ssh-called\nexit 255\n' "$T" > "$T/ssh"
chmod +x "$T/ssh"
export CLUSTER_SSH="$T/ssh"
fail=0
# case NAME MESSAGE ARGS...: exit 2, MESSAGE in the output, ssh never called
case_err() {
    local name=$1 msg=$2 out rc; shift 2
    rm -f "$T/ssh-called"
    out=$(scripts/qemu/cluster --quiet "$@" demo 2>&1)
    rc=$?
    if [ $rc = 2 ] && grep -q -- "$msg" <<<"$out" && [ ! -e "$T/ssh-called" ]; then
        echo "ok - $name"
    else
        echo "not ok - $name (exit $rc, ssh $([ -e "$T/ssh-called" ] && echo called || echo 'not called'))"
        sed 's/^/# /' <<<"$out" | head -n 5
        fail=1
    fi
}
printf 'alpha slots=2\nbeta slots=zwei\n' > "$T/bad_slots"
case_err "slots=zwei refused, host named" "slots wants a count >= 1, got 'zwei'" --hosts "$T/bad_slots"
printf 'alpha slots=0\n' > "$T/zero"
case_err "slots=0 refused" "slots wants a count >= 1, got '0'" --hosts "$T/zero"
printf 'alpha cores=2\n' > "$T/word"
case_err "unknown word after the host named with its line" "word:1: expected 'HOST \[slots=K\]'" --hosts "$T/word"
printf '# only a comment\n\n   \n' > "$T/empty"
case_err "a host file without hosts" "no host in" --hosts "$T/empty"
case_err "a host file that does not exist" "cannot read" --hosts "$T/none"
printf 'alpha:2 slots=2\n' > "$T/twice"
case_err "slots given twice" "slots given twice" --hosts "$T/twice"
printf '# two hosts\nalpha slots=2  # first\nbeta:1\n' > "$T/ok3"
case_err "-n 4 on 3 slots (comments and HOST:K read)" "slots for 3 node" --hosts "$T/ok3" -n 4
case_err "--host list: -n 3 on a:1,b:1" "slots for 2 node" --host alpha:1,beta:1 -n 3
case_err "--host list with an empty name" "empty name" --host alpha,,beta
case_err "a host name with a space or quote refused" "not a host name" --host "al'pha"
case_err "--ppn 2 on a host of 1 slot" "hold no node of --ppn 2" --host alpha:1 --ppn 2
case_err "--loss with --hosts refused" "not offered with --hosts" --host alpha,beta --loss 5
case_err "--hosts with an empty value" "--hosts wants a value" --hosts ""
CLUSTER_PCAP=1 case_err "CLUSTER_PCAP with --hosts refused" "CLUSTER_PCAP is not offered" --host alpha
# reachability is checked before anything starts: the first ssh fails, exit 2
rm -f "$T/ssh-called"
out=$(scripts/qemu/cluster --quiet --host alpha demo 2>&1); rc=$?
if [ $rc = 2 ] && grep -q "host alpha cannot be reached over ssh" <<<"$out" && [ "$(wc -l <"$T/ssh-called")" = 1 ]; then
    echo "ok - an unreachable host: exit 2 after one ssh, named"
else
    echo "not ok - an unreachable host (exit $rc)"; sed 's/^/# /' <<<"$out" | head -n 5; fail=1
fi
exit $fail
