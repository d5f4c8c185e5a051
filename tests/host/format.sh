#!/bin/bash
# format.sh - the C lines this branch changed follow .clang-format, what
# `git clang-format --diff $(git merge-base HEAD main)` checks, on the
# working tree's *.c and *.h but generated *_gen.c files (FORMAT_BASE
# overrides the base). Lines nobody
# touched are not checked (the tree is not reformatted wholesale), so on main
# itself, or with nothing changed, the check passes trivially.
cd "$(dirname "$0")/../.." || exit 2
if ! git clang-format -h >/dev/null 2>&1; then
    echo "not ok - format: git clang-format missing (Debian clang-format; scripts/deps)"
    exit 1
fi
base=${FORMAT_BASE:-$(git merge-base HEAD main 2>/dev/null)}
if [ -z "$base" ]; then
    echo "ok - format: no branch main to compare with # SKIP"
    exit 0
fi
# `git clang-format` diffs without rename detection, so a moved file would
# count as all new lines: the changed line ranges come from one
# `git diff -M` instead, and clang-format --lines checks just those.
ranges=$(git diff -M -U0 "$base" -- '*.c' '*.h' | awk '
    /^\+\+\+ / { f = substr($2, 3); next }
    /^@@ / { split($3, a, ","); c = (a[2] == "") ? 1 : a[2]
             if (c > 0 && f != "dev/null") r[f] = r[f] sprintf(" --lines=%d:%d", substr(a[1], 2), substr(a[1], 2) + c - 1) }
    END { for (f in r) print f r[f] }')
if [ -z "$ranges" ]; then
    echo "ok - format: no C line changed since $(git rev-parse --short "$base")"
    exit 0
fi
norm() { sed -E 's#([^[:space:]])[[:space:]]+(/\*|//)#\1 \2#'; }
bad=0 n=0
while read -r f lines; do
    [ -f "$f" ] || continue
    case $f in *_gen.c) continue ;; esac   # generated (scripts/*gen*.py): the generator's layout
    n=$((n + 1))
    # the code's own habit that clang-format 14 cannot express (.clang-format):
    # any run of blanks before a trailing comment is accepted
    # shellcheck disable=SC2086
    out=$(diff -u <(norm <"$f") <(clang-format --style=file $lines "$f" | norm))
    if [ -n "$out" ]; then
        bad=$((bad + 1))
        echo "not ok - format: $f (changed lines differ from .clang-format)"
        printf '%s\n' "$out" | head -n 20 | sed 's/^/# /'
    fi
done <<<"$ranges"
[ "$bad" = 0 ] && echo "ok - format: the changed lines of $n C files since $(git rev-parse --short "$base") follow .clang-format"
[ "$bad" = 0 ]
