# shellcheck shell=bash disable=SC2034
# (SC2034: HOSTS_URL, PIDS and the host tables are read by scripts/qemu/cluster)
# cluster_hosts.sh - the launcher's nodes on several hosts (sourced by
# scripts/qemu/cluster, not run): a host file in MPI's shape or a host list,
# nodes placed in rank order, QEMU started on each host over OpenSSH, one
# Ethernet across the hosts through libvdeplug4's vxvde plug (a distributed
# switch: UDP multicast for broadcasts and unknown MACs, learned unicast
# otherwise; no switch process). docs/multihost.md.
#
# What the remote hosts need: qemu-system-x86 and ovmf (Debian), and the
# libvdeplug2 that qemu-system-x86 pulls in. Not the build tree: the boot
# image (kernel + program), firmware variables and node configuration are
# copied into a private directory on every host before any node starts.
#
# Host file: one host per line, "HOST [slots=K]" ("HOST:K" also), "#" starts
# a comment; a host list: "a,b" or "a:2,b:2". Slots count MPI ranks (as in
# MPICH and Open MPI host files): with --ppn P a host of K slots takes K/P
# nodes. Nodes fill the hosts in file order, rank 0 on the first host.
# HOST is an ssh destination ([user@]name); CLUSTER_SSH (default "ssh")
# is the ssh command, e.g. "ssh -F FILE" for keys and ports.
HOSTS_MODE="" HOSTS_SPEC=""
HOST_NAME=() HOST_SLOTS=() HOST_DIR=() NODE_HOST=()
HOSTS_URL=""
HOSTS_SSH_OPTS=(-o BatchMode=yes -o ConnectTimeout=5 -o ServerAliveInterval=2 -o ServerAliveCountMax=3)

# hosts_ssh HOST CMD: run a shell command line on HOST (no tty, no password)
hosts_ssh() {
    local h=$1; shift
    # shellcheck disable=SC2086  # CLUSTER_SSH is a command with its options
    ${CLUSTER_SSH:-ssh} "${HOSTS_SSH_OPTS[@]}" -T "$h" "$@"
}
# sq WORD: WORD quoted for a POSIX shell
sq() { printf "'%s'" "${1//\'/\'\\\'\'}"; }

# hosts_add NAME SLOTS (SLOTS may be empty: one)
hosts_add() {
    local name=$1 slots=${2:-1}
    [[ $name =~ ^[A-Za-z0-9._@%:-]+$ ]] || die "host '$name': not a host name"
    [[ $slots =~ ^[0-9]+$ ]] && [ "$slots" -ge 1 ] || die "host '$name': slots wants a count >= 1, got '$slots'"
    HOST_NAME+=("$name") HOST_SLOTS+=("$slots")
}
hosts_parse_file() {
    local f=$1 line no=0 name rest slots
    [ -r "$f" ] || die "--hosts: cannot read '$f'"
    while IFS= read -r line || [ -n "$line" ]; do
        no=$((no + 1))
        line=${line%%#*}
        read -r name rest <<<"$line"
        [ -n "${name:-}" ] || continue
        slots=""
        if [[ $name == *:* ]]; then slots=${name##*:}; name=${name%:*}; fi
        case "${rest:-}" in
        "") ;;
        slots=*|max_slots=*) [ -z "$slots" ] || die "$f:$no: slots given twice"
                              slots=${rest#*=}; slots=${slots%% *} ;;
        *) die "$f:$no: expected 'HOST [slots=K]', got '$line'" ;;
        esac
        hosts_add "$name" "$slots"
    done <"$f"
    [ ${#HOST_NAME[@]} -ge 1 ] || die "--hosts: no host in '$f'"
}
hosts_parse_list() {
    local item
    IFS=, read -r -a items <<<"$1"
    for item in "${items[@]}"; do
        [ -n "$item" ] || die "--host: empty name in '$1'"
        if [[ $item == *:* ]]; then hosts_add "${item%:*}" "${item##*:}"; else hosts_add "$item" 1; fi
    done
}

# hosts_setup NODES_GIVEN: parse the hosts, place the nodes in rank order
# (-n not given: one node per P slots everywhere), choose the segment.
hosts_setup() {
    local nodes_given=$1 i r total=0 cap
    case "$HOSTS_MODE" in
    file) hosts_parse_file "$HOSTS_SPEC" ;;
    list) hosts_parse_list "$HOSTS_SPEC" ;;
    esac
    for ((i = 0; i < ${#HOST_NAME[@]}; i++)); do
        cap=$((HOST_SLOTS[i] / PPN))
        [ "$cap" -ge 1 ] || die "host ${HOST_NAME[i]}: $((HOST_SLOTS[i])) slot(s) hold no node of --ppn $PPN ranks"
        total=$((total + cap))
    done
    [ "$nodes_given" = 1 ] || NODES=$total
    [ "$NODES" -le "$total" ] ||
        die "-n $NODES nodes ($((NODES * PPN)) ranks) but the hosts have slots for $total node(s) of $PPN rank(s)"
    r=0
    for ((i = 0; i < ${#HOST_NAME[@]} && r < NODES; i++)); do
        cap=$((HOST_SLOTS[i] / PPN))
        while [ "$cap" -gt 0 ] && [ $r -lt "$NODES" ]; do NODE_HOST[r]=$i; r=$((r + 1)); cap=$((cap - 1)); done
    done
    [ "$NODES" -le 256 ] || die "-n wants 1..256, the hosts' slots make $NODES"
    [ -n "$LOSS$DUP$DELAY" ] && die "--loss/--dup/--delay are not offered with --hosts (the wirefilters sit on one host's switch)"
    [ -z "${CLUSTER_PCAP:-}" ] || die "CLUSTER_PCAP is not offered with --hosts (the capture would stay on the remote host)"
    [ ${#INS[@]} -eq 0 ] && [ -z "$OUTDIR" ] || die "--in/--out are not offered with --hosts (the input archive and the COM2 output file stay on the launcher's host)"
    command -v "${CLUSTER_SSH%% *}" >/dev/null 2>&1 || command -v ssh >/dev/null ||
        die "ssh missing: run make deps (openssh-client)"
    # One run, one segment: a random group in 239.255.0.0/16 (IPv4 local
    # scope, RFC 2365 sec 6.1) and a random VNI; TTL 1 keeps the multicast
    # on the hosts' own link. CLUSTER_VXVDE replaces the whole URL.
    HOSTS_URL=${CLUSTER_VXVDE:-vxvde://239.255.$((RANDOM % 256)).$((RANDOM % 254 + 1))/port=14789/vni=$((RANDOM * 32 + RANDOM % 32 + 1))}
}

# hosts_preflight: every host that takes a node is reachable, has QEMU and
# OVMF, and gets a private directory; an error here ends the launcher (exit 2)
# before any node starts.
hosts_preflight() {
    local i r used=() out err
    for ((i = 0; i < ${#HOST_NAME[@]}; i++)); do
        for ((r = 0; r < NODES; r++)); do [ "${NODE_HOST[r]}" = "$i" ] && { used[i]=1; break; }; done
        [ -n "${used[i]:-}" ] || continue
        err="$WORK/ssh-check$i.err"
        out=$(hosts_ssh "${HOST_NAME[i]}" "command -v qemu-system-x86_64 >/dev/null || { echo 'no qemu-system-x86_64'; exit 3; }
            test -r $(sq "$OVMF_CODE") || { echo 'no OVMF ($OVMF_CODE)'; exit 3; }
            mktemp -d /tmp/cluster-node.XXXXXX" </dev/null 2>"$err")
        local rc=$?
        if [ $rc = 255 ]; then
            die "host ${HOST_NAME[i]} cannot be reached over ssh: $(tail -n 2 "$err" | tr '\n' ' ')"
        elif [ $rc != 0 ] || [[ $out != /tmp/cluster-node.* ]]; then
            die "host ${HOST_NAME[i]} cannot run a node: ${out:-}$(tail -n 2 "$err" | tr '\n' ' ')"
        fi
        HOST_DIR[i]=$out
    done
}

# hosts_ship: copy the files every node reads (boot image, argv, env, the
# firmware variables template) into each host's directory.
hosts_ship() {
    local i files=(boot.img argv env vars.fd)
    cp "$VARS_SRC" "$WORK/vars.fd"
    for ((i = 0; i < ${#HOST_NAME[@]}; i++)); do
        [ -n "${HOST_DIR[i]:-}" ] || continue
        tar -C "$WORK" -cf - "${files[@]}" |
            hosts_ssh "${HOST_NAME[i]}" "tar -C $(sq "${HOST_DIR[i]}") -xf -" 2>"$WORK/ship$i.err" ||
            die "copying the boot image to ${HOST_NAME[i]} failed: $(tail -n 2 "$WORK/ship$i.err" | tr '\n' ' ')"
    done
}

# hosts_start_node R QEMU-ARGS...: QEMU of node R on its host. Its console
# comes back over ssh into LOGDIR/node<R>.log, its stderr into
# WORK/qemu<R>.out; ssh's exit status is QEMU's (255: ssh lost the host).
# Paths in QEMU-ARGS are relative to the host directory. The remote shell
# kills QEMU when ssh's standard input ends: the launcher holds the other
# end (the lifeline fifo), so a launcher that dies, however, stops its nodes.
hosts_start_node() {
    local r=$1; shift
    local i=${NODE_HOST[r]} d=${HOST_DIR[${NODE_HOST[r]}]} a cmd=""
    for a in "$@"; do cmd+=" $(sq "$a")"; done
    hosts_ssh "${HOST_NAME[i]}" "exec 3<&0; cd $(sq "$d") || exit 1
        cp vars.fd vars$r.fd || exit 1
        qemu-system-x86_64$cmd -serial file:/dev/stdout </dev/null 3<&- &
        q=\$!; echo \$q > qemu$r.pid
        ( cat <&3 >/dev/null 2>&1; kill \$q ) >/dev/null 2>&1 &
        wait \$q; rc=\$?; exit \$rc" <"$WORK/lifeline" >"$LOGDIR/node$r.log" 2>"$WORK/qemu$r.out" 9>&- &
    PIDS[r]=$!
}
hosts_lifeline() {
    mkfifo "$WORK/lifeline" || die "mkfifo failed"
    exec 9<>"$WORK/lifeline"
}

# hosts_cleanup: stop every node on every host and remove the host
# directories; each host gets at most 10 s (a lost host is not waited for).
hosts_cleanup() {
    local i pids=() t
    exec 9>&-
    for ((i = 0; i < ${#HOST_NAME[@]}; i++)); do
        [ -n "${HOST_DIR[i]:-}" ] || continue
        hosts_ssh "${HOST_NAME[i]}" "cd $(sq "${HOST_DIR[i]}") 2>/dev/null || exit 0
            for f in qemu*.pid; do [ -f \"\$f\" ] && kill -TERM \$(cat \"\$f\") 2>/dev/null; done
            sleep 1
            for f in qemu*.pid; do [ -f \"\$f\" ] && kill -KILL \$(cat \"\$f\") 2>/dev/null; done
            cd / && rm -rf $(sq "${HOST_DIR[i]}")" </dev/null >/dev/null 2>&1 9>&- &
        pids+=($!)
    done
    for ((t = 0; t < 100; t++)); do
        local alive=0 p
        for p in "${pids[@]+"${pids[@]}"}"; do kill -0 "$p" 2>/dev/null && alive=1; done
        [ $alive = 0 ] && break
        sleep 0.1
    done
    for p in "${pids[@]+"${pids[@]}"}"; do kill -KILL "$p" 2>/dev/null; done
}

# hosts_url R: node R's plug URL; "%h" in CLUSTER_VXVDE becomes the index of
# its host (0, 1, ... in host-file order), e.g. vde:///run/sw%h for a
# vde_switch per host joined by other means (docs/multihost.md)
hosts_url() { local h=${NODE_HOST[$1]}; echo "${HOSTS_URL//%h/$h}"; }
# hosts_where R: " on HOST" for messages, empty on one host
hosts_where() { [ -n "$HOSTS_MODE" ] && printf ' on %s' "${HOST_NAME[${NODE_HOST[$1]}]}"; }
