#!/bin/bash
# commit_subjects.sh - commit subjects of at most 72 characters (git's own
# convention: `git log --oneline` and e-mail subjects stay on one line), for
# every commit since SUBJECT_BASE (default c801bda, the last commit before the
# rule was adopted; earlier history is left as it is).
cd "$(dirname "$0")/../.." || exit 2
base=${SUBJECT_BASE:-c801bda}
if ! git rev-parse -q --verify "$base^{commit}" >/dev/null 2>&1; then
    echo "ok - commit subjects: $base not in this clone (shallow?) # SKIP"
    exit 0
fi
long=$(git log --format='%h %s' "$base..HEAD" | awk '{ s = substr($0, index($0, " ") + 1); if (length(s) > 72) print length(s) ": " $0 }')
n=$(git rev-list --count "$base..HEAD")
if [ -n "$long" ]; then
    echo "not ok - commit subjects: over 72 characters since $base"
    printf '%s\n' "$long" | sed 's/^/# /'
    exit 1
fi
echo "ok - commit subjects: $n commits since $base, each subject at most 72 characters"
# the check itself: a planted long subject is caught
if awk '{ if (length($0) > 72) exit 1 }' <<<"$(printf 'x%.0s' $(seq 1 73))"; then
    echo "not ok - commit subjects: a 73-character subject went unnoticed"; exit 1
fi
echo "ok - commit subjects: a 73-character subject is caught"
