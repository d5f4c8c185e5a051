#!/bin/sh
# test_mpi_allfuncs.sh - the whole MPI-4.0 C function list links: a program
# takes the address of every function of tests/mpi/mpi40_functions.txt
# (generated from a complete implementation's prototypes by
# scripts/mpi40_gen.py, not from our mpi.h; it contains the MPI-3.1 list
# tests/mpi/mpi31_functions.txt, read as well) and of its PMPI_ name, and
# links against libmpi_mbcf (host archive; the guest archive too when built).
# The functions libmpi_mbcf does not implement (those that call
# unsupported() in libmpi_mbcf/api/mpi_unsupported*.c) must each be named in
# docs/mpi.md and, called on one host rank, return
# MPI_ERR_UNSUPPORTED_OPERATION.
cd "$(dirname "$0")/../.." || exit 1
fail=0
ok() { echo "ok - $*"; }
bad() { echo "not ok - $*"; fail=1; }
if ! make -s mpi-host build/host/mbcf-hostrun >/dev/null 2>&1; then
    echo "not ok - build of the host MPI library"; exit 1
fi
[ -f userland/lib/libmbcf/mbcf_guest.c ] && make -s mpi-guest >/dev/null 2>&1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat tests/mpi/mpi31_functions.txt tests/mpi/mpi40_functions.txt | grep -v '^#' | sort -u > "$tmp/all"
n=$(wc -l < "$tmp/all")
grep -ho 'unsupported("MPI_[A-Za-z0-9_]*")' libmpi_mbcf/api/mpi_unsupported*.c |
    sed 's/unsupported("\(.*\)")/\1/' | sort -u > "$tmp/unsup"
nu=$(wc -l < "$tmp/unsup")
# int-returning ones can be called with zero arguments (the stubs ignore them)
grep -hE '^int PMPI_' libmpi_mbcf/api/mpi_unsupported*.c | sed 's/^int P\(MPI_[A-Za-z0-9_]*\)(.*/\1/' |
    sort -u | comm -12 - "$tmp/unsup" > "$tmp/callable"

{
    echo '#include <mpi.h>'
    echo '#include <stdio.h>'
    echo '#include <string.h>'
    echo 'typedef void (*fp)(void);'
    echo 'static const struct { const char *name; fp f, pf; } all[] = {'
    sed 's/.*/    { "&", (fp)\&&, (fp)\&P& },/' "$tmp/all"
    echo '};'
    echo 'typedef int (*anyfn)(long, long, long, long, long, long, long, long, long, long, long, long);'
    echo 'static const struct { const char *name; fp f; } uns[] = {'
    sed 's/.*/    { "&", (fp)\&& },/' "$tmp/callable"
    echo '};'
    cat <<'C'
int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int bad = 0;
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        if (!all[i].f || !all[i].pf) {
            printf("not ok - %s has no address\n", all[i].name);
            bad = 1;
        }
    printf("%s - %d MPI-4.0 functions and their PMPI_ names have addresses\n",
           bad ? "not ok" : "ok", (int)(sizeof all / sizeof all[0]));
    int wrong = 0;
    for (size_t i = 0; i < sizeof uns / sizeof uns[0]; i++) {
        int rc = ((anyfn)uns[i].f)(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
        if (rc != MPI_ERR_UNSUPPORTED_OPERATION) {
            printf("not ok - %s returned %d, not MPI_ERR_UNSUPPORTED_OPERATION\n", uns[i].name, rc);
            wrong = 1;
        }
    }
    printf("%s - %d unimplemented functions return MPI_ERR_UNSUPPORTED_OPERATION\n",
           wrong ? "not ok" : "ok", (int)(sizeof uns / sizeof uns[0]));
    MPI_Finalize();
    return bad || wrong;
}
C
} > "$tmp/allfuncs.c"
lib=build/lib/host/libmpi_mbcf.a
if gcc -std=gnu11 -O0 -Wall -Werror -Wno-cast-function-type -Ilibmpi_mbcf/include -o "$tmp/allfuncs" \
        "$tmp/allfuncs.c" "$lib" build/lib/host/libmbcf.a -lm 2>"$tmp/cc"; then
    ok "all $n MPI-4.0 functions (tests/mpi/mpi40_functions.txt) compile and link (host)"
else
    bad "the MPI-4.0 function list does not compile/link against $lib"
    grep -E 'error|undefined' "$tmp/cc" | head -10 | sed 's/^/# /'
fi
utofu=
[ -f build/lib/guest/libutofu.a ] && utofu=build/lib/guest/libutofu.a
if [ -f build/lib/guest/libmpi_mbcf.a ] && command -v musl-gcc >/dev/null; then
    if musl-gcc -std=gnu11 -O0 -static -Wall -Werror -Wno-cast-function-type \
            -Ilibmpi_mbcf/include -o "$tmp/allfuncs_guest" "$tmp/allfuncs.c" \
            build/lib/guest/libmpi_mbcf.a build/lib/guest/libmbcf.a \
            ${utofu:+"$utofu"} -lm 2>"$tmp/ccg"; then
        ok "all $n MPI-4.0 functions link against the guest archive"
    else
        bad "the MPI-4.0 function list does not link against the guest archive"
        grep -E 'error|undefined' "$tmp/ccg" | head -5 | sed 's/^/# /'
    fi
fi
if [ -x "$tmp/allfuncs" ]; then
    timeout 60 build/host/mbcf-hostrun -n 1 -t 50 "$tmp/allfuncs" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    cat "$tmp/out"
    [ $rc -eq 0 ] && ! grep -q '^not ok' "$tmp/out" || { bad "allfuncs run (exit $rc)"; }
fi
undoc=""
while read -r f; do
    grep -qw -- "${f#MPI_}" docs/mpi.md || undoc="$undoc $f"
done < "$tmp/unsup"
if [ -z "$undoc" ]; then
    ok "docs/mpi.md names each of the $nu unimplemented functions"
else
    bad "docs/mpi.md does not name:$undoc"
fi
exit $fail
