# shellcheck shell=bash
# net_lib.sh - helper for the raw-network cluster tests (sourced, not run).
# net_run NAME MIN_OK WHO [cluster options...] -- nettest-args...: boots the
# cluster running tests/guest/nettest with its node logs in $LOG, prints every
# node's TAP lines, then "ok - NAME: WHO exited 0" (or the launcher's status
# and its last lines) and whether at least MIN_OK results were reported.
# The caller removes $LOG when done with it.
net_run() {
    local name=$1 min=$2 who=$3; shift 3
    local opts=()
    while [ "$1" != "--" ]; do opts+=("$1"); shift; done; shift
    LOG=$(mktemp -d "${TMPDIR:-/tmp}/$name.XXXXXX")
    scripts/qemu/cluster --quiet --log-dir "$LOG" "${opts[@]}" nettest "$@" >"$LOG/out" 2>&1
    local rc=$? lines n
    lines=$(cat "$LOG"/node*.log | tr -d '\r' | grep -a -E '^(not )?ok - ')
    echo "$lines"
    if [ $rc = 0 ]; then
        echo "ok - $name: $who exited 0"
    else
        echo "not ok - $name: cluster exit status $rc"
        tail -n 5 "$LOG/out" | sed 's/^/# /'
    fi
    n=$(echo "$lines" | grep -c '^ok - ')
    if [ "$n" -ge "$min" ]; then
        echo "ok - $name: $n results reported"
    else
        echo "not ok - $name: only $n of $min results reported"
    fi
}
