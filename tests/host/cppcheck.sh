#!/bin/bash
# cppcheck.sh - static analysis of the C code below the applications: kernel,
# mbcf, drivers, libmpi_mbcf and userland/lib, with Debian's cppcheck at the
# "warning" and "portability" levels. Zero findings, or each suppressed in
# tests/host/cppcheck.supp with its reason. Two jobs; a few minutes at most.
cd "$(dirname "$0")/../.." || exit 2
if ! command -v cppcheck >/dev/null; then
    echo "not ok - cppcheck missing (Debian cppcheck; scripts/deps)"
    exit 1
fi
dirs=(kernel mbcf drivers libmpi_mbcf userland/lib)
out=$(cppcheck -q -j2 --enable=warning,portability --std=c11 --platform=unix64 \
          --suppress=missingIncludeSystem --suppressions-list=tests/host/cppcheck.supp \
          --template='{file}:{line}: {severity} ({id}): {message}' "${dirs[@]}" 2>&1)
if [ -z "$out" ]; then
    echo "ok - cppcheck: no findings in ${dirs[*]} ($(grep -c '^[a-zA-Z]' tests/host/cppcheck.supp) justified suppressions)"
else
    printf '%s\n' "$out" | sed 's/^/# /'
    echo "not ok - cppcheck: $(printf '%s\n' "$out" | grep -c ': [a-z]* (') findings in ${dirs[*]}"
    exit 1
fi
