#!/bin/bash
# tests/host/shellcheck.sh - every shell script in the tree (tracked files whose first
# line is a sh/bash shebang, the .sh helpers sourced by tests included) is
# clean under the shellcheck linter at severity "warning". One TAP line per script.
cd "$(dirname "$0")/../.." || exit 1
if ! command -v shellcheck >/dev/null; then
    echo "not ok - shellcheck is not installed (scripts/deps installs it)"
    exit 1
fi
fail=0
while IFS= read -r f; do
    case $f in
        *.sh) ;;
        *) head -n 1 "$f" | grep -q -E '^#!(/usr)?/bin/(env )?(ba)?sh' || continue ;;
    esac
    if out=$(shellcheck -x -S warning "$f" 2>&1); then
        echo "ok - shellcheck $f"
    else
        echo "not ok - shellcheck $f"
        echo "$out" | head -n 20 | sed 's/^/# /'
        fail=1
    fi
done < <(git ls-files | grep -v -E '\.(c|h|S|mk|md|txt|csv|png|gp|json)$|^Makefile$')
exit $fail
