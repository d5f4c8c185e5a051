# shellcheck shell=bash
# kernel_lib.sh - helpers for the kernel's cluster tests (sourced, not run).
# boot NAME ARGS...: runs scripts/qemu/cluster with a log dir $L/NAME, leaves
# the exit status in $RC, the launcher's output in $L/NAME/out.
L=$(mktemp -d "${TMPDIR:-/tmp}"/ktest.XXXXXX)
trap 'rm -rf "$L"' EXIT
boot() {
    local name=$1; shift
    mkdir -p "$L/$name"
    scripts/qemu/cluster --quiet --timeout "${BOOT_TIMEOUT:-240}" --log-dir "$L/$name" "$@" >"$L/$name/out" 2>&1
    RC=$?
}
# check COND-as-command DESCRIPTION
check() {
    local what=$1; shift
    if "$@"; then echo "ok - $what"; else echo "not ok - $what"; return 1; fi
}
log_has() { grep -a -q -- "$2" "$L/$1/node${3:-0}.log" 2>/dev/null; }
out_has() { grep -a -q -- "$2" "$L/$1/out" 2>/dev/null; }
# No QEMU, vde_switch or wirefilter of that run is left (their command lines
# name the run's private work directory).
no_strays() {
    local w
    w=$(cat "$L/$1/workdir" 2>/dev/null) || return 1
    sleep 0.5
    ! pgrep -f -- "$w" >/dev/null
}
show_failure() { echo "# exit status $RC"; tail -n 12 "$L/$1/out" | sed 's/^/# /'; }
