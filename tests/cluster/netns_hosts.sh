# shellcheck shell=bash disable=SC2034
# (SC2034: NH_ADDR, NH_CLIENT are read by the scripts that source this file)
# netns_hosts.sh - network namespaces standing in for cluster hosts (sourced by
# the multi-host tests and scripts/qemu/bench_hosts, not run). Needs root.
#   nh_up K        K "hosts" NS0..NS(K-1): each a namespace with one veth
#                  (10.231.R.(i+1)/24) into a bridge that lives in a private
#                  namespace of its own, loopback up, a multicast route on the
#                  veth, and an OpenSSH sshd listening only on its address
#                  with host keys and one authorized client key made in a
#                  temporary directory. Sets NH_DIR, NH_NS[i], NH_ADDR[i],
#                  NH_CLIENT (namespace to run the launcher in: a K+1-th
#                  member of the bridge without sshd) and exports CLUSTER_SSH
#                  (ssh with that key and known-hosts file). Returns non-zero
#                  with a message when something cannot be set up.
#   nh_cut I       tears host I down mid-run: kills every process in its
#                  namespace (sshd, its sessions, QEMU) and deletes its link
#   nh_down        removes everything nh_up made (call it from an EXIT trap)
# Nothing listens outside the namespaces: sshd binds the namespace address,
# the bridge has no port in the initial namespace, and vxvde's multicast
# (TTL 1) and unicast stay on the bridge.
NH_DIR="" NH_NS=() NH_ADDR=() NH_CLIENT="" NH_BR=""
nh_run() { ip netns exec "$1" "${@:2}"; }
nh_fail() { echo "netns_hosts: $*" >&2; return 1; }
nh_up() {
    local k=$1 i tag sub
    [ "$(id -u)" = 0 ] || { nh_fail "needs root (ip netns)"; return 1; }
    for t in ip sshd ssh-keygen ssh; do
        command -v "$t" >/dev/null || [ -x "/usr/sbin/$t" ] || { nh_fail "$t missing (scripts/deps)"; return 1; }
    done
    tag="nh$$"
    sub=$((($$ % 200) + 20))
    NH_DIR=$(mktemp -d "${TMPDIR:-/tmp}/netns_hosts.XXXXXX") || return 1
    NH_BR="${tag}br"
    ip netns add "$NH_BR" || { nh_fail "ip netns add failed"; return 1; }
    nh_run "$NH_BR" ip link add br0 type bridge || return 1
    # IGMP snooping off: the bridge floods multicast to every port, as a
    # plain switch between real hosts does
    nh_run "$NH_BR" ip link set br0 type bridge mcast_snooping 0 2>/dev/null
    nh_run "$NH_BR" ip link set br0 up
    nh_run "$NH_BR" ip link set lo up
    ssh-keygen -q -t ed25519 -N '' -f "$NH_DIR/client_key" || return 1
    cp "$NH_DIR/client_key.pub" "$NH_DIR/authorized_keys"
    chmod 600 "$NH_DIR/authorized_keys"
    : > "$NH_DIR/known_hosts"
    mkdir -p /run/sshd
    for ((i = 0; i <= k; i++)); do
        local ns="${tag}h$i" addr="10.231.$sub.$((i + 1))"
        ip netns add "$ns" || { nh_fail "ip netns add $ns failed"; return 1; }
        ip link add "v$i$tag" netns "$ns" type veth peer name "p$i" netns "$NH_BR" ||
            { nh_fail "veth for $ns failed"; return 1; }
        nh_run "$ns" ip link set lo up
        nh_run "$ns" ip link set "v$i$tag" name eth0
        nh_run "$ns" ip addr add "$addr/24" dev eth0
        nh_run "$ns" ip link set eth0 up
        nh_run "$ns" ip route add 224.0.0.0/4 dev eth0
        nh_run "$NH_BR" ip link set "p$i" master br0
        nh_run "$NH_BR" ip link set "p$i" up
        if [ "$i" = "$k" ]; then NH_CLIENT=$ns; break; fi
        NH_NS[i]=$ns NH_ADDR[i]=$addr
        ssh-keygen -q -t ed25519 -N '' -f "$NH_DIR/host$i" || return 1
        echo "$addr $(cat "$NH_DIR/host$i.pub")" >> "$NH_DIR/known_hosts"
        cat > "$NH_DIR/sshd$i.conf" <<EOF
ListenAddress $addr
HostKey $NH_DIR/host$i
PidFile $NH_DIR/sshd$i.pid
AuthorizedKeysFile $NH_DIR/authorized_keys
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
StrictModes no
UsePAM no
X11Forwarding no
AllowTcpForwarding no
PrintMotd no
MaxStartups 64
MaxSessions 64
EOF
        nh_run "$ns" /usr/sbin/sshd -f "$NH_DIR/sshd$i.conf" -E "$NH_DIR/sshd$i.log" ||
            { nh_fail "sshd in $ns failed: $(tail -n 3 "$NH_DIR/sshd$i.log")"; return 1; }
    done
    cat > "$NH_DIR/ssh_config" <<EOF
Host *
    User root
    IdentityFile $NH_DIR/client_key
    IdentitiesOnly yes
    UserKnownHostsFile $NH_DIR/known_hosts
    StrictHostKeyChecking yes
    LogLevel ERROR
EOF
    export CLUSTER_SSH="ssh -F $NH_DIR/ssh_config"
    # sshd answers once its pid file is there
    for ((i = 0; i < 50; i++)); do
        local all=1 j
        for ((j = 0; j < k; j++)); do [ -s "$NH_DIR/sshd$j.pid" ] || all=0; done
        [ $all = 1 ] && return 0
        sleep 0.1
    done
    nh_fail "sshd did not start"
}
nh_cut() {
    local ns=${NH_NS[$1]} p
    for p in $(ip netns pids "$ns" 2>/dev/null); do kill -KILL "$p" 2>/dev/null; done
    nh_run "$ns" ip link del eth0 2>/dev/null
}
nh_down() {
    local ns p
    for ns in "${NH_NS[@]+"${NH_NS[@]}"}" $NH_CLIENT $NH_BR; do
        for p in $(ip netns pids "$ns" 2>/dev/null); do kill -KILL "$p" 2>/dev/null; done
        ip netns del "$ns" 2>/dev/null
    done
    [ -n "$NH_DIR" ] && rm -rf "$NH_DIR"
    NH_NS=() NH_CLIENT="" NH_BR="" NH_DIR=""
}
