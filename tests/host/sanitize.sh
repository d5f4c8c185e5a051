#!/bin/bash
# sanitize.sh - the host test tier built with AddressSanitizer and
# UndefinedBehaviorSanitizer (gcc, -fno-sanitize-recover: the first error
# fails the run): every host unit test (the HOST_TESTS list, cmocka) and the
# host MPI suite on 4 ranks over the host MBCF backend. Builds into
# build/asan/ (the normal build is untouched). One TAP line per test binary,
# one for the MPI suite. Leak checking (LeakSanitizer) is on for both: every
# rank of the MPI suite ends with nothing of libmpi_mbcf left allocated
# (btl_fini frees the channel entries at MPI_Finalize).
cd "$(dirname "$0")/../.." || exit 1
B=build/asan
SAN_CC="${HOSTCC:-gcc} -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all"
MK=(make --no-print-directory -s BUILD="$B" HOSTCC="$SAN_CC")
tests=$("${MK[@]}" print-host-tests 2>/dev/null)
if [ -z "$tests" ]; then
    echo "not ok - sanitize: no host test list (make print-host-tests)"
    exit 1
fi
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# shellcheck disable=SC2086  # $tests is a list of paths
if ! "${MK[@]}" -j2 $tests "$B/host/mbcf-hostrun" "$B/mpi-tests/host/mpi_suite" >"$log" 2>&1; then
    echo "not ok - sanitize: build with ASan+UBSan"
    tail -n 20 "$log" | sed 's/^/# /'
    exit 1
fi
fail=0
for t in $tests; do
    name=$(basename "$t")
    if CMOCKA_MESSAGE_OUTPUT=TAP ASAN_OPTIONS=abort_on_error=0 timeout 600 "$t" >"$log" 2>&1 &&
       ! grep -q -E 'ERROR: (Address|Leak)Sanitizer|runtime error:' "$log"; then
        echo "ok - asan+ubsan $name ($(grep -c '^ok ' "$log") checks)"
    else
        echo "not ok - asan+ubsan $name"
        grep -E -A8 'Sanitizer|runtime error:|^not ok' "$log" | head -20 | sed 's/^/# /'
        fail=1
    fi
done
if ASAN_OPTIONS=detect_leaks=1 timeout 600 "$B/host/mbcf-hostrun" -n 4 -t 500 \
        "$B/mpi-tests/host/mpi_suite" >"$log" 2>&1 &&
   ! grep -q -E '^not ok|Sanitizer|runtime error:' "$log"; then
    echo "ok - asan+ubsan mpi_suite on 4 host ranks ($(grep -c '^ok ' "$log") checks)"
else
    echo "not ok - asan+ubsan mpi_suite on 4 host ranks"
    grep -v '^ok ' "$log" | grep -v '^#' | head -20 | sed 's/^/# /'
    fail=1
fi
exit $fail
