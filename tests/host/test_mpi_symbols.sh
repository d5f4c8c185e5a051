#!/bin/sh
# test_mpi_symbols.sh - what libmpi_mbcf exports (libmpi_mbcf/params/mpi_export.h):
#  - the archives (host and, when built, guest) define as global symbols only
#    MPI_* (weak) and PMPI_* (strong), one pair per function mpi.h declares,
#    and mpi.h declares a PMPI_ prototype for every MPI_ one;
#  - internals are local: a program defining pml_progress, req_new_grow, comm_free_all,
#    chan_send, mpi_err, btl_init and mpi_world_rank itself links and runs
#    (tests/host/mpi_own_names.c);
#  - a profiling tool (tests/host/mpi_pmpi_tool.c: its own MPI_Init/Send/
#    Recv/Wait forwarding to PMPI_) gets correct data and counts only the
#    program's calls; the same program on Debian's MPICH validates the test.
cd "$(dirname "$0")/../.." || exit 1
fail=0
ok() { echo "ok - $*"; }
bad() { echo "not ok - $*"; fail=1; }
if ! make -s mpi-host build/host/mbcf-hostrun >/dev/null 2>&1; then
    echo "not ok - build of the host MPI library"; exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# ---- the export list ----
grep -v '^typedef' libmpi_mbcf/include/mpi.h |
    sed -n 's/^[A-Za-z_][A-Za-z_ ]*[ *]\(P\{0,1\}MPI_[A-Za-z0-9_]*\)(.*/\1/p' | sort > "$tmp/decl"
grep '^MPI_' "$tmp/decl" > "$tmp/decl_mpi"
grep '^PMPI_' "$tmp/decl" | sed 's/^P//' > "$tmp/decl_pmpi"
nd=$(wc -l < "$tmp/decl_mpi")
if [ "$nd" -gt 200 ] && cmp -s "$tmp/decl_mpi" "$tmp/decl_pmpi"; then
    ok "mpi.h declares a PMPI_ prototype for each of its $nd MPI_ functions"
else
    bad "mpi.h: MPI_ and PMPI_ prototypes differ ($nd MPI_)"
    diff "$tmp/decl_mpi" "$tmp/decl_pmpi" | head -10 | sed 's/^/# /'
fi
for lib in build/lib/host/libmpi_mbcf.a build/lib/guest/libmpi_mbcf.a; do
    [ -f "$lib" ] || continue
    nm "$lib" | awk 'NF == 3 && $2 ~ /^[A-Z]$/ && $2 != "U" { print $2, $3 }' |
        sort -k2 > "$tmp/glob"
    # and the extensions: MPIX_Ult_register, and what <mpix_mbcf.h> declares (MPIX_Mbcf_*)
    mpix=$(sed -n 's/^[A-Za-z_][A-Za-z_ ]*[ *]\(MPIX_[A-Za-z0-9_]*\)(.*/\1/p' libmpi_mbcf/include/mpix_mbcf.h |
           paste -sd'|')
    other=$(grep -v ' P\{0,1\}MPI_\| MPIX_Ult_register$' "$tmp/glob" | grep -Ev " (${mpix:-MPIX_none})\$" |
            head -5 | tr '\n' ' ')
    if [ -z "$other" ]; then ok "$lib: only MPI_*/PMPI_* (and the MPIX_ extensions) are global"
    else bad "$lib: internal symbols are global: $other"; fi
    awk '$2 ~ /^MPI_/ { print $2 }' "$tmp/glob" > "$tmp/def_mpi"
    awk '$1 == "T" && $2 ~ /^PMPI_/ { sub(/^P/, "", $2); print $2 }' "$tmp/glob" \
        > "$tmp/def_pmpi"
    notweak=$(awk '$2 ~ /^MPI_/ && $1 != "W" { print $2 }' "$tmp/glob" | head -5 | tr '\n' ' ')
    if cmp -s "$tmp/def_mpi" "$tmp/decl_mpi" && cmp -s "$tmp/def_pmpi" "$tmp/decl_mpi" &&
       [ -z "$notweak" ]; then
        ok "$lib: every declared function is a strong PMPI_ and a weak MPI_ symbol ($nd)"
    else
        bad "$lib: MPI_/PMPI_ definitions differ from mpi.h (not weak: $notweak)"
        diff "$tmp/decl_mpi" "$tmp/def_mpi" | head -5 | sed 's/^/# MPI_: /'
        diff "$tmp/decl_mpi" "$tmp/def_pmpi" | head -5 | sed 's/^/# PMPI_: /'
    fi
done

# ---- internal names stay inside ----
lib=build/lib/host/libmpi_mbcf.a
missing=""
for s in pml_progress req_new_grow comm_free_all chan_send mpi_err btl_init mpi_world_rank; do
    nm "$lib" | grep -q " [tbdr] $s\$" || missing="$missing $s"
done
if [ -z "$missing" ]; then
    ok "the internal names the next test reuses are local symbols of $lib"
else
    bad "not local symbols of $lib:$missing"
fi

run_prog() {   # label, nprocs, binary
    timeout 120 build/host/mbcf-hostrun -n "$2" -t 100 "$3" >"$tmp/out" 2>&1
    rc=$?
    okc=$(grep -c '^ok ' "$tmp/out"); notok=$(grep -c '^not ok' "$tmp/out")
    if [ $rc -eq 0 ] && [ "$notok" -eq 0 ] && [ "$okc" -gt 0 ]; then
        ok "$1 ($okc checks)"
    else
        bad "$1 (exit $rc, $okc ok, $notok not ok)"
        grep -v '^ok ' "$tmp/out" | head -10 | sed 's/^/# /'
    fi
}
cc_ours() {   # output, source: against the host archives
    gcc -std=gnu11 -O2 -Wall -Wextra -Werror -Ilibmpi_mbcf/include -Itests/mpi -o "$1" "$2" \
        tests/mpi/tap.c "$lib" build/lib/host/libmbcf.a -lm 2>"$tmp/cc"
}
if cc_ours "$tmp/own_names" tests/host/mpi_own_names.c; then
    ok "a program defining internal names of the library links against it"
    run_prog "own names np=2: the program's definitions and MPI both work" 2 "$tmp/own_names"
else
    bad "a program defining internal names of the library links against it"
    head -10 "$tmp/cc" | sed 's/^/# /'
fi

# ---- profiling interface ----
if cc_ours "$tmp/tool" tests/host/mpi_pmpi_tool.c; then
    for n in 1 2 3 4; do
        run_prog "PMPI tool np=$n: correct data, counts only the program's calls" $n "$tmp/tool"
    done
else
    bad "PMPI tool program builds against libmpi_mbcf"; head -10 "$tmp/cc" | sed 's/^/# /'
fi
if command -v mpicc.mpich >/dev/null && command -v mpirun.mpich >/dev/null; then
    if mpicc.mpich -std=gnu11 -O2 -Wall -Wextra -Werror -Itests/mpi -o "$tmp/tool_mpich" \
           tests/host/mpi_pmpi_tool.c tests/mpi/tap.c 2>"$tmp/cc"; then
        timeout 120 mpirun.mpich -n 3 "$tmp/tool_mpich" >"$tmp/out" 2>&1
        rc=$?; notok=$(grep -c '^not ok' "$tmp/out")
        if [ $rc -eq 0 ] && [ "$notok" -eq 0 ]; then
            ok "PMPI tool np=3 on MPICH (validates the test)"
        else
            bad "PMPI tool np=3 on MPICH (exit $rc)"
            grep -v '^ok ' "$tmp/out" | head -5 | sed 's/^/# /'
        fi
    else
        bad "PMPI tool program builds against MPICH"; head -5 "$tmp/cc" | sed 's/^/# /'
    fi
fi
exit $fail
