#!/usr/bin/env bash
# Static analysis: cppcheck over the whole tree (fast), and clang-tidy (bugprone and
# performance checks) over the directories given (default: model; the whole tree takes
# several minutes on 2 cores). Needs a configured build/ for compile_commands.json.
set -euo pipefail
cd "$(dirname "$0")/.."
cppcheck --quiet --error-exitcode=1 --enable=warning,performance,portability --inline-suppr --suppress=missingIncludeSystem \
    --std=c++20 --library=qt -I model -I generators -I runner -I canvas -I app model generators runner canvas app
echo "cppcheck: no findings"
dirs=("${@:-model}")
files=()
for d in "${dirs[@]}"; do
    files+=("$d"/*.cpp)
done
out=$(clang-tidy -p build --quiet \
    --checks='-*,bugprone-*,performance-*,-bugprone-easily-swappable-parameters,-bugprone-narrowing-conversions,-performance-unnecessary-value-param' \
    "${files[@]}" 2>/dev/null | grep -E '^/.*(warning|error):' | sort -u || true)
if [ -n "$out" ]; then
    echo "$out"
    exit 1
fi
echo "clang-tidy: no findings in ${dirs[*]}"
