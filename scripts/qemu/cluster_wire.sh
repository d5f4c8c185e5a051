# shellcheck shell=bash disable=SC2034
# (SC2034: WIRE_PREFIX, WIRE_URL are read by scripts/qemu/cluster)
# cluster_wire.sh - the virtual Ethernet the launcher's nodes share (sourced by
# scripts/qemu/cluster, not run): the QEMU -netdev of each node, the host-side
# parts behind it, fault injection on it, and their removal. docs/wire.md.
#   vde     one vde_switch process; --loss/--dup/--delay: a wirefilter per node link
#   tap     a kernel bridge with one tap device per node, inside a private network
#           namespace (unshare -Urn: no root needed where unprivileged user
#           namespaces are allowed; as root without them, unshare -n);
#           --loss/--dup: nftables rules (numgen random) on the bridge, per node
#           link as wirefilter does; no --delay (needs sch_netem)
#   mcast   QEMU's socket backend on one multicast group (a hub: every node
#           receives every frame, the e1000 filters by MAC), on the loopback of
#           a private namespace
#   vxvde   libvdeplug4's vxvde (what --hosts uses), on the same loopback
#   dgram   2 nodes: QEMU's dgram backend, two Unix datagram sockets
#   stream  2 nodes: QEMU's stream backend, one Unix stream socket
#   socket  2 nodes: QEMU's socket backend, listen=/connect= over TCP (loopback
#           of a private namespace)
# Uses the launcher's WORK, NODES, LOSS, DUP, DELAY, HOSTS_MODE, DAEMON_PIDFILES,
# die and qesc. Everything it starts ends with the launcher: the namespace holder
# exits when the launcher's process is gone, and the namespace (bridge, taps,
# rules) disappears with its last process.
WIRES="vde tap mcast vxvde dgram stream socket"
WIRE="" WIRE_ASKED=0 NS_PID="" NSENTER=()

# wire_check: validates --wire against the other options and picks the wire
# when none was asked for (the launcher's WIRE_DEFAULT; a tap default falls
# back to vde with a warning where tap cannot be set up).
wire_check() {
    # CLUSTER_WIRE replaces the default (what a run without --wire takes)
    if [ -n "${CLUSTER_WIRE:-}" ]; then
        [[ $CLUSTER_WIRE == vde || $CLUSTER_WIRE == tap ]] ||
            die "CLUSTER_WIRE wants vde or tap (the default wire), got '$CLUSTER_WIRE'"
        WIRE_DEFAULT=$CLUSTER_WIRE
    fi
    if [ -n "$WIRE" ]; then
        WIRE_ASKED=1
        [[ " $WIRES " == *" $WIRE "* ]] || die "--wire wants one of: $WIRES (got '$WIRE')"
    fi
    if [ -n "$HOSTS_MODE" ]; then
        [ -z "$WIRE" ] || [ "$WIRE" = vxvde ] || [ "$WIRE" = vde ] ||
            die "--wire $WIRE: with --hosts/--host the nodes meet through vxvde (docs/multihost.md)"
        WIRE=vxvde
        return 0
    fi
    if [ $WIRE_ASKED = 0 ]; then
        WIRE=$WIRE_DEFAULT
        # --delay is wirefilter's alone (this kernel's tap path has no sch_netem)
        [ -z "$DELAY" ] || WIRE=vde
        if [ "$WIRE" = tap ]; then
            local why
            why=$(wire_tap_unusable)
            if [ -n "$why" ]; then
                echo "cluster: warning: the tap wire is not usable here ($why): using vde (slower; docs/wire.md)" >&2
                WIRE=vde
            fi
        fi
        return 0
    fi
    case "$WIRE" in
    dgram|stream|socket)
        [ "$NODES" = 2 ] || die "--wire $WIRE joins exactly 2 nodes (point to point), -n is $NODES"
        [ -z "$LOSS$DUP$DELAY" ] || die "--wire $WIRE has no fault injection: use --wire vde or tap" ;;
    mcast|vxvde)
        [ -z "$LOSS$DUP$DELAY" ] || die "--wire $WIRE has no fault injection: use --wire vde or tap" ;;
    tap)
        local why
        why=$(wire_tap_unusable)
        [ -z "$why" ] || die "--wire tap: $why" ;;
    esac
    return 0
}

# wire_tap_unusable: prints why the tap wire cannot carry this run (nothing
# when it can): namespaces, /dev/net/tun, nft for faults, no delay.
wire_tap_unusable() {
    if [ -n "$DELAY" ]; then
        echo "--delay needs the kernel's sch_netem, which the tap wire does not use; --wire vde has it"
        return
    fi
    command -v ip >/dev/null || { echo "ip (iproute2) missing"; return; }
    if [ -n "$LOSS$DUP" ] && ! command -v nft >/dev/null; then
        echo "--loss/--dup need nft (Debian nftables; scripts/deps)"
        return
    fi
    [ -c /dev/net/tun ] || { echo "no /dev/net/tun"; return; }
    if ! unshare -Urn true 2>/dev/null && ! { [ "$(id -u)" = 0 ] && unshare -n true 2>/dev/null; }; then
        echo "no private network namespace: unprivileged user namespaces are off and this is not root"
        return
    fi
    [ -r /dev/net/tun ] && [ -w /dev/net/tun ] ||
        echo "/dev/net/tun is not readable and writable for uid $(id -u)"
}

# wire_ns_up: a private network namespace, held by a process that exits
# when the launcher ($$) does; NSENTER runs a command inside it.
wire_ns_up() {
    local flags=(-n) i
    NSENTER=(nsenter -n)
    if unshare -Urn true 2>/dev/null; then
        flags=(-U -r -n)
        NSENTER=(nsenter -U -n --preserve-credentials)
    fi
    # shellcheck disable=SC2016  # $1 is the holder shell's own argument
    unshare "${flags[@]}" sh -c 'echo up; while kill -0 "$1" 2>/dev/null; do sleep 1; done' sh $$ \
        </dev/null >"$WORK/ns.up" 2>"$WORK/ns.err" &
    NS_PID=$!
    echo "$NS_PID" >"$WORK/ns.pid"
    DAEMON_PIDFILES+=("$WORK/ns.pid")
    for ((i = 0; i < 100; i++)); do [ -s "$WORK/ns.up" ] && break; sleep 0.02; done
    [ -s "$WORK/ns.up" ] || die "private network namespace failed: $(cat "$WORK/ns.err")"
    NSENTER+=(-t "$NS_PID")
    "${NSENTER[@]}" ip link set lo up || die "loopback in the private namespace failed"
}
ns_run() { "${NSENTER[@]}" "$@"; }

# wire_nft_faults: --loss/--dup on the bridge as wirefilter does per node
# link: a frame crosses two links (sender's, receiver's), each drops it with
# probability LOSS and each duplicates it with probability DUP.
wire_nft_faults() {
    local l d r rules
    l=$(awk -v p="${LOSS:-0}" 'BEGIN { printf "%d", p * 100 + 0.5 }')
    d=$(awk -v p="${DUP:-0}" 'BEGIN { printf "%d", p * 100 + 0.5 }')
    rules="table bridge wire {
  chain links {
    type filter hook forward priority 0;"
    [ "$l" -gt 0 ] && rules+="
    numgen random mod 10000 < $l drop
    numgen random mod 10000 < $l drop"
    rules+="
  }
}"
    if [ "$d" -gt 0 ]; then
        rules+="
table netdev wiredup {"
        for ((r = 0; r < NODES; r++)); do
            rules+="
  chain out$r {
    type filter hook egress device \"t$r\" priority 0;
    numgen random mod 10000 < $d dup to \"t$r\"
    numgen random mod 10000 < $d dup to \"t$r\"
  }"
        done
        rules+="
}"
    fi
    printf '%s\n' "$rules" >"$WORK/wire.nft"
    ns_run nft -f "$WORK/wire.nft" 2>>"$WORK/sw.err" || die "nft rules for --loss/--dup failed: $(tail -n 3 "$WORK/sw.err")"
}

# wire_up: starts what the chosen wire needs before the nodes boot.
wire_up() {
    local r
    case "$WIRE" in
    vde) wire_vde_up ;;
    vxvde) [ -n "$HOSTS_MODE" ] && return 0
        wire_ns_up
        ns_run ip link set lo multicast on && ns_run ip route add 224.0.0.0/4 dev lo ||
            die "multicast route on the private loopback failed"
        WIRE_URL="vxvde://239.255.$((RANDOM % 256)).$((RANDOM % 254 + 1))/port=14789/vni=$((RANDOM * 32 + RANDOM % 32 + 1))" ;;
    mcast)
        wire_ns_up
        ns_run ip link set lo multicast on && ns_run ip route add 224.0.0.0/4 dev lo ||
            die "multicast route on the private loopback failed" ;;
    socket) wire_ns_up ;;
    tap)
        wire_ns_up
        {
            ns_run ip link add br0 type bridge &&
                ns_run ip link set br0 type bridge mcast_snooping 0 &&
                ns_run ip link set br0 up
        } 2>>"$WORK/sw.err" || die "bridge in the private namespace failed: $(tail -n 3 "$WORK/sw.err")"
        # The bridge forwards every frame as a switch does: br_netfilter's
        # checks of what looks like IPv4, IPv6 or ARP (which drop a malformed
        # one) are off in this namespace (the bridge-nf-call-* settings are
        # per network namespace).
        local k
        for k in iptables ip6tables arptables; do
            [ -e "/proc/sys/net/bridge/bridge-nf-call-$k" ] || continue
            ns_run sh -c "echo 0 > /proc/sys/net/bridge/bridge-nf-call-$k" 2>>"$WORK/sw.err" ||
                die "bridge-nf-call-$k in the private namespace failed: $(tail -n 3 "$WORK/sw.err")"
        done
        for ((r = 0; r < NODES; r++)); do
            {
                ns_run ip tuntap add dev "t$r" mode tap &&
                    ns_run ip link set "t$r" master br0 &&
                    ns_run ip link set "t$r" up
            } 2>>"$WORK/sw.err" || die "tap t$r failed: $(tail -n 3 "$WORK/sw.err")"
        done
        [ -z "$LOSS$DUP" ] || wire_nft_faults ;;
    esac
}

# wire_vde_up: one switch; with faults, a wirefilter between each node's
# own switch and the common one.
wire_vde_up() {
    local r WF_OPTS=()
    vde_switch -s "$SW" -n $((NODES + 4)) -d -p "$WORK/sw.pid" </dev/null >/dev/null 2>"$WORK/sw.err" ||
        die "vde_switch failed: $(cat "$WORK/sw.err")"
    DAEMON_PIDFILES+=("$WORK/sw.pid")
    if [ $FILTER = 1 ]; then
        [ -n "$LOSS" ] && WF_OPTS+=(-l "$LOSS")
        [ -n "$DUP" ] && WF_OPTS+=(-D "$DUP")
        [ -n "$DELAY" ] && WF_OPTS+=(-d "$DELAY")
        for ((r = 0; r < NODES; r++)); do
            vde_switch -s "$WORK/n$r" -n 4 -d -p "$WORK/n$r.pid" </dev/null >/dev/null 2>>"$WORK/sw.err" ||
                die "vde_switch failed: $(cat "$WORK/sw.err")"
            DAEMON_PIDFILES+=("$WORK/n$r.pid")
            wirefilter -v "$WORK/n$r:$SW" "${WF_OPTS[@]}" --daemon --pidfile "$WORK/wf$r.pid" \
                </dev/null >/dev/null 2>>"$WORK/sw.err" || die "wirefilter failed: $(cat "$WORK/sw.err")"
            DAEMON_PIDFILES+=("$WORK/wf$r.pid")
        done
    fi
    for ((r = 0; r < 50; r++)); do [ -f "$WORK/sw.pid" ] && break; sleep 0.05; done
}

# wire_netdev R: node R's -netdev option value (id net0).
wire_netdev() {
    local r=$1
    case "$WIRE" in
    vde) if [ $FILTER = 1 ]; then echo "vde,id=net0,sock=$(qesc "$WORK/n$r")"; else echo "vde,id=net0,sock=$(qesc "$SW")"; fi ;;
    vxvde) if [ -n "$HOSTS_MODE" ]; then echo "vde,id=net0,sock=$(qesc "$(hosts_url "$r")")"; else echo "vde,id=net0,sock=$(qesc "$WIRE_URL")"; fi ;;
    tap) echo "tap,id=net0,ifname=t$r,script=no,downscript=no,vhost=off" ;;
    mcast) echo "socket,id=net0,mcast=239.255.0.1:14790,localaddr=127.0.0.1" ;;
    socket) if [ "$r" = 0 ]; then echo "socket,id=net0,listen=127.0.0.1:14791"; else echo "socket,id=net0,connect=127.0.0.1:14791"; fi ;;
    dgram) echo "dgram,id=net0,local.type=unix,local.path=$(qesc "$WORK/dg$r"),remote.type=unix,remote.path=$(qesc "$WORK/dg$((1 - r))")" ;;
    stream) echo "stream,id=net0,server=$([ "$r" = 0 ] && echo on || echo off),addr.type=unix,addr.path=$(qesc "$WORK/st")" ;;
    esac
}

# wire_prefix: the command words that put a node's QEMU on the wire (the
# namespace, for the wires that live in one).
wire_prefix() {
    WIRE_PREFIX=()
    [ -z "$NS_PID" ] || WIRE_PREFIX=("${NSENTER[@]}")
}

# wire_started R: after node R's QEMU started; the point-to-point clients
# connect only to a server that listens, so node 0 must be up first.
wire_started() {
    local i
    [ "$1" = 0 ] || return 0
    case "$WIRE" in
    stream) for ((i = 0; i < 200; i++)); do [ -S "$WORK/st" ] && return 0; sleep 0.05; done
        die "--wire stream: node 0 did not listen on $WORK/st" ;;
    socket) for ((i = 0; i < 200; i++)); do
            ns_run ss -Hltn 'sport = :14791' 2>/dev/null | grep -q . && return 0
            sleep 0.05
        done
        die "--wire socket: node 0 did not listen on 127.0.0.1:14791" ;;
    esac
}
