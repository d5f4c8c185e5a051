#!/bin/bash
# net_wire.sh - the tap wire (scripts/qemu/cluster_wire.sh, docs/wire.md): 2
# nodes on a kernel bridge in a private network namespace with 5% loss per
# link (nftables): nettest's lossy exchange sees about 1-(0.95)^2 = 9.75% of
# its frames lost and still completes. Then a run stopped by its timeout and
# one stopped by SIGTERM (the launcher's Ctrl-C trap) leave no QEMU and no
# namespace holder behind.
cd "$(dirname "$0")/../.." || exit 1
. tests/cluster/kernel_lib.sh
# the process holding the run's namespace ("$LOGDIR/wire": WIRE PID) is gone
holder_gone() {
    local pid
    pid=$(awk '{ print $2 }' "$L/$1/wire" 2>/dev/null)
    [[ $pid =~ ^[0-9]+$ ]] || return 1
    for _ in 1 2 3 4 5 6 7 8 9 10; do kill -0 "$pid" 2>/dev/null || return 0; sleep 0.3; done
    return 1
}

boot loss -n 2 --wire tap --loss 5 nettest loss
check "tap, 5% loss: both nodes exited 0 (got $RC)" [ "$RC" = 0 ] || show_failure loss
check "tap, 5% loss: the run took the tap wire" grep -q '^tap [0-9]' "$L/loss/wire"
# "losses are visible: 359/400 arrived (10.2% lost)": two links of 5% each
pct=$(tr -d '\r' <"$L/loss/node0.log" | sed -n 's/.*losses are visible: .*(\([0-9.]*\)% lost).*/\1/p')
check "tap, 5% loss: ${pct:-no}% of the frames lost (3-20% expected)" \
    awk -v p="${pct:-x}" 'BEGIN { exit !(p ~ /^[0-9.]+$/ && p >= 3 && p <= 20) }'
check "tap, 5% loss: every retried exchange completed" log_has loss 'echoes completed'
check "tap, 5% loss: namespace holder gone" holder_gone loss

BOOT_TIMEOUT=3 boot timeout -n 2 --wire tap nettest loss
check "tap, timeout: exit status 124 (got $RC)" [ "$RC" = 124 ] || show_failure timeout
check "tap, timeout: no QEMU left" no_strays timeout
check "tap, timeout: namespace holder gone" holder_gone timeout

mkdir -p "$L/term"
scripts/qemu/cluster --quiet --timeout 120 --log-dir "$L/term" --wire tap -n 2 nettest loss \
    >"$L/term/out" 2>&1 &
pid=$!
for _ in $(seq 50); do [ -s "$L/term/node1.log" ] && break; sleep 0.2; done
kill -TERM "$pid"
wait "$pid"
RC=$?
check "tap, SIGTERM: exit status 130 (got $RC)" [ "$RC" = 130 ] || show_failure term
check "tap, SIGTERM: no QEMU left" no_strays term
check "tap, SIGTERM: namespace holder gone" holder_gone term
