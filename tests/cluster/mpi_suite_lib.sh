# shellcheck shell=bash disable=SC2034
# (SC2034: fail is read by the scripts that source this file)
# mpi_suite_lib.sh - the boot loop of the MPI conformance suites on QEMU
# (sourced by mpi_conformance.sh and mpi_surface.sh, not run): the suite
# executable build/mpi-tests/guest/mpi_suite (all tests/mpi programs, or the
# ones named in its argument) on a cluster, one TAP line per program, the
# failing checks as comments.
#   suite_prepare          builds the suite; exits the test when it cannot
#   suite_run LABEL NODES TIMEOUT "PROGRAMS" "REQUIRED" [cluster options...]
#       PROGRAMS: the suite's argument ("" = all programs); REQUIRED: programs
#       whose absence from the log is a failure. Sets fail=1 on a failure;
#       keeps the node logs only then (the line names the directory).
#   suite_tap LABEL        the suite's output (stdin) as one TAP line per
#                          program: "ok - LABEL prog (N checks)" or not ok
#                          with the failing checks as comments
SUITE=build/mpi-tests/guest/mpi_suite
fail=0
suite_tap() {
    awk -v label="$1" '
        /^# [a-z_0-9]+$/ { if (prog != "") report(); prog = $2; okc = 0; bad = 0; lines = ""; next }
        /^ok [0-9]+ - /     { okc++; next }
        /^not ok [0-9]+ - / { bad++; lines = lines "# " $0 "\n"; next }
        function report() {
            if (bad == 0 && okc > 0) printf "ok - %s %s (%d checks)\n", label, prog, okc
            else { printf "not ok - %s %s (%d ok, %d not ok)\n", label, prog, okc, bad; printf "%s", lines }
        }
        END { if (prog != "") report() }'
}
suite_prepare() {
    if [ ! -f userland/lib/libmbcf/mbcf_guest.c ]; then
        echo "not ok - guest MBCF library not available"
        exit 1
    fi
    make -s mpi-guest >/dev/null 2>&1
    if [ ! -x "$SUITE" ]; then
        echo "not ok - build of $SUITE failed"
        exit 1
    fi
}
suite_run() {
    local label=$1 n=$2 timeout=$3 progs=$4 required=$5; shift 5
    local dir; dir=$(mktemp -d "${TMPDIR:-/tmp}"/mpi_suite.XXXXXX)
    local args=(); [ -n "$progs" ] && args=("$progs")
    scripts/qemu/cluster -n "$n" --timeout "$timeout" --quiet --log-dir "$dir" "$@" \
        "$SUITE" "${args[@]+"${args[@]}"}" >/dev/null 2>&1
    local rc=$?
    local log=$dir/node0.log
    suite_tap "$label" <"$log"
    local bad=0
    grep -q '^not ok' "$log" && bad=1
    local p
    for p in $required; do
        grep -q "^# $p\$" "$log" || { echo "not ok - $label: program $p did not run"; bad=1; }
    done
    if [ "$rc" -eq 0 ] && grep -q '^1\.\.[0-9]' "$log"; then
        echo "ok - $label: all $n nodes exited 0"
    else
        echo "not ok - $label: cluster exit $rc"
        bad=1
    fi
    grep -h '^mpi_mbcf_stats' "$dir"/node*.log | sed 's/^/# /'
    if [ $bad = 1 ]; then
        echo "# logs in $dir"
        fail=1
    else
        rm -rf "$dir"
    fi
}
