# shellcheck shell=bash
# mbcf_lib.sh - helper for the MBCF cluster tests (sourced, not run).
# run NAME NODES [cluster options...] -- mbcftest-args...: boots NODES nodes
# running mbcftest, prints every node's "ok/not ok" lines prefixed with NAME,
# one line for the whole boot (exit status and PASSED on every node), and the
# nodes' MBCF counters as comments.
run() {
    local name=$1 n=$2; shift 2
    local opts=() dir; dir=$(mktemp -d "${TMPDIR:-/tmp}"/mbcftest.XXXXXX)
    while [ "$1" != "--" ]; do opts+=("$1"); shift; done; shift
    scripts/qemu/cluster -n "$n" --timeout 500 --quiet --log-dir "$dir" "${opts[@]}" mbcftest "$@" >/dev/null 2>&1
    local rc=$?
    for r in $(seq 0 $((n - 1))); do
        grep -h '^\(not \)\?ok - ' "$dir/node$r.log" 2>/dev/null | sed "s/^\(\(not \)\?ok\) - /\1 - $name: /"
    done
    local pass; pass=$(grep -l "PASSED" "$dir"/node*.log 2>/dev/null | wc -l)
    if [ "$rc" -eq 0 ] && [ "$pass" -eq "$n" ]; then echo "ok - $name: all $n nodes passed"
    else echo "not ok - $name: cluster exit $rc, $pass of $n nodes passed (logs in $dir)"; fi
    grep -h "mbcf stats" "$dir"/node*.log | sed 's/^/# /'
}
